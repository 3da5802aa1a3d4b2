package io.strata.bench.emulation;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.ClusterSpec;
import io.strata.embedded.localdir.EmulatedLocalFileSystem;
import io.strata.embedded.localdir.LocalDevice;
import io.strata.embedded.localdir.NodePageCache;
import io.strata.embedded.pagecache.PageCache;
import io.strata.embedded.pagecache.PageCacheSettings;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;

/**
 * Checks the page cache in front of the local-dir devices, through the task JVMs' file system: a write of half the
 * dirty limit must not wait for the device, a write of many dirty limits must settle at the device's write rate,
 * a re-read of the short write must hit the cache (the device reads nothing), and a read of what the long write
 * pushed out of the cache must come at the device's read rate.
 */
public final class PageCacheBenchmark {
  private static final int CHUNK = 64 << 10;
  /** The long write: this many dirty limits; its rate is taken over the part after the first two. */
  private static final int LONG_WRITE_LIMITS = 8;

  /** One device behind a cache: achieved rates and what the device alone would do. */
  public record Measurement(String device, double machineWriteBps, double shortWriteBps, long shortWriteWaitNanos,
      double steadyWriteBps, double profileWriteBps, double reReadHitRatio, long reReadDeviceBytes,
      double coldMissRatio, double missReadBps, double profileReadBps) {

    /**
     * The short write did not wait for the device: the model made it wait for nothing, and it beat the device
     * twice over (on a busy machine the machine's own write speed is the ceiling).
     */
    public boolean shortWriteAtMemorySpeed() {
      return shortWriteWaitNanos == 0 && shortWriteBps >= 2 * profileWriteBps;
    }

    public double steadyWriteDeviation() {
      return Math.abs(steadyWriteBps / profileWriteBps - 1);
    }

    public double missReadDeviation() {
      return Math.abs(missReadBps / profileReadBps - 1);
    }

    public boolean passes(double tolerance) {
      // The stream reads ahead a buffer past what was asked, so a cold read may miss a little more than it asked.
      return shortWriteAtMemorySpeed() && steadyWriteDeviation() <= tolerance && reReadHitRatio >= 1.0
          && reReadDeviceBytes == 0 && coldMissRatio >= 1.0 && missReadDeviation() <= tolerance;
    }
  }

  private PageCacheBenchmark() {}

  /** Measures each device behind a node page cache of {@code cacheBytes} with Linux's default dirty ratios. */
  public static List<Measurement> run(ClusterSpec spec, Path dir, List<String> devices, long cacheBytes,
      PrintStream log) throws IOException {
    PageCacheSettings settings = PageCacheSettings.linuxDefaults(cacheBytes);
    List<Measurement> results = new ArrayList<>();
    Configuration conf = new Configuration(false);
    try (LocalFileSystem fs = new EmulatedLocalFileSystem()) {
      fs.initialize(FileSystem.getDefaultUri(conf), conf);
      FileSystem raw = fs.getRaw();
      byte[] buffer = new byte[CHUNK];
      new Random(7).nextBytes(buffer);
      for (String name : devices) {
        DeviceProfile profile = spec.devices().get(name);
        Path node = dir.resolve("cache-" + name);
        NodePageCache cache = NodePageCache.create(node, settings);
        Path root = node.resolve(name);
        LocalDevice device = LocalDevice.create(root, name, profile.readBytesPerSecond(),
            profile.writeBytesPerSecond(), profile.positionNanos());
        long shortBytes = settings.dirtyLimitBytes() / 2;
        long longBytes = LONG_WRITE_LIMITS * settings.dirtyLimitBytes();
        log.printf("page cache on %s: %d MiB write, %d MiB write, re-read, cold read...%n", name, shortBytes >> 20,
            longBytes >> 20);

        // The machine's own speed for the same write, outside every device (also warms the code up).
        org.apache.hadoop.fs.Path plainFile = new org.apache.hadoop.fs.Path(node.resolve("plain.out").toUri());
        long start = System.nanoTime();
        write(raw, plainFile, shortBytes, buffer, null);
        double machineWriteBps = shortBytes / ((System.nanoTime() - start) / 1e9);
        raw.delete(plainFile, false);

        org.apache.hadoop.fs.Path shortFile = new org.apache.hadoop.fs.Path(root.resolve("spill0.out").toUri());
        long waitedBefore = cache.stats().throttleNanos();
        start = System.nanoTime();
        write(raw, shortFile, shortBytes, buffer, null);
        double shortWriteBps = shortBytes / ((System.nanoTime() - start) / 1e9);
        long shortWriteWait = cache.stats().throttleNanos() - waitedBefore;

        long readBefore = device.usage().bytesRead();
        PageCache.Stats before = cache.stats();
        read(raw, shortFile, shortBytes, buffer);
        PageCache.Stats after = cache.stats();
        double hitRatio = Math.min(1.0, (double) (after.hitBytes() - before.hitBytes()) / shortBytes);
        long reReadDeviceBytes = device.usage().bytesRead() - readBefore;

        org.apache.hadoop.fs.Path longFile = new org.apache.hadoop.fs.Path(root.resolve("file.out").toUri());
        long[] steadyFrom = new long[1];
        write(raw, longFile, longBytes, buffer, steadyFrom);
        double steadySeconds = (System.nanoTime() - steadyFrom[0]) / 1e9;
        long steadyBytes = longBytes - 2 * settings.dirtyLimitBytes();
        double steadyWriteBps = steadyBytes / steadySeconds;

        // The long write is larger than the cache: its first dirty limit has been evicted, and is read from the
        // device. Let the writeback finish first, as a reduce reading it later would find the device idle.
        sleepUntilWrittenBack(settings, profile);
        long coldBytes = settings.dirtyLimitBytes();
        PageCache.Stats beforeCold = cache.stats();
        start = System.nanoTime();
        read(raw, longFile, coldBytes, buffer);
        double missReadBps = coldBytes / ((System.nanoTime() - start) / 1e9);
        double coldMissRatio = Math.min(1.0,
            (double) (cache.stats().missBytes() - beforeCold.missBytes()) / coldBytes);
        log.printf("page cache on %s: short write waited %d ns, re-read %d bytes from the device, %s%n", name,
            shortWriteWait, reReadDeviceBytes, cache.stats());
        results.add(new Measurement(name, machineWriteBps, shortWriteBps, shortWriteWait, steadyWriteBps,
            profile.writeBytesPerSecond(), hitRatio, reReadDeviceBytes, coldMissRatio, missReadBps,
            profile.readBytesPerSecond()));
      }
    }
    return results;
  }

