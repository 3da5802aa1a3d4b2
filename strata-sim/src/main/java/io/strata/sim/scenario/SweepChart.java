package io.strata.sim.scenario;

import java.util.List;

/**
 * A chart across groups, as a paper draws a parameter sweep (AptStore Fig. 2: bandwidth by number of readers, one
 * bar per replication factor; HDFS-H Fig. 7: Sort time by dataset size, one bar per SSD share): one cluster of
 * bars per group, one bar per series.
 *
 * @param title      the chart's title
 * @param xAxisTitle what the clusters stand for
 * @param groups     the scenario's groups drawn, by their index in {@link Scenario#groups}, left to right
 * @param categories each group's label on the x axis, in the order of {@code groups}
 * @param series     the bars of each cluster, in legend order
 * @param metric     the value each bar shows
 * @param normalized whether a bar is its run's value over its group's baseline (else the metric's own unit)
 */
public record SweepChart(String title, String xAxisTitle, List<Integer> groups, List<String> categories,
    List<Series> series, Metric metric, boolean normalized) {
  /**
   * One bar in each cluster.
   *
   * @param legend the name in the legend
   * @param run    the run drawn, by its index in each group (the groups of a sweep list their runs alike)
   */
  public record Series(String legend, int run) {}

  public SweepChart {
    if (groups.size() != categories.size() || groups.isEmpty() || series.isEmpty()) {
      throw new IllegalArgumentException(title + ": " + groups.size() + " groups, " + categories.size()
          + " category labels and " + series.size() + " series; give one label per group and at least one series");
    }
    groups = List.copyOf(groups);
    categories = List.copyOf(categories);
    series = List.copyOf(series);
  }
}
