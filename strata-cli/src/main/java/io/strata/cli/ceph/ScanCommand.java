package io.strata.cli.ceph;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.HdfsConnection;
import io.strata.core.config.ByteSize;
import io.strata.core.config.ConfigException;
import io.strata.inplace.ceph.LocalCephCluster;
import io.strata.inplace.fs.CephConnections;
import io.strata.inplace.fs.InPlaceKeys;
import io.strata.inplace.gif.GifHeader;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.scan.CephUri;
import io.strata.inplace.scan.GifScanner;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code strata scan ceph://POOL[/PREFIX]}: write the Global Information File of the objects into HDFS. */
@Command(name = "scan", mixinStandardHelpOptions = true,
    description = {"Scan a Ceph pool (optionally only the objects under a prefix) and write its Global Information",
        "File (GIF) into HDFS as an ordinary file: per object the file name, a pre-calculated block name, the CRUSH",
        "hosts of its replicas (primary first), its absolute path (ceph://POOL/OBJECT) and its size (format:",
        "docs/gif-format.md). Run it again to pick up new, changed and deleted objects: the new GIF is written",
        "beside the old one and renamed over it, so readers always see a whole GIF. Hadoop then reads the objects",
        "in place as cephgif://POOL/OBJECT."})
public final class ScanCommand implements Callable<Integer> {
  @Parameters(paramLabel = "ceph://POOL[/PREFIX]", description = "the pool, and a prefix of object names to keep")
  String target;

  @Option(names = "--out", paramLabel = "PATH",
      description = "where to write the GIF (default: strata.gif.dir/POOL.gif, i.e. /strata/gif/POOL.gif)")
  String out;

  @Option(names = "--ceph-conf", paramLabel = "FILE",
      description = "the Ceph cluster's ceph.conf (default: strata.ceph.conf.file, $CEPH_CONF, ./strata-ceph/ceph.conf"
          + " or /etc/ceph/ceph.conf)")
  Path cephConf;

  @Option(names = "--ceph-user", paramLabel = "ID", description = "Ceph client id (default: strata.ceph.user or admin)")
  String cephUser;

  @Option(names = "--conf", paramLabel = "DIR",
      description = "Hadoop client configuration directory (default: $HADOOP_CONF_DIR)")
  Path confDir;

  @Option(names = "--fs", paramLabel = "URI",
      description = "file system for the GIF, e.g. hdfs://nn:8020 (overrides the configuration)")
  String fsUri;

  @Option(names = "--json", description = "print the outcome as one JSON object")
  boolean json;

  @Override
  public Integer call() throws Exception {
    CephUri what = CephUri.parse(target);
    Configuration conf = HdfsConnection.configuration(HdfsConnection.configDir(confDir), fsUri);
    applyCephOptions(conf, cephConf, cephUser);
    String outPath = out != null ? out : InPlaceKeys.gifPath(conf, what.pool());
    org.apache.hadoop.fs.Path gif = new org.apache.hadoop.fs.Path(outPath);
    FileSystem fs = gif.getFileSystem(conf);
    GifScanner.Registered registered;
    try (RadosCluster cluster = RadosCluster.connect(CephConnections.clientConfig(conf))) {
      registered = GifScanner.scanAndWrite(cluster, what, fs, gif, Clock.systemUTC());
    } catch (IllegalArgumentException e) {
      throw new ConfigException(e.getMessage());
    }
    GifScanner.Result result = registered.result();
    GifHeader header = result.gif().header();
    double seconds = registered.totalMillis() / 1000.0;
    long objects = header.objects();
    if (json) {
      ObjectNode node = new ObjectMapper().createObjectNode();
      node.put("gif", registered.gifPath().toString());
      node.put("pool", header.pool());
      node.put("prefix", header.prefix());
      node.put("objects", objects);
      node.put("bytes", header.bytes());
      node.put("skipped", header.skipped());
      node.put("osdmapEpoch", header.osdmapEpoch());
      node.put("totalMillis", registered.totalMillis());
      node.put("listMillis", result.timings().listMillis());
      node.put("statMillis", result.timings().statMillis());
      node.put("placementMillis", result.timings().placementMillis());
      node.put("writeMillis", registered.writeMillis());
      if (result.diff().againstPrevious()) {
        node.putObject("changes").put("added", result.diff().added()).put("changed", result.diff().changed())
            .put("removed", result.diff().removed()).put("unchanged", result.diff().unchanged());
      }
      System.out.println(node);
      return 0;
    }
    System.out.printf(
        "Scanned %s (pool id %d, %d replicas, OSD map epoch %d): %d objects, %s in %.2f s (%.0f objects/s)%n",
        what, header.poolId(), header.replication(), header.osdmapEpoch(), objects, ByteSize.format(header.bytes()),
        seconds, seconds > 0 ? objects / seconds : 0);
    System.out.printf("  list %d ms, stat %d ms, placement %d ms, GIF write %d ms%n", result.timings().listMillis(),
        result.timings().statMillis(), result.timings().placementMillis(), registered.writeMillis());
    if (registered.previousProblem() != null) {
      System.out.println("  note: " + registered.previousProblem());
    }
    if (result.diff().againstPrevious()) {
      GifScanner.Diff diff = result.diff();
      System.out.printf("  since the previous GIF: %d new, %d changed, %d deleted, %d unchanged%n", diff.added(),
          diff.changed(), diff.removed(), diff.unchanged());
      diff.examples().forEach(e -> System.out.println("    " + e));
    }
    if (!result.skipped().isEmpty()) {
      System.out.printf("  skipped %d objects whose names cannot be Hadoop paths (they stay invisible to Hadoop):%n",
          result.skipped().size());
      result.skipped().stream().limit(10).forEach(s -> System.out.println("    " + s));
    }
    System.out.printf("GIF: %s%n", registered.gifPath());
    System.out.printf(
        "Read in place: cephgif://%s/ (Hadoop keys fs.cephgif.impl=io.strata.inplace.fs.CephGifFileSystem,"
            + " %s=%s)%n",
        what.pool(), InPlaceKeys.CEPH_CONF_FILE, conf.get(InPlaceKeys.CEPH_CONF_FILE, "<your ceph.conf>"));
    return 0;
  }

  /** Where the Ceph cluster is: the option, the Hadoop key, $CEPH_CONF, then `strata ceph up`'s default dir. */
  static void applyCephOptions(Configuration conf, Path cephConf, String cephUser) {
    if (cephConf != null) {
      if (!Files.isRegularFile(cephConf)) {
        throw new ConfigException("--ceph-conf: no such file " + cephConf);
      }
      conf.set(InPlaceKeys.CEPH_CONF_FILE, cephConf.toAbsolutePath().toString());
    } else if (conf.get(InPlaceKeys.CEPH_CONF_FILE) == null && conf.get(InPlaceKeys.CEPH_MON_HOST) == null) {
      String env = System.getenv("CEPH_CONF");
      Path local = Path.of(CephDir.DEFAULT, LocalCephCluster.CONF_FILE);
      if (env != null && !env.isBlank()) {
        conf.set(InPlaceKeys.CEPH_CONF_FILE, env);
      } else if (Files.isRegularFile(local)) {
        conf.set(InPlaceKeys.CEPH_CONF_FILE, local.toAbsolutePath().toString());
      }
    }
    if (cephUser != null) {
      conf.set(InPlaceKeys.CEPH_USER, cephUser);
    }
    // The scan reads no object data, so there is no replica to choose.
    conf.setBoolean(InPlaceKeys.LOCALIZE_READS, false);
  }
}
