package io.strata.bench.retrieval;

import io.strata.bench.protocol.Spread;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The retrieval sweep as one bar chart: a cluster of bars per topology, a bar per contender, each its median ratio
 * to stock-best over the rounds (1.0 is stock HDFS at its best).
 */
public final class TopologySweepChart {
  private final Map<String, List<RetrievalBenchmark.Result>> byTopology = new LinkedHashMap<>();

  /** Adds one topology's results, in the order the chart shows them. */
  public void add(String topology, List<RetrievalBenchmark.Result> results) {
    byTopology.put(topology, List.copyOf(results));
  }

  /** Writes the chart as a PNG to {@code file}; the baseline is each topology's first contender. */
  public void writePng(Path file) throws IOException {
    if (byTopology.isEmpty()) {
      throw new IllegalStateException("no topology ran");
    }
    System.setProperty("java.awt.headless", "true");
    CategoryChart chart = new CategoryChartBuilder().width(900).height(500)
        .title("Aggregate read rate by topology, median ratio to stock-best (cluster of hosts)")
        .xAxisTitle("topology").yAxisTitle("ratio to stock-best (higher is better)").build();
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setDecimalPattern("0.00");
    chart.getStyler().setYAxisMin(0.0);
    List<String> topologies = new ArrayList<>(byTopology.keySet());
    for (RetrievalBenchmark.Result contender : byTopology.values().iterator().next()) {
      List<Double> medians = new ArrayList<>();
      for (List<RetrievalBenchmark.Result> results : byTopology.values()) {
        RetrievalBenchmark.Result base = results.get(0);
        medians.add(results.stream().filter(r -> r.policy().equals(contender.policy())).findFirst()
            .map(r -> Spread.of(r.ratiosTo(base)).median()).orElse(0.0));
      }
      chart.addSeries(contender.policy(), topologies, medians);
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
