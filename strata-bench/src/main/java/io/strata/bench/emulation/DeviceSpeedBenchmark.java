package io.strata.bench.emulation;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.workloads.dataset.ParallelReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/**
 * Checks the device emulation end to end: writes one single-replica file onto one emulated volume of each
 * chosen device (same node, storage type picked by storage policy), reads each back sequentially through the
 * DFS client, and compares the read-time ratios with the profiles' bandwidth ratios, all in one run.
 */
public final class DeviceSpeedBenchmark {
  /** One measured device. */
  public record Measurement(String device, StorageType type, String host, long bytes, double readSeconds,
      double expectedSeconds) {
    public double megabytesPerSecond() {
      return bytes / 1e6 / readSeconds;
    }
  }

  private DeviceSpeedBenchmark() {}

  /**
   * @param devices devices to measure; each must sit on some node of the spec with a storage type that has a
   *                one-type storage policy (SSD: ALL_SSD, DISK: HOT, ARCHIVE: COLD)
   */
  public static List<Measurement> run(ClusterSpec spec, Path dir, List<String> devices, long bytes, PrintStream log)
      throws IOException {
    List<Measurement> results = new ArrayList<>();
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir)
        .withBlockSize(128L << 20))) {
      DistributedFileSystem fs = cluster.fileSystem();
      List<org.apache.hadoop.fs.Path> files = new ArrayList<>();
      List<Object[]> placed = new ArrayList<>();
      for (String device : devices) {
        NodeSpec node = nodeWith(spec, device);
        DeviceProfile profile = node.volumes().stream().map(VolumeSpec::device).filter(d -> d.name().equals(device))
            .findFirst().orElseThrow();
        StorageType type = StorageType.valueOf(profile.storageKind().name());
        org.apache.hadoop.fs.Path folder = new org.apache.hadoop.fs.Path("/bench/emulation/" + device);
        fs.mkdirs(folder);
        fs.setStoragePolicy(folder, policyFor(type));
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(folder, "data");
        log.printf("writing %d MiB onto %s (%s on %s)...%n", bytes >> 20, device, type, node.host());
        write(fs, file, bytes, cluster.dataNode(node.host()).orElseThrow());
        verifyPlacement(fs, file, type, node.host());
        files.add(file);
        placed.add(new Object[] {device, type, node.host(), profile});
      }
      // The device's speed, not the DataNode's page cache (nodes whose spec gives one), is what is measured.
      cluster.dropPageCaches();
      for (int i = 0; i < files.size(); i++) {
        Object[] p = placed.get(i);
        DeviceProfile profile = (DeviceProfile) p[3];
        log.printf("reading %s...%n", p[0]);
        long start = System.nanoTime();
        long read = ParallelReader.readFile(fs, files.get(i));
        double seconds = (System.nanoTime() - start) / 1e9;
        results.add(new Measurement((String) p[0], (StorageType) p[1], (String) p[2], read, seconds,
            read / (double) profile.readBytesPerSecond()));
      }
    }
    return results;
  }

  private static NodeSpec nodeWith(ClusterSpec spec, String device) {
    return spec.nodes().stream()
        .filter(n -> n.volumes().stream().anyMatch(v -> v.device().name().equals(device)))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no node of spec '" + spec.name() + "' has device " + device));
  }

  private static String policyFor(StorageType type) {
    return switch (type) {
      case SSD -> HdfsConstants.ALLSSD_STORAGE_POLICY_NAME;
      case DISK -> HdfsConstants.HOT_STORAGE_POLICY_NAME;
      case ARCHIVE -> HdfsConstants.COLD_STORAGE_POLICY_NAME;
      default -> throw new IllegalArgumentException("no single-type storage policy for " + type);
    };
  }

  /** Writes with replication 1 and the node as favored node, so the one replica lands on that node. */
  private static void write(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, long bytes, DataNode node)
      throws IOException {
    InetSocketAddress favored = node.getXferAddress();
    byte[] buffer = new byte[1 << 20];
    new Random(7).nextBytes(buffer);
    try (OutputStream out = fs.create(file, null, true, 1 << 16, (short) 1, 128L << 20, null,
        new InetSocketAddress[] {favored})) {
      for (long written = 0; written < bytes; written += buffer.length) {
        out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
      }
    }
  }

  private static void verifyPlacement(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, StorageType type,
      String host) throws IOException {
    for (var location : fs.getFileBlockLocations(file, 0, Long.MAX_VALUE)) {
      if (location.getStorageTypes().length != 1 || location.getStorageTypes()[0] != type
          || !location.getHosts()[0].equals(host)) {
        throw new IOException("benchmark file " + file + " was not placed on " + type + " of " + host
            + ": " + String.join(",", location.getHosts()));
      }
    }
  }

  /** Prints the side-by-side table; returns the worst deviation of a measured ratio from the expected one. */
  public static double printTable(List<Measurement> results, PrintStream out) {
    Measurement base = results.get(0);
    out.printf("%-10s %-5s %-6s %10s %10s %12s %14s %9s%n", "device", "type", "host", "read s", "MB/s",
        "ratio vs " + base.device(), "profile ratio", "deviation");
    double worst = 0;
    for (Measurement m : results) {
      double measured = base.readSeconds() / m.readSeconds();
      double expected = base.expectedSeconds() / m.expectedSeconds();
      double deviation = measured / expected - 1;
      worst = Math.max(worst, Math.abs(deviation));
      out.printf("%-10s %-5s %-6s %10.2f %10.1f %12.2f %14.2f %+8.1f%%%n", m.device(), m.type(), m.host(),
          m.readSeconds(), m.megabytesPerSecond(), measured, expected, deviation * 100);
    }
    return worst;
  }
}
