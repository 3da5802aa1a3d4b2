package io.strata.bench.emulation;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.RackSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.emulation.DataNodePageCache;
import io.strata.embedded.pagecache.PageCache;
import io.strata.workloads.dataset.ParallelReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FileSystem;

/**
 * Checks the page cache in front of DataNode volumes, through HDFS: one node with one volume of the device and the
 * cache; a short file re-read right after it was written must come from memory (at least twice the device's read
 * rate), and a working set several times the cache, written then read in order, must settle at the device's read
 * rate (each block is evicted before it is read again).
 */
public final class DataNodePageCacheBenchmark {
  /** The short file is this fraction of the cache, the working set this many caches. */
  private static final int SHORT_FRACTION = 4;
  private static final int WORKING_SET_CACHES = 4;

  /** One read: its bytes and time, the share of its bytes the cache served, and the device's read rate. */
  public record Read(String what, long bytes, double seconds, double fromMemory, double profileReadBps) {
    public double bps() {
      return bytes / seconds;
    }

    public double timesDevice() {
      return bps() / profileReadBps;
    }
  }

  /** The short re-read and the long read of one device behind a cache of {@code cacheBytes}. */
  public record Measurement(String device, long cacheBytes, Read reRead, Read workingSet) {
    /** The re-read came from memory at twice the device at least; the working set within tolerance of it. */
    public boolean reReadPasses() {
      return reRead.fromMemory() >= 0.99 && reRead.timesDevice() >= 2;
    }

    public boolean workingSetPasses(double tolerance) {
      return Math.abs(workingSet.timesDevice() - 1) <= tolerance;
    }
  }

  private DataNodePageCacheBenchmark() {}

  /** Runs the check on {@code device} of {@code spec} behind a DataNode page cache of {@code cacheBytes}. */
  public static Measurement run(ClusterSpec spec, Path dir, String device, long cacheBytes, PrintStream log)
      throws IOException {
    DeviceProfile profile = spec.devices().get(device);
    long shortBytes = cacheBytes / SHORT_FRACTION;
    long workingSetBytes = cacheBytes * WORKING_SET_CACHES;
    NodeSpec node = new NodeSpec("n1", "/r1",
        List.of(new VolumeSpec(profile, Math.max(1L << 30, 2 * (workingSetBytes + shortBytes)), false)), cacheBytes);
    ClusterSpec oneNode = new ClusterSpec(spec.name() + "-datanode-page-cache", "one node, one " + device,
        spec.devices(), List.of(new RackSpec("/r1", List.of(node))), spec.network(), spec.tierMap());
    try (EmbeddedCluster cluster = EmbeddedCluster.start(oneNode, EmbeddedCluster.Options.defaults(dir))) {
      FileSystem fs = cluster.fileSystem();
      DataNodePageCache cache = cluster.pageCache("n1").orElseThrow();
      log.printf("DataNode page cache on %s: %d MiB written and re-read, %d MiB written and read...%n", device,
          shortBytes >> 20, workingSetBytes >> 20);
      org.apache.hadoop.fs.Path shortFile = new org.apache.hadoop.fs.Path("/bench/page-cache/short");
      write(fs, shortFile, shortBytes);
      Read reRead = read(fs, shortFile, cache, "re-read just written", profile);
      org.apache.hadoop.fs.Path longFile = new org.apache.hadoop.fs.Path("/bench/page-cache/working-set");
      write(fs, longFile, workingSetBytes);
      Read workingSet = read(fs, longFile, cache, "working set " + WORKING_SET_CACHES + "x the cache", profile);
      log.printf("DataNode page cache on %s: %s%n", device, cache.stats());
      return new Measurement(device, cacheBytes, reRead, workingSet);
    }
  }

  private static void write(FileSystem fs, org.apache.hadoop.fs.Path file, long bytes) throws IOException {
    byte[] buffer = new byte[1 << 20];
    new Random(7).nextBytes(buffer);
    try (OutputStream out = fs.create(file)) {
      for (long written = 0; written < bytes; written += buffer.length) {
        out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
      }
    }
  }

  private static Read read(FileSystem fs, org.apache.hadoop.fs.Path file, DataNodePageCache cache, String what,
      DeviceProfile profile) throws IOException {
    PageCache.Stats before = cache.stats();
    long start = System.nanoTime();
    long bytes = ParallelReader.readFile(fs, file);
    double seconds = (System.nanoTime() - start) / 1e9;
    PageCache.Stats after = cache.stats();
    long hits = after.hitBytes() - before.hitBytes();
    long misses = after.missBytes() - before.missBytes();
    return new Read(what, bytes, seconds, hits + misses == 0 ? 0 : (double) hits / (hits + misses),
        profile.readBytesPerSecond());
  }

  /** Prints both reads against their expectations; returns whether both pass. */
  public static boolean printTable(Measurement m, double tolerance, PrintStream out) {
    out.printf("%-28s %8s %9s %9s %12s %-32s %8s%n", "read", "MiB", "MB/s", "x device", "from memory", "expected",
        "verdict");
    boolean reRead = m.reReadPasses();
    boolean workingSet = m.workingSetPasses(tolerance);
    row(out, m.reRead(), "all from memory, >= 2x the device", reRead);
    row(out, m.workingSet(), String.format("the device's rate, within %.0f%%", tolerance * 100), workingSet);
    return reRead && workingSet;
  }

  private static void row(PrintStream out, Read r, String expected, boolean pass) {
    out.printf("%-28s %8d %9.1f %9.2f %11.0f%% %-32s %8s%n", r.what(), r.bytes() >> 20, r.bps() / 1e6,
        r.timesDevice(), r.fromMemory() * 100, expected, pass ? "PASS" : "FAIL");
  }
}
