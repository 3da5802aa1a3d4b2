package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import io.strata.sim.scenario.Metric;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;

/**
 * A bar chart in the style of hatS Fig. 13: one cluster of bars per metric, one bar per run, each normalized to the
 * group's baseline (which is 1.0).
 */
public final class ChartReport {
  private ChartReport() {}

  public static CategoryChart chart(GroupResults group, List<Metric> metrics) {
    System.setProperty("java.awt.headless", "true");
    CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title(group.title())
        .xAxisTitle("normalized to " + group.baseline().run().label()).yAxisTitle("ratio").build();
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(org.knowm.xchart.style.Styler.LegendLayout.Horizontal);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
    chart.getStyler().setDecimalPattern("0.00");
    chart.getStyler().setYAxisMin(0.0);
    List<String> categories = new ArrayList<>();
    for (Metric metric : metrics) {
      categories.add(metric.label() + (metric.higherIsBetter() ? " (higher is better)" : " (lower is better)"));
    }
    for (SimResult result : group.results()) {
      List<Double> ratios = new ArrayList<>();
      for (Metric metric : metrics) {
        double base = metric.value().applyAsDouble(group.baseline());
        ratios.add(base == 0 ? 0 : metric.value().applyAsDouble(result) / base);
      }
      chart.addSeries(result.run().label(), categories, ratios);
    }
    return chart;
  }

  public static void writePng(Path file, GroupResults group, List<Metric> metrics) throws IOException {
    BitmapEncoder.saveBitmap(chart(group, metrics), file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