  /** Writes {@code bytes}; {@code steadyFrom[0]}, if given, gets the time the first two dirty limits were done. */
  private static void write(FileSystem raw, org.apache.hadoop.fs.Path file, long bytes, byte[] buffer,
      long[] steadyFrom) throws IOException {
    long steadyAt = bytes - bytes * (LONG_WRITE_LIMITS - 2) / LONG_WRITE_LIMITS;
    try (FSDataOutputStream out = raw.create(file, true, buffer.length)) {
      for (long written = 0; written < bytes; written += buffer.length) {
        if (steadyFrom != null && steadyFrom[0] == 0 && written >= steadyAt) {
          steadyFrom[0] = System.nanoTime();
        }
        out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
      }
    }
  }

  private static void read(FileSystem raw, org.apache.hadoop.fs.Path file, long bytes, byte[] buffer)
      throws IOException {
    try (FSDataInputStream in = raw.open(file, buffer.length)) {
      for (long read = 0; read < bytes;) {
        int n = in.read(buffer, 0, (int) Math.min(buffer.length, bytes - read));
        if (n < 0) {
          break;
        }
        read += n;
      }
    }
  }

  /** Waits out the writeback a writer leaves queued: at most the dirty limit's worth, at the write rate. */
  private static void sleepUntilWrittenBack(PageCacheSettings settings, DeviceProfile profile) {
    try {
      Thread.sleep(Math.round(1000.0 * settings.dirtyLimitBytes() / profile.writeBytesPerSecond()) + 50);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Prints the table; returns whether every device passes within {@code tolerance}. */
  public static boolean printTable(List<Measurement> results, double tolerance, PrintStream out) {
    out.printf("%-10s %13s %14s %9s %13s %9s %9s %9s %12s %9s %8s%n", "device", "machine MB/s", "short wr MB/s",
        "x device", "long wr MB/s", "profile", "re-read", "cold rd", "cold rd MB/s", "profile", "verdict");
    boolean all = true;
    for (Measurement m : results) {
      boolean pass = m.passes(tolerance);
      all &= pass;
      out.printf("%-10s %13.1f %14.1f %9.1f %13.1f %9.1f %8.0f%% %8.0f%% %12.1f %9.1f %8s%n", m.device(),
          m.machineWriteBps() / 1e6, m.shortWriteBps() / 1e6, m.shortWriteBps() / m.profileWriteBps(),
          m.steadyWriteBps() / 1e6, m.profileWriteBps() / 1e6, m.reReadHitRatio() * 100, m.coldMissRatio() * 100,
          m.missReadBps() / 1e6, m.profileReadBps() / 1e6, pass ? "PASS" : "FAIL");
    }
    return all;
  }
}
