package io.strata.bench.protocol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * How busy this machine's CPUs were between two readings of {@code /proc/stat}'s {@code cpu} line: every daemon of
 * an emulated cluster runs here, so above {@link #CPU_BOUND_SHARE} the cores, not the emulated storage, set the
 * pace and a ratio says nothing about the storage.
 */
public final class CpuBusy {
  /** Above this share of busy CPU time a measurement is cpu-bound. */
  public static final double CPU_BOUND_SHARE = 0.90;
  private static final Path PROC_STAT = Path.of("/proc/stat");
  private static final Path PROC_LOADAVG = Path.of("/proc/loadavg");

  /** The CPU time counters at one moment, in clock ticks; both zero where {@code /proc/stat} cannot be read. */
  public record Reading(long busyTicks, long totalTicks) {
    /** The share of CPU time spent busy since {@code earlier}; NaN when nothing could be read or no time passed. */
    public double busyShareSince(Reading earlier) {
      long total = totalTicks - earlier.totalTicks;
      return total <= 0 ? Double.NaN : (double) (busyTicks - earlier.busyTicks) / total;
    }
  }

  private CpuBusy() {}

  /** The counters now (all CPUs together). */
  public static Reading read() {
    try {
      for (String line : Files.readAllLines(PROC_STAT)) {
        if (line.startsWith("cpu ")) {
          return parse(line);
        }
      }
    } catch (IOException | RuntimeException e) {
      // Not Linux, or a kernel that prints something else: the share is unknown, never cpu-bound.
    }
    return new Reading(0, 0);
  }

  /**
   * Parses the aggregate line {@code cpu user nice system idle iowait irq softirq steal ...}: idle and iowait are
   * not busy, everything else is (guest time is already inside user).
   */
  static Reading parse(String cpuLine) {
    long[] fields = Arrays.stream(cpuLine.trim().split("\\s+")).skip(1).limit(8).mapToLong(Long::parseLong).toArray();
    if (fields.length < 5) {
      throw new IllegalArgumentException("/proc/stat: a cpu line with fewer than 5 counters: " + cpuLine);
    }
    long total = Arrays.stream(fields).sum();
    long idle = fields[3] + fields[4];
    return new Reading(total - idle, total);
  }

  /** The one-minute load average from {@code /proc/loadavg}: how much else ran here; NaN where it cannot be read. */
  public static double loadAverage() {
    try {
      return Double.parseDouble(Files.readString(PROC_LOADAVG).trim().split("\\s+")[0]);
    } catch (IOException | RuntimeException e) {
      return Double.NaN;
    }
  }

  /** True for a share above {@link #CPU_BOUND_SHARE}; an unknown share (NaN) is not. */
  public static boolean isCpuBound(double busyShare) {
    return busyShare > CPU_BOUND_SHARE;
  }
}
