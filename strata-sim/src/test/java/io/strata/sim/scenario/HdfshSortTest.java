package io.strata.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.sim.engine.BatchRunner;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.report.ChartReport;
import io.strata.sim.report.GroupResults;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;

/** HDFS-H Fig. 7 as the scenario draws it: each bar is a configuration's Sort makespan over HD's at that size. */
class HdfshSortTest {
  @Test
  void theFig7ChartShowsEachConfigurationsMakespanRelativeToHdAtEachSize() {
    Scenario scenario = Scenarios.get("hdfsh-sort");
    List<GroupResults> results = new ArrayList<>();
    for (Scenario.RunGroup group : scenario.groups(Scenario.Options.defaults())) {
      results.add(new GroupResults(group.title(), BatchRunner.run(group.runs(), 2, false)));
    }
    CategoryChart chart = ChartReport.sweep(scenario.sweeps().get(0), results);
    assertEquals(List.of("HD", "80/20", "50/50", "20/80", "SSD"), List.copyOf(chart.getSeriesMap().keySet()));
    assertEquals(List.of("10 GB", "48 GB", "256 GB"), List.copyOf(chart.getSeriesMap().get("HD").getXData()));
    for (int c = 0; c < HdfshSort.CONFIGURATIONS.length; c++) {
      List<? extends Number> bars = List.copyOf(chart.getSeriesMap().get(HdfshSort.CONFIGURATIONS[c][0]).getYData());
      for (int size = 0; size < HdfshSort.SIZES_GB.length; size++) {
        List<SimResult> group = results.get(size).results();
        double ratio = group.get(c).time().makespanSeconds() / group.get(0).time().makespanSeconds();
        assertEquals(ratio, bars.get(size).doubleValue(), 1e-9, HdfshSort.CONFIGURATIONS[c][0] + " at "
            + HdfshSort.SIZES_GB[size] + " GB");
      }
    }
    List<? extends Number> ssd = List.copyOf(chart.getSeriesMap().get("SSD").getYData());
    assertTrue(ssd.stream().allMatch(r -> r.doubleValue() < 1), "all-SSD sorts faster than HD at every size: " + ssd);
  }
}
