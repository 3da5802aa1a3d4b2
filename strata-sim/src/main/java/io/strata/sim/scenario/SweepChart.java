package io.strata.sim.scenario;

import java.util.List;

/**
 * A chart across groups, as a paper draws a parameter sweep (AptStore Fig. 2: bandwidth by number of readers, one
 * bar per replication factor): one cluster of bars per group, one bar per run label, in the metric's own unit
 * rather than as ratios to a baseline.
 *
 * @param title      the chart's title
 * @param xAxisTitle what the clusters stand for
 * @param groups     the scenario's groups drawn, by their index in {@link Scenario#groups}, left to right
 * @param categories each group's label on the x axis, in the order of {@code groups}
 * @param series     the run labels drawn, in legend order; every group has a run of each
 * @param metric     the value each bar shows
 */
public record SweepChart(String title, String xAxisTitle, List<Integer> groups, List<String> categories,
    List<String> series, Metric metric) {
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
