package io.strata.cli.autotier;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.bench.autotier.AutotierImpactBenchmark;
import io.strata.cli.StrataCli;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.PluginConf;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The embedded aptstore preset as the auto-tiering tests run it: Strata's plugin configuration (which has the
 * NameNode log caller contexts), the NameNode's audit log in {@code DIR/hdfs-audit.log}, 1 MiB blocks, and the
 * client configuration written to {@code DIR}, so that {@code strata ... --conf DIR} reaches it.
 */
final class AptstoreCluster implements AutoCloseable {
  static final int MIB = 1 << 20;

  final ClusterChoice.Loaded preset;
  final EmbeddedCluster cluster;
  final DistributedFileSystem fs;
  final Path dir;
  final Path audit;

  private AptstoreCluster(ClusterChoice.Loaded preset, EmbeddedCluster cluster, Path dir, Path audit)
      throws Exception {
    this.preset = preset;
    this.cluster = cluster;
    this.fs = cluster.fileSystem();
    this.dir = dir;
    this.audit = audit;
  }

  static AptstoreCluster start(Path dir) throws Exception {
    return start(dir, new ClusterChoice().load("aptstore"), Map.of());
  }

  /** The aptstore preset with these Hadoop settings added to the cluster's configuration. */
  static AptstoreCluster startWithConf(Path dir, Map<String, String> conf) throws Exception {
    return start(dir, new ClusterChoice().load("aptstore"), conf);
  }

  /** The aptstore preset with each filer share of {@code filerCapacity} (e.g. {@code 512KiB}) instead of 16 GiB. */
  static AptstoreCluster startWithFilerShares(Path dir, String filerCapacity) throws Exception {
    String text = new ClusterChoice().load("aptstore").text()
        .replace("{device: nas-filer, capacity: 16GiB}", "{device: nas-filer, capacity: " + filerCapacity + "}");
    if (!text.contains("capacity: " + filerCapacity)) {
      throw new IllegalStateException("the aptstore preset no longer lists 16 GiB filer shares");
    }
    return start(dir, new ClusterChoice.Loaded(SpecParser.parse("aptstore, filer shares of " + filerCapacity, text),
        text), Map.of());
  }

  private static AptstoreCluster start(Path dir, ClusterChoice.Loaded aptstore, Map<String, String> conf)
      throws Exception {
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(PluginConf.forSpec(dir, aptstore, null))
        .withConf(conf);
    EmbeddedCluster cluster = EmbeddedCluster.start(aptstore.spec(), options);
    try {
      ClientConfigWriter.write(cluster, dir, aptstore.text());
      return new AptstoreCluster(aptstore, cluster, dir, audit);
    } catch (Exception | Error e) {
      cluster.close();
      throw e;
    }
  }

  /** Writes {@code data} as a new file with three replicas. */
  void write(String path, byte[] data) throws Exception {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
      out.write(data);
    }
  }

  /**
   * The file's blocks, from a listing: the NameNode audits {@code getFileBlockLocations} as a read of the file,
   * which would make it look popular to the daemon, but not a listing.
   */
  BlockLocation[] listedBlocks(String path) throws IOException {
    return fs.listLocatedStatus(new org.apache.hadoop.fs.Path(path)).next().getBlockLocations();
  }

  /** Per block, how many of its replicas are of {@code type} (from {@link #listedBlocks}). */
  List<Integer> replicasOf(String path, StorageType type) throws IOException {
    List<Integer> counts = new ArrayList<>();
    for (BlockLocation block : listedBlocks(path)) {
      counts.add((int) Arrays.stream(block.getStorageTypes()).filter(type::equals).count());
    }
    return counts;
  }

  /** True when every block of the file has one replica, on the filer (ARCHIVE), and no other. */
  boolean onOneFilerReplica(String path) {
    try {
      return AutotierImpactBenchmark.onOneFilerReplica(fs, new org.apache.hadoop.fs.Path(path));
    } catch (IOException e) {
      return false;
    }
  }

  /** Opens the file and reads a byte, {@code times} times: each open is one read in the audit log. */
  void read(String path, int times) throws Exception {
    for (int i = 0; i < times; i++) {
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
        in.read();
      }
    }
  }

  /** {@code strata autotier run --once --json} over {@code /data}, planning at 5 s reference times. */
  String[] autotierOnce() {
    return new String[] {"autotier", "run", "--once", "--json", "--audit-log", audit.toString(), "--path", "/data",
        "--conf", dir.toString(), "--reference-time", "5s"};
  }

  /**
   * {@code strata autotier run --json} over {@code /data} at 5 s reference times, as its own process on this JVM's
   * classpath, with the client configuration in {@code conf}; its output goes to {@code DIR/NAME.txt} and
   * {@code DIR/NAME.err}.
   */
  Process daemon(String name, Path conf, String... options) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), StrataCli.class.getName(),
        "autotier", "run", "--audit-log", audit.toString(), "--path", "/data", "--conf", conf.toString(),
        "--reference-time", "5s", "--json"));
    command.addAll(List.of(options));
    return new ProcessBuilder(command).redirectOutput(dir.resolve(name + ".txt").toFile())
        .redirectError(dir.resolve(name + ".err").toFile()).start();
  }

  /** The {@code "event":"change"} lines {@code strata autotier run --json} printed. */
  static List<JsonNode> changes(String output) throws Exception {
    return events(output, "change");
  }

  /** The JSON lines of one event kind that {@code strata autotier run --json} printed. */
  static List<JsonNode> events(String output, String event) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> found = new ArrayList<>();
    for (String line : output.lines().filter(l -> l.startsWith("{")).toList()) {
      JsonNode node = json.readTree(line);
      if (event.equals(node.path("event").asText())) {
        found.add(node);
      }
    }
    return found;
  }

  /** As {@link #events(String, String)} over a daemon's output file; empty while a line is half written. */
  static List<JsonNode> events(Path output, String event) {
    try {
      return events(Files.readString(output), event);
    } catch (Exception e) {
      return List.of();
    }
  }

  @Override
  public void close() {
    cluster.close();
  }
}
