package io.strata.bench.kat;

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
 * The benchmark's table (ratios to the native job at the same rate; {@code on_owner}: the drop-in reduces that ran
 * on their partition's owner), payback and chart.
 */
public final class KatReport {
  private KatReport() {}

  public static void print(KatBenchmark.Result result, PrintStream out) {
    out.printf(Locale.ROOT, "KAT benchmark: %d hosts (one rack, NICs shaped per phase), input %,d bytes of Zipf "
        + "words (vocabulary %,d, exponent %.2f), %d partitions (expected largest %.3fx the mean)%n",
        result.settings().hosts(), result.inputBytes(), result.settings().vocabulary(),
        result.settings().zipfExponent(), result.settings().hosts(), result.expectedImbalance());
    out.printf(Locale.ROOT, "plain load %.1f s, KAT ingest %.1f s (extra %.1f s)%n", result.loadSeconds(),
        result.ingestSeconds(), result.ingestSeconds() - result.loadSeconds());
    out.println("rate_mbps job       mode          seconds  x_native  shuffle_bytes  map_out_mat_bytes  "
        + "host_nic_sent_bytes  x_native_sent  data_local  reduces  on_owner  same_output  payback_runs");
    for (KatBenchmark.JobRun run : result.runs()) {
      KatBenchmark.JobRun base = baseline(result, run);
      String payback = "-";
      if (!run.mode().equals("native")) {
        double saved = base.seconds() - run.seconds();
        double extra = result.ingestSeconds() - result.loadSeconds();
        payback = saved <= 0 ? "never" : String.format(Locale.ROOT, "%.1f", Math.max(0, extra) / saved);
      }
      String onOwner = run.reducesOnOwner() < 0 ? "-" : run.reducesOnOwner() + "/" + run.launchedReduces();
      out.printf(Locale.ROOT,
          "%9d %-9s %-12s %8.1f  %8.3f  %13d  %17d  %19d  %13.3f  %4d/%-5d  %7d  %8s  %-11s  %s%n",
          run.rateMbps(), run.job(), run.mode(), run.seconds(), run.seconds() / base.seconds(),
          run.reduceShuffleBytes(), run.mapOutputMaterializedBytes(), run.hostBytesSent(),
          base.hostBytesSent() == 0 ? 0 : (double) run.hostBytesSent() / base.hostBytesSent(), run.dataLocalMaps(),
          run.launchedMaps(), run.launchedReduces(), onOwner, run.sameOutputAsNative() ? "yes" : "NO", payback);
    }
  }

  private static KatBenchmark.JobRun baseline(KatBenchmark.Result result, KatBenchmark.JobRun run) {
    return result.runs().stream().filter(r -> r.rateMbps() == run.rateMbps() && r.job().equals(run.job())
        && r.mode().equals("native")).findFirst().orElse(run);
  }

  /** Job time relative to the native job, one group of bars per job and rate, one bar per KAT mode. */
  public static void chart(KatBenchmark.Result result, Path png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    int groups = result.settings().ratesMbps().size() * KatBenchmark.JOBS.size();
    // Wide enough that each group's label ("wordcount @ 1000 Mb/s") fits under its bars.
    CategoryChart chart = new CategoryChartBuilder().width(Math.max(900, 170 * groups + 200)).height(500)
        .title("KAT: job time relative to the native job (lower is better)").xAxisTitle("job @ NIC rate")
        .yAxisTitle("seconds / native seconds").build();
    chart.getStyler().setYAxisMin(0.0);
    List<String> categories = new ArrayList<>();
    for (long rate : result.settings().ratesMbps()) {
      for (String job : KatBenchmark.JOBS) {
        categories.add(job + " @ " + rate + " Mb/s");
      }
    }
    for (String mode : KatBenchmark.MODES) {
      List<Double> ratios = new ArrayList<>();
      for (long rate : result.settings().ratesMbps()) {
        for (String job : KatBenchmark.JOBS) {
          KatBenchmark.JobRun run = result.runs().stream().filter(r -> r.rateMbps() == rate && r.job().equals(job)
              && r.mode().equals(mode)).findFirst().orElseThrow();
          ratios.add(run.seconds() / baseline(result, run).seconds());
        }
      }
      chart.addSeries(mode, categories, ratios);
    }
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
