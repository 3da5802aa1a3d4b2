package io.strata.bench.iosplit;

import io.strata.bench.iosplit.IoSplitBenchmark.Run;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/** The io-split benchmark's table, verdicts and chart. */
public final class IoSplitReport {
  /** The target: the thesis's split within this share of SSD-only's TeraSort time... */
  public static final double TIME_TOLERANCE = 0.05;
  /** ...while writing at least this share fewer bytes to SSD. */
  public static final double SSD_SAVING_TARGET = 0.60;

  private IoSplitReport() {}

  /** One verdict: a set-up against the baseline on one job. */
  public record Comparison(String job, String split, double timeRatio, double ssdWrittenRatio) {}

  /** Every set-up against the first (the baseline), job by job. */
  public static List<Comparison> compare(List<Run> runs, String ssdTier) {
    List<Comparison> comparisons = new ArrayList<>();
    for (Run run : runs) {
      Run base = runs.stream().filter(r -> r.job().equals(run.job())).findFirst().orElseThrow();
      long baseSsd = base.bytesWrittenByTier().getOrDefault(ssdTier, 0L);
      comparisons.add(new Comparison(run.job(), run.split(), run.seconds() / base.seconds(),
          baseSsd == 0 ? 0 : run.bytesWrittenByTier().getOrDefault(ssdTier, 0L) / (double) baseSsd));
    }
    return comparisons;
  }

  public static void printTable(List<Run> runs, String ssdTier, String hddTier, PrintStream out) {
    List<Comparison> comparisons = compare(runs, ssdTier);
    String base = runs.get(0).split();
    out.printf("%-10s %-9s %8s %9s %12s %12s %14s %14s %10s %9s%n", "job", "set-up", "time s", "x " + base,
        "SSD written", "HDD written", "intermed. SSD", "intermed. HDD", "SSD x " + base, "cost $");
    for (int i = 0; i < runs.size(); i++) {
      Run r = runs.get(i);
      Comparison c = comparisons.get(i);
      out.printf("%-10s %-9s %8.1f %9.2f %12s %12s %14s %14s %10.2f %9.6f%n", r.job(), r.split(), r.seconds(),
          c.timeRatio(), mib(r.bytesWrittenByTier().getOrDefault(ssdTier, 0L)),
          mib(r.bytesWrittenByTier().getOrDefault(hddTier, 0L)),
          mib(r.intermediateWrittenByTier().getOrDefault(ssdTier, 0L)),
          mib(r.intermediateWrittenByTier().getOrDefault(hddTier, 0L)), c.ssdWrittenRatio(), r.storageDollars());
    }
  }

  /** The target on TeraSort, and whether the hybrid beats SSD-only on each job. */
  public static List<String> verdicts(List<Run> runs, String ssdTier) {
    List<String> lines = new ArrayList<>();
    String base = runs.get(0).split();
    for (Comparison c : compare(runs, ssdTier)) {
      if (!c.split().equals("thesis") || !base.equals("ssd-only")) {
        continue;
      }
      boolean inTime = c.timeRatio() <= 1 + TIME_TOLERANCE;
      boolean saves = 1 - c.ssdWrittenRatio() >= SSD_SAVING_TARGET;
      String line = String.format("%s: thesis split at x%.2f of SSD-only's time (%s), %.0f%% fewer bytes written to"
          + " SSD; the hybrid %s SSD-only here", c.job(), c.timeRatio(), inTime ? "within 5%" : "NOT within 5%",
          (1 - c.ssdWrittenRatio()) * 100, c.timeRatio() < 1 ? "beats" : inTime ? "matches" : "does not match");
      if (c.job().equals("terasort")) {
        line += String.format(" -> target (within 5%%, >= 60%% fewer SSD bytes): %s", inTime && saves ? "MET"
            : "NOT MET");
      }
      lines.add(line);
    }
    return lines;
  }

  /** Job time and SSD bytes written, each normalized to the baseline, one cluster per job and metric. */
  public static void chart(List<Run> runs, String ssdTier, Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    String base = runs.get(0).split();
    CategoryChart chart = new CategoryChartBuilder().width(1000).height(520)
        .title("Input/output and intermediate data: SSD or HDD (ratio to " + base + ", lower is better)")
        .xAxisTitle("job and measure").yAxisTitle("ratio to " + base).build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setYAxisDecimalPattern("0.00");
    Map<String, List<Double>> bySplit = new LinkedHashMap<>();
    List<String> categories = new ArrayList<>();
    for (Comparison c : compare(runs, ssdTier)) {
      if (!categories.contains(c.job() + " time")) {
        categories.add(c.job() + " time");
        categories.add(c.job() + " SSD writes");
      }
      List<Double> values = bySplit.computeIfAbsent(c.split(), s -> new ArrayList<>());
      values.add(c.timeRatio());
      values.add(c.ssdWrittenRatio());
    }
    bySplit.forEach((split, values) -> chart.addSeries(split, categories, values));
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static String mib(long bytes) {
    return String.format("%.1f MiB", bytes / 1048576.0);
  }
}
