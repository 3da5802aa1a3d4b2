package io.strata.hdfs.tier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The hats preset on an embedded cluster with Strata's placement plugin, its volumes scaled down (SSD 2 GiB to
 * {@code ssdCapacity}, HDD 8 GiB to 512 MiB) so a test can fill a tier, and what the tier tests ask of it.
 */
final class TierCluster implements AutoCloseable {
  static final int BLOCK = 1 << 20;
  final ClusterSpec spec;
  final EmbeddedCluster cluster;
  final DistributedFileSystem fs;
  private final Map<String, byte[]> digests = new HashMap<>();

  private TierCluster(ClusterSpec spec, EmbeddedCluster cluster) throws IOException {
    this.spec = spec;
    this.cluster = cluster;
    this.fs = cluster.fileSystem();
  }

  static TierCluster start(java.nio.file.Path dir, String ssdCapacity, Map<String, String> extra) throws IOException {
    String text = Presets.text("hats").replace("capacity: 2GiB", "capacity: " + ssdCapacity)
        .replace("capacity: 8GiB", "capacity: 512MiB");
    ClusterSpec spec = SpecParser.parse("hats-scaled", text);
    Files.createDirectories(dir);
    java.nio.file.Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, text);
    Map<String, String> conf = new HashMap<>(StrataPlugins.nameNodeConf(specFile, null, 200));
    // Access times at millisecond precision, so the monitor can tell which file was read last.
    conf.put("dfs.namenode.accesstime.precision", "1");
    conf.putAll(extra);
    EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withEmulation(false).withBlockSize(BLOCK).withConf(conf));
    return new TierCluster(spec, cluster);
  }

  TierManager manager(MoveListener listener) {
    // The NameNode reloads rules every 200 ms here (see start).
    return new TierManager(fs, spec.tierMap(), TierSettings.from(fs.getConf()).withListener(listener)
        .withNameNodeWait(Duration.ofSeconds(30)).withRuleRefresh(Duration.ofMillis(700)));
  }

  /** Writes a file of random bytes and remembers its digest. */
  void write(String path, int blocks, short replication) throws IOException {
    write(path, blocks, replication, BLOCK);
  }

  void write(String path, int blocks, short replication, int blockSize) throws IOException {
    byte[] data = new byte[blocks * blockSize];
    new Random(path.hashCode()).nextBytes(data);
    try (OutputStream out = fs.create(new Path(path), true, 4096, replication, blockSize)) {
      out.write(data);
    }
    digests.put(path, digest(data));
    waitFor(Duration.ofSeconds(30), () -> replicasAtLeast(path, replication), path + " fully replicated");
  }

  /** Reads the whole file through the client and checks it against what was written. */
  void assertIntact(String path) throws IOException {
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    try (InputStream in = fs.open(new Path(path))) {
      in.transferTo(read);
    }
    assertArrayEquals(digests.get(path), digest(read.toByteArray()), path + " reads back as written");
  }

  private boolean replicasAtLeast(String path, int replication) {
    try {
      for (BlockLocation block : blocks(path)) {
        if (block.getHosts().length < replication) {
          return false;
        }
      }
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** Stops the DataNode of a host, as a crash would (its replicas stay listed until the NameNode notices). */
  void killDataNode(String host) {
    String name = cluster.miniCluster().getDataNodes().stream()
        .filter(dn -> dn.getDatanodeId().getHostName().equals(host)).findFirst()
        .orElseThrow(() -> new IllegalStateException("no running DataNode on " + host))
        .getDatanodeId().getXferAddr();
    cluster.miniCluster().stopDataNode(name);
  }

  BlockLocation[] blocks(String path) throws IOException {
    return fs.getFileBlockLocations(new Path(path), 0, Long.MAX_VALUE);
  }

  /** The sorted tiers of each block's replicas, e.g. [[hdd, hdd, pcie-ssd], ...]. */
  List<List<String>> tiers(String path) throws IOException {
    List<List<String>> tiers = new ArrayList<>();
    for (BlockLocation block : blocks(path)) {
      List<String> blockTiers = new ArrayList<>();
      for (int i = 0; i < block.getHosts().length; i++) {
        StorageType type = block.getStorageTypes()[i];
        blockTiers.add(spec.tierMap().tierName(block.getHosts()[i], StorageKind.valueOf(type.name()), null));
      }
      blockTiers.sort(null);
      tiers.add(blockTiers);
    }
    return tiers;
  }

  /** Every host holding a replica of the file. */
  Set<String> tiersHosts(String path) throws IOException {
    Set<String> hosts = new TreeSet<>();
    for (BlockLocation block : blocks(path)) {
      hosts.addAll(List.of(block.getHosts()));
    }
    return hosts;
  }

  /** Waits until every block of the file has exactly these tiers (sorted). */
  void awaitTiers(String path, List<String> sortedTiers) throws IOException {
    waitFor(Duration.ofSeconds(30), () -> {
      try {
        return tiers(path).stream().allMatch(sortedTiers::equals);
      } catch (IOException e) {
        return false;
      }
    }, path + " on " + sortedTiers);
  }

  PlacementReport report(String path) throws IOException {
    return new PlacementReportCollector(fs).collect(new Path(path), spec.tierMap());
  }

  /** {@code hdfs fsck /} output. */
  String fsck() throws Exception {
    return cluster.fsck("/");
  }

  /** Waits until fsck reports the file system healthy, with nothing under- or over-replicated or misplaced. */
  void awaitHealthy() throws Exception {
    cluster.awaitHealthy(Duration.ofSeconds(60));
  }

  private static byte[] digest(byte[] data) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(data);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    cluster.close();
  }
}
