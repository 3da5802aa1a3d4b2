package io.strata.bench.iosplit;

import io.strata.bench.iosplit.IoSplitBenchmark.Run;
import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.DeclaredTarget;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
  /** The set-up the target is judged on (what the thesis recommends) and its baseline. */
  public static final String DECLARED = "thesis";
  public static final String BASELINE = "ssd-only";

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

  /**
   * Per job and set-up, the round of median time (the first round's order: set-ups as given, then jobs), which the
   * table, the comparisons and the chart show.
   */
  public static List<Run> medians(List<Run> runs) {
    Map<String, List<Run>> byKey = new LinkedHashMap<>();
    for (Run run : runs) {
      byKey.computeIfAbsent(run.split() + "\u0000" + run.job(), k -> new ArrayList<>()).add(run);
    }
    List<Run> medians = new ArrayList<>();
    for (List<Run> rounds : byKey.values()) {
      List<Run> sorted = new ArrayList<>(rounds);
      sorted.sort(Comparator.comparingDouble(Run::seconds));
      medians.add(sorted.get(sorted.size() / 2));
    }
    return medians;
  }

  /** The declared target's two parts: the thesis's split within 5% of SSD-only's TeraSort time... */
  static final DeclaredTarget TIME = new DeclaredTarget("TeraSort job time", DECLARED, BASELINE,
      1 + TIME_TOLERANCE, false);
  /** ...while writing at least 60% fewer bytes to SSD. */
  static final DeclaredTarget SSD_WRITES = new DeclaredTarget("TeraSort bytes written to SSD", DECLARED, BASELINE,
      1 - SSD_SAVING_TARGET, false);

  /** Each round's ratio of the declared set-up to the baseline on TeraSort, and whether a round was cpu-bound. */
  record RoundRatios(List<Double> time, List<Double> ssdWrites, boolean cpuBound) {}

  static RoundRatios terasortRatios(List<Run> runs, String ssdTier) {
    List<Double> time = new ArrayList<>();
    List<Double> ssd = new ArrayList<>();
    boolean cpuBound = false;
    int rounds = runs.stream().mapToInt(Run::round).max().orElse(-1) + 1;
    for (int round = 0; round < rounds; round++) {
      Run declared = find(runs, "terasort", DECLARED, round).orElse(null);
      Run base = find(runs, "terasort", BASELINE, round).orElse(null);
      if (declared == null || base == null) {
        continue;
      }
      time.add(declared.seconds() / base.seconds());
      long baseSsd = base.bytesWrittenByTier().getOrDefault(ssdTier, 0L);
      if (baseSsd > 0) {
        ssd.add(declared.bytesWrittenByTier().getOrDefault(ssdTier, 0L) / (double) baseSsd);
      }
      cpuBound |= declared.cpuBound() || base.cpuBound();
    }
    return new RoundRatios(time, ssd, cpuBound);
  }

  private static Optional<Run> find(List<Run> runs, String job, String split, int round) {
    return runs.stream().filter(r -> r.job().equals(job) && r.split().equals(split) && r.round() == round)
        .findFirst();
  }

  /** The declared target's verdicts, judged on the worst round, for the JSON result. */
  public static List<BenchResult.Target> targets(List<Run> runs, String ssdTier) {
    RoundRatios ratios = terasortRatios(runs, ssdTier);
    return List.of(TIME.result(ratios.time(), ratios.cpuBound()),
        SSD_WRITES.result(ratios.ssdWrites(), ratios.cpuBound()));
  }

  /** Per job, set-up and measure, the ratio to the baseline round by round, for the JSON result. */
  public static List<BenchResult.Row> rows(List<Run> runs, String ssdTier) {
    String base = runs.get(0).split();
    Map<String, List<Run>> byKey = new LinkedHashMap<>();
    for (Run run : medians(runs)) {
      byKey.put(run.job() + "\u0000" + run.split(), new ArrayList<>());
    }
    runs.forEach(r -> byKey.get(r.job() + "\u0000" + r.split()).add(r));
    List<BenchResult.Row> rows = new ArrayList<>();
    for (List<Run> rounds : byKey.values()) {
      List<Double> time = new ArrayList<>();
      List<Double> ssd = new ArrayList<>();
      boolean cpuBound = false;
      for (Run run : rounds) {
        Run baseRun = find(runs, run.job(), base, run.round()).orElseThrow();
        time.add(run.seconds() / baseRun.seconds());
        long baseSsd = baseRun.bytesWrittenByTier().getOrDefault(ssdTier, 0L);
        ssd.add(baseSsd == 0 ? 0 : run.bytesWrittenByTier().getOrDefault(ssdTier, 0L) / (double) baseSsd);
        cpuBound |= run.cpuBound() || baseRun.cpuBound();
      }
      Run first = rounds.get(0);
      rows.add(BenchResult.Row.of(first.job() + " time, ratio to " + base, first.split(), "x", time, cpuBound));
      rows.add(BenchResult.Row.of(first.job() + " SSD bytes written, ratio to " + base, first.split(), "x", ssd,
          cpuBound));
    }
    return rows;
  }

  /**
   * Whether the thesis's split beats SSD-only on each job (median rounds), then the declared target's two lines,
   * judged on the worst round.
   */
  public static List<String> verdicts(List<Run> runs, String ssdTier) {
    List<String> lines = new ArrayList<>();
    List<Run> medians = medians(runs);
    if (!medians.get(0).split().equals(BASELINE)) {
      return lines;
    }
    for (Comparison c : compare(medians, ssdTier)) {
      if (!c.split().equals(DECLARED)) {
        continue;
      }
      boolean inTime = c.timeRatio() <= 1 + TIME_TOLERANCE;
      lines.add(String.format("%s: thesis split at x%.2f of SSD-only's time (median round; %s), %.0f%% fewer bytes "
          + "written to SSD; the hybrid %s SSD-only here", c.job(), c.timeRatio(),
          inTime ? "within 5%"
              : "NOT within 5%",
          (1 - c.ssdWrittenRatio()) * 100, c.timeRatio() < 1 ? "beats" : inTime ? "matches"
              : "does not match"));
    }
    RoundRatios ratios = terasortRatios(runs, ssdTier);
    if (!ratios.time().isEmpty()) {
      lines.add("target: " + TIME.line(ratios.time(), ratios.cpuBound()));
      lines.add("target: " + SSD_WRITES.line(ratios.ssdWrites(), ratios.cpuBound()));
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
