package io.strata.bench.energy;

import io.strata.bench.energy.EnergyBenchmark.Run;
import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.DeclaredTarget;
import io.strata.core.energy.EnergyDelay;
import io.strata.core.energy.NodePower;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * The energy benchmark's table, its targets and its chart, every figure against native HDFS (the first run); the
 * declared configuration is also compared with stock-best.
 */
public final class EnergyReport {
  private EnergyReport() {}

  /** Prints the side-by-side table and the targets; returns whether every target was met. */
  public static boolean print(List<Run> runs, NodePower nodePower, PrintStream out) {
    Run base = runs.get(0);
    out.printf(Locale.ROOT, "%-28s %8s %8s %10s %10s %10s %8s %8s %8s %9s %9s %8s %7s%n", "system", "write s", "job s",
        "node kJ", "disks kJ", "backup kJ", "node x", "disks x", "backup x", "time x", "Pt x", "spin-ups",
        "stall s");
    for (Run run : runs) {
      EnergyDelay.Comparison c = run.node().against(base.node());
      out.printf(Locale.ROOT, "%-28s %8.1f %8.1f %10.1f %10.2f %10.2f %8.3f %8.3f %8.3f %9.3f %9.3f %8d %7.1f%n",
          run.system(), run.writeSeconds(), run.jobSeconds(), run.nodeJoules() / 1000, run.diskJoules() / 1000,
          run.backupJoules() / 1000,
          c.energyRatio(), run.diskJoules() / base.diskJoules(), run.backupJoules() / base.backupJoules(),
          c.timeRatio(), c.ptRatio(), run.spinUps(), run.stallSeconds());
    }
    out.println();
    out.printf(Locale.ROOT, "%-28s %9s %12s %12s %10s %11s  %s%n", "system", "Ptc(0.5)", "native Ptc", "maps local",
        "backup rd", "read stall", "spin-ups by cause");
    for (Run run : runs) {
      EnergyDelay.Comparison c = run.node().against(base.node());
      out.printf(Locale.ROOT, "%-28s %9.3f %12.3f %7d/%-4d %10d %10.1fs  %s%s%n", run.system(), c.ptc(0.5),
          c.baselinePtc(0.5), run.dataLocalMaps(), run.maps(), run.backupReads(), run.readStallSeconds(),
          run.spinUpsByCause(), run.unusedPredicted() > 0 ? " (" + run.unusedPredicted() + " predicted, unused)" : "");
    }
    out.printf(Locale.ROOT, "%nenergy, time x and Pt cover each run's input write and job; node energy = %.0f W base "
        + "per node x (write + job time) + modeled disks; base power: %s%n", nodePower.baseWatts(), nodePower.source());
    boolean sameOutput = runs.stream().allMatch(r -> r.output().equals(base.output()));
    out.printf("WordCount output identical in every run: %s%n", sameOutput ? "yes" : "NO");

    boolean all = sameOutput;
    Run reactive = runs.stream().filter(r -> r.system().endsWith("reactive")).findFirst().orElse(null);
    out.println("targets (issue 26), primary-backup against native HDFS:");
    for (Run run : runs.subList(1, runs.size())) {
      if (run.system().equals(EnergyBenchmark.STOCK_BEST)) {
        continue;
      }
      double backup = run.backupJoules() / base.backupJoules();
      double disks = run.diskJoules() / base.diskJoules();
      double time = run.jobSeconds() / base.jobSeconds();
      double node = run.nodeJoules() / base.nodeJoules();
      all &= check(out, run.system() + ": backup-volume energy <= 0.40x", backup, backup <= 0.40);
      all &= check(out, run.system() + ": all-disk energy <= 0.70x", disks, disks <= 0.70);
      all &= check(out, run.system() + ": job time <= 1.03x", time, time <= 1.03);
      check(out, run.system() + ": node energy (bar: the thesis's 0.81x)", node, node <= 0.81);
      all &= check(out, run.system() + ": reads that reached a backup while every primary was live = 0",
          run.backupReads(), run.backupReads() == 0);
      if (reactive != null && run != reactive && reactive.stallSeconds() > 0) {
        double hidden = 1 - run.stallSeconds() / reactive.stallSeconds();
        boolean predicted = run.system().endsWith("predictive");
        boolean ok = check(out, run.system() + ": spin-up stall hidden vs reactive (target >= 80%)", hidden,
            hidden >= 0.80);
        if (predicted) {
          all &= ok;
        }
      }
    }
    out.printf("declared: %s, against native HDFS and %s (stock HDFS, %s policy, every disk spun down when "
        + "idle):%n", EnergyBenchmark.DECLARED, EnergyBenchmark.STOCK_BEST, EnergyBenchmark.STOCK_BEST_POLICY);
    judged(runs).forEach(j -> out.println("  target: " + j.target().line(j.values(), false)));
    out.println("Measured side by side in one run on a shared, loaded machine: times are noisy; compare ratios.");
    return all;
  }

