package io.strata.bench.emulation;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.ClusterSpec;
import io.strata.embedded.localdir.EmulatedLocalFileSystem;
import io.strata.embedded.localdir.LocalDevice;
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
 * Checks the local-dir emulation that YARN's intermediate data runs on: through the same file system the task
 * JVMs use, writes a file onto an emulated device of each profile, reads it back sequentially, then reads 4 KiB at
 * random offsets (a shuffle's small reads), and compares each rate with what the profile says.
 */
public final class LocalDirSpeedBenchmark {
  /** 4 KiB: the size in which device IOPS are specified. */
  public static final int RANDOM_READ_BYTES = 4096;

  /** One measured device: achieved and profile rates, bytes per second and random reads per second. */
  public record Measurement(String device, double writeBps, double expectedWriteBps, double readBps,
      double expectedReadBps, double randomReadsPerSecond, double expectedRandomReadsPerSecond) {

    public double worstDeviation() {
      return Math.max(Math.abs(writeBps / expectedWriteBps - 1), Math.max(Math.abs(readBps / expectedReadBps - 1),
          Math.abs(randomReadsPerSecond / expectedRandomReadsPerSecond - 1)));
    }
  }

  private LocalDirSpeedBenchmark() {}

  /** Measures each device: {@code bytes} written and read, then {@code randomReads} positioned 4 KiB reads. */
  public static List<Measurement> run(ClusterSpec spec, Path dir, List<String> devices, long bytes, int randomReads,
      PrintStream log) throws IOException {
    List<Measurement> results = new ArrayList<>();
    Configuration conf = new Configuration(false);
    try (LocalFileSystem fs = new EmulatedLocalFileSystem()) {
      fs.initialize(FileSystem.getDefaultUri(conf), conf);
      FileSystem raw = fs.getRaw();
      for (String name : devices) {
        DeviceProfile profile = spec.devices().get(name);
        Path root = dir.resolve("local-" + name);
        LocalDevice.create(root, name, profile.readBytesPerSecond(), profile.writeBytesPerSecond(),
            profile.positionNanos());
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(root.resolve("spill.out").toUri());
        byte[] buffer = new byte[64 << 10];
        new Random(7).nextBytes(buffer);
        log.printf("local dir on %s: writing %d MiB...%n", name, bytes >> 20);
        long start = System.nanoTime();
        try (FSDataOutputStream out = raw.create(file, true, buffer.length)) {
          for (long written = 0; written < bytes; written += buffer.length) {
            out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
          }
        }
        double writeSeconds = (System.nanoTime() - start) / 1e9;
        log.printf("local dir on %s: reading it back, then %d random 4 KiB reads...%n", name, randomReads);
        start = System.nanoTime();
        long read = 0;
        try (FSDataInputStream in = raw.open(file, buffer.length)) {
          int n;
          while ((n = in.read(buffer)) > 0) {
            read += n;
          }
        }
        double readSeconds = (System.nanoTime() - start) / 1e9;
        Random offsets = new Random(11);
        byte[] small = new byte[RANDOM_READ_BYTES];
        start = System.nanoTime();
        try (FSDataInputStream in = raw.open(file, RANDOM_READ_BYTES)) {
          for (int i = 0; i < randomReads; i++) {
            in.readFully((offsets.nextLong(bytes / RANDOM_READ_BYTES)) * RANDOM_READ_BYTES, small);
          }
        }
        double randomSeconds = (System.nanoTime() - start) / 1e9;
        results.add(new Measurement(name, bytes / writeSeconds, profile.writeBytesPerSecond(), read / readSeconds,
            profile.readBytesPerSecond(), randomReads / randomSeconds,
            1 / profile.randomReadSeconds(RANDOM_READ_BYTES)));
      }
    }
    return results;
  }

  /** Prints the table; returns the worst deviation of any measured rate from its profile's. */
  public static double printTable(List<Measurement> results, PrintStream out) {
    out.printf("%-10s %11s %11s %11s %11s %13s %13s %9s%n", "device", "write MB/s", "profile", "read MB/s", "profile",
        "4KiB reads/s", "profile", "deviation");
    double worst = 0;
    for (Measurement m : results) {
      worst = Math.max(worst, m.worstDeviation());
      out.printf("%-10s %11.1f %11.1f %11.1f %11.1f %13.0f %13.0f %8.1f%%%n", m.device(), m.writeBps() / 1e6,
          m.expectedWriteBps() / 1e6, m.readBps() / 1e6, m.expectedReadBps() / 1e6, m.randomReadsPerSecond(),
          m.expectedRandomReadsPerSecond(), m.worstDeviation() * 100);
    }
    return worst;
  }
}
