package io.strata.bench.placement;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

/**
 * One contender's measured throughput, and the side-by-side table of a run: each contender's throughput and its
 * ratio to the stock HDFS policy measured in the same run.
 *
 * @param contender what was measured ({@code stock}, or the Strata rule)
 * @param value     operations per second of wall-clock time
 * @param error     the +- of the value (JMH's 99.9% interval, or half the spread over rounds), NaN when unknown
 * @param perCpu    operations per second of CPU time (see {@link #printTable}), NaN when not measured
 * @param unit      what an operation is, per second
 * @param detail    anything else worth printing (rounds, elapsed time), may be empty
 */
public record Throughput(String contender, double value, double error, double perCpu, String unit, String detail) {
  /** The ratio the plugin must reach against stock. */
  public static final double TARGET_RATIO = 0.9;

  /**
   * Prints the table and the lowest plugin/stock ratios. The wall-clock ratio is the benchmark's figure; the CPU
   * ratio (operations per second of CPU time the measured code used) is printed beside it because on a shared
   * machine other work takes CPU away from one contender more than from another, which skews wall-clock ratios
   * but hardly the CPU cost of a call.
   *
   * @return the lowest wall-clock ratio of a non-stock row (NaN if stock is missing or alone)
   */
  public static double printTable(String title, List<Throughput> rows, String stock, PrintStream out) {
    Throughput base = rows.stream().filter(r -> r.contender().equals(stock)).findFirst().orElse(null);
    boolean cpu = rows.stream().anyMatch(r -> !Double.isNaN(r.perCpu()));
    out.println(title);
    int width = Math.max(20, rows.stream().mapToInt(r -> r.contender().length()).max().orElse(0));
    String unit = rows.isEmpty() ? "" : rows.get(0).unit();
    out.printf(Locale.ROOT, "%-" + width + "s %13s %10s %9s", "contender", unit, "+-", "ratio");
    if (cpu) {
      out.printf(Locale.ROOT, " %15s %9s", unit.replace("/s", "/CPU-s"), "CPU ratio");
    }
    out.println();
    double lowest = Double.NaN;
    double lowestCpu = Double.NaN;
    for (Throughput row : rows) {
      double ratio = base == null ? Double.NaN : row.value() / base.value();
      double cpuRatio = base == null ? Double.NaN : row.perCpu() / base.perCpu();
      if (row != base) {
        lowest = min(lowest, ratio);
        lowestCpu = min(lowestCpu, cpuRatio);
      }
      out.printf(Locale.ROOT, "%-" + width + "s %13.1f %10s %9s", row.contender(), row.value(), number(row.error(), 1),
          number(ratio, 3));
      if (cpu) {
        out.printf(Locale.ROOT, " %15s %9s", number(row.perCpu(), 1), number(cpuRatio, 3));
      }
      out.println(row.detail().isEmpty() ? "" : "   " + row.detail());
    }
    verdict("wall-clock", lowest, out);
    if (cpu) {
      verdict("CPU-time", lowestCpu, out);
    }
    return lowest;
  }

  private static double min(double current, double candidate) {
    if (Double.isNaN(candidate)) {
      return current;
    }
    return Double.isNaN(current) ? candidate : Math.min(current, candidate);
  }

  private static String number(double value, int decimals) {
    return Double.isNaN(value) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", value);
  }

  private static void verdict(String what, double lowest, PrintStream out) {
    if (!Double.isNaN(lowest)) {
      out.printf(Locale.ROOT, "lowest plugin/stock ratio (%s): %.3f, target >= %.1f -> %s%n", what, lowest,
          TARGET_RATIO, lowest >= TARGET_RATIO ? "PASS" : "BELOW TARGET");
    }
  }
}