  /** A declared target with the ratios it is judged on, one per round (one round per run here). */
  record Judged(DeclaredTarget target, List<Double> values) {}

  /**
   * The targets of {@link EnergyBenchmark#DECLARED}: issue 26's against native HDFS, and against
   * {@link EnergyBenchmark#STOCK_BEST} no more disk energy and at most 3% more time. Each system runs once, so the
   * protocol judges none of them (fewer than 3 rounds); the ratios are printed all the same.
   */
  static List<Judged> judged(List<Run> runs) {
    Run base = runs.get(0);
    Run declared = find(runs, EnergyBenchmark.DECLARED);
    Run stock = find(runs, EnergyBenchmark.STOCK_BEST);
    List<Judged> judged = new ArrayList<>();
    String d = EnergyBenchmark.DECLARED;
    judged.add(new Judged(new DeclaredTarget("backup-volume energy", d, base.system(), 0.40, false),
        declared == null ? List.of() : List.of(declared.backupJoules() / base.backupJoules())));
    judged.add(new Judged(new DeclaredTarget("all-disk energy", d, base.system(), 0.70, false),
        declared == null ? List.of() : List.of(declared.diskJoules() / base.diskJoules())));
    judged.add(new Judged(new DeclaredTarget("job time", d, base.system(), 1.03, false),
        declared == null ? List.of() : List.of(declared.jobSeconds() / base.jobSeconds())));
    if (stock != null) {
      judged.add(new Judged(new DeclaredTarget("all-disk energy", d, stock.system(), 1.00, false),
          declared == null ? List.of() : List.of(declared.diskJoules() / stock.diskJoules())));
      judged.add(new Judged(new DeclaredTarget("job time", d, stock.system(), 1.03, false),
          declared == null ? List.of() : List.of(declared.jobSeconds() / stock.jobSeconds())));
    }
    return judged;
  }

  /** The declared targets and their verdicts, machine-readable. */
  public static List<BenchResult.Target> targetResults(List<Run> runs) {
    return judged(runs).stream().map(j -> j.target().result(j.values(), false)).toList();
  }

  /**
   * Every system's node, all-disk and backup-disk energy and job time as ratios to native HDFS, and the declared
   * configuration's to stock-best, machine-readable (one round each).
   */
  public static List<BenchResult.Row> resultRows(List<Run> runs) {
    Run base = runs.get(0);
    List<BenchResult.Row> rows = new ArrayList<>();
    for (Run run : runs) {
      rows.addAll(ratioRows(run, base));
    }
    Run declared = find(runs, EnergyBenchmark.DECLARED);
    Run stock = find(runs, EnergyBenchmark.STOCK_BEST);
    if (declared != null && stock != null) {
      rows.addAll(ratioRows(declared, stock));
    }
    return rows;
  }

  private static List<BenchResult.Row> ratioRows(Run run, Run base) {
    String to = " to " + base.system();
    return List.of(
        BenchResult.Row.of("node energy" + to, run.system(), "x", List.of(run.nodeJoules() / base.nodeJoules()),
            false),
        BenchResult.Row.of("all-disk energy" + to, run.system(), "x", List.of(run.diskJoules() / base.diskJoules()),
            false),
        BenchResult.Row.of("backup-disk energy" + to, run.system(), "x",
            List.of(run.backupJoules() / base.backupJoules()), false),
        BenchResult.Row.of("job time" + to, run.system(), "x", List.of(run.jobSeconds() / base.jobSeconds()),
            false));
  }

  private static Run find(List<Run> runs, String system) {
    return runs.stream().filter(r -> r.system().equals(system)).findFirst().orElse(null);
  }

  private static boolean check(PrintStream out, String what, double value, boolean ok) {
    out.printf(Locale.ROOT, "  %-80s %8.3f  %s%n", what, value, ok ? "PASS" : "MISS");
    return ok;
  }

  /** Bars of node energy, all-disk energy, backup energy, job time and Pt, each as a ratio to native HDFS. */
  public static void chart(List<Run> runs, Path png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
        .title("Energy-efficient HDFS: WordCount on the energy preset, ratio to native HDFS")
        .xAxisTitle("").yAxisTitle("ratio to native HDFS (lower is better)").build();
    chart.getStyler().setYAxisDecimalPattern("0.00");
    List<String> metrics = List.of("node energy", "all disks", "backup disks", "job time", "Pt");
    Run base = runs.get(0);
    for (Run run : runs) {
      EnergyDelay.Comparison c = run.node().against(base.node());
      List<Double> values = new ArrayList<>(List.of(c.energyRatio(), run.diskJoules() / base.diskJoules(),
          run.backupJoules() / base.backupJoules(), c.timeRatio(), c.ptRatio()));
      chart.addSeries(run.system(), metrics, values);
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
