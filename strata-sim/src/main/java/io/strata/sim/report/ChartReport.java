package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import io.strata.sim.scenario.Metric;
import io.strata.sim.scenario.SweepChart;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

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
    style(chart, "0.00");
    List<String> categories = new ArrayList<>();
    for (Metric metric : metrics) {
      categories.add(metric.label() + " (" + better(metric) + ")");
    }
    for (SimResult result : group.results()) {
      List<Double> ratios = new ArrayList<>();
      for (Metric metric : metrics) {
        ratios.add(ratioToBaseline(metric, result, group));
      }
      chart.addSeries(result.run().label(), categories, ratios);
    }
    return chart;
  }

  /** One cluster of bars per swept group, one bar per series: the metric's value, or its ratio to the baseline. */
  public static CategoryChart sweep(SweepChart sweep, List<GroupResults> groups) {
    System.setProperty("java.awt.headless", "true");
    Metric metric = sweep.metric();
    CategoryChart chart = new CategoryChartBuilder().width(900).height(520).title(sweep.title())
        .xAxisTitle(sweep.xAxisTitle())
        .yAxisTitle(metric.label() + (sweep.normalized() ? " (ratio to baseline, " : " (" + metric.unit() + ", ")
            + better(metric) + ")")
        .build();
    style(chart, sweep.normalized() ? "0.00" : "0.0");
    for (SweepChart.Series series : sweep.series()) {
      List<Double> values = new ArrayList<>();
      for (int index : sweep.groups()) {
        if (index < 0 || index >= groups.size()) {
          throw new IllegalArgumentException(sweep.title() + ": no group " + index + " (there are " + groups.size()
              + ")");
        }
        GroupResults group = groups.get(index);
        if (series.run() < 0 || series.run() >= group.results().size()) {
          throw new IllegalArgumentException(sweep.title() + ": group '" + group.title() + "' has no run "
              + series.run() + " for '" + series.legend() + "' (it has " + group.results().size() + ")");
        }
        SimResult run = group.results().get(series.run());
        values.add(sweep.normalized() ? ratioToBaseline(metric, run, group) : metric.value().applyAsDouble(run));
      }
      chart.addSeries(series.legend(), sweep.categories(), values);
    }
    return chart;
  }

  /** The run's value of the metric over its group baseline's (0 when the baseline's is 0). */
  private static double ratioToBaseline(Metric metric, SimResult run, GroupResults group) {
    double base = metric.value().applyAsDouble(group.baseline());
    return base == 0 ? 0 : metric.value().applyAsDouble(run) / base;
  }

  private static String better(Metric metric) {
    return metric.higherIsBetter() ? "higher is better" : "lower is better";
  }

  /** Legend below, values on the bars in {@code decimals}, y from zero. */
  private static void style(CategoryChart chart, String decimals) {
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
    chart.getStyler().setLabelsVisible(true);
    chart.getStyler().setLabelsFontColorAutomaticEnabled(false);
    chart.getStyler().setDecimalPattern(decimals);
    chart.getStyler().setYAxisMin(0.0);
  }

  public static void writePng(Path file, GroupResults group, List<Metric> metrics) throws IOException {
    BitmapEncoder.saveBitmap(chart(group, metrics), file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  public static void writePng(Path file, SweepChart sweep, List<GroupResults> groups) throws IOException {
    BitmapEncoder.saveBitmap(sweep(sweep, groups), file.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
