package io.strata.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.sim.engine.BatchRunner;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.report.ChartReport;
import io.strata.sim.report.GroupResults;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;

/**
 * AptStore Fig. 2 in the model, against rates worked out by hand. K readers start together on one block, each
 * reading all of it, so every reader on a shared resource gets an equal share until all finish together: the mean
 * rate per task is the bandwidth of the resources the readers use, divided by K (each capped at one disk, 61 MB/s).
 * Per-volume: a replica is one disk, so R replicas give 61 R / K. Pooled: a replica's node lends a reader any of
 * its 12 disks, so R replicas give min(61, 12 x 61 R / K).
 */
class AptStoreReadContentionTest {
  static final double DISK_MBPS = 61;
  static final int DISKS_PER_NODE = 12;

  private static List<SimResult> group(String title) {
    Scenario scenario = Scenarios.get("aptstore-contention");
    Scenario.RunGroup group = scenario.groups(Scenario.Options.defaults()).stream()
        .filter(g -> g.title().equals(title)).findFirst().orElseThrow(() -> new AssertionError("no group " + title));
    return BatchRunner.run(group.runs(), 2, false);
  }

  @Test
  void perVolumeReadersOfOneBlockShareItsReplicasDisks() {
    List<SimResult> results = group("80 concurrent readers [per-volume devices]");
    assertEquals(AptStoreReadContention.REPLICATION.length, results.size());
    for (int i = 0; i < results.size(); i++) {
      SimResult r = results.get(i);
      int replication = AptStoreReadContention.REPLICATION[i];
      assertEquals(80, r.jobs());
      assertEquals(0, r.io().unreadableBlocks());
      assertEquals(DISK_MBPS * replication / 80, r.io().avgRateMBps(), 1e-3, r.run().label());
      assertTrue(r.io().sharedBlockReadShare() > 0.98, "all but the first reader meet another");
    }
  }

  @Test
  void pooledReadersOfOneBlockOnlyContendWhenTheyOutnumberItsNodesDisks() {
    List<SimResult> pooled = group("80 concurrent readers [pooled devices]");
    for (int i = 0; i < pooled.size(); i++) {
      double expected = Math.min(DISK_MBPS, DISK_MBPS * DISKS_PER_NODE * AptStoreReadContention.REPLICATION[i] / 80);
      assertEquals(expected, pooled.get(i).io().avgRateMBps(), 1e-3, pooled.get(i).run().label());
    }
    for (SimResult r : group("8 concurrent readers [pooled devices]")) {
      assertEquals(DISK_MBPS, r.io().avgRateMBps(), 1e-3, r.run().label() + ": eight readers, twelve disks each");
    }
  }

  @Test
  void aLoneReaderReadsAtOneDisksSpeedWhateverTheReplication() {
    for (SimResult r : group("1 reader [per-volume devices]")) {
      assertEquals(DISK_MBPS, r.io().avgRateMBps(), 1e-3, r.run().label());
      assertEquals(0.0, r.io().sharedBlockReadShare(), 1e-9);
    }
  }

  @Test
  void theFig2ChartDrawsEachReplicationsRateAtEachReaderCount() {
    Scenario scenario = Scenarios.get("aptstore-contention");
    List<Scenario.RunGroup> groups = scenario.groups(Scenario.Options.defaults());
    List<GroupResults> results = new ArrayList<>();
    for (Scenario.RunGroup group : groups) {
      results.add(new GroupResults(group.title(), BatchRunner.run(group.runs(), 2, false)));
    }
    SweepChart pooled = scenario.sweeps().get(1);
    assertTrue(pooled.title().contains("pooled"), pooled.title());
    CategoryChart chart = ChartReport.sweep(pooled, results);
    assertEquals(List.of("replication 1", "replication 3", "replication 6", "replication 9", "replication 12"),
        List.copyOf(chart.getSeriesMap().keySet()), "legend in increasing replication");
    List<? extends Number> atNine = List.copyOf(chart.getSeriesMap().get("replication 9").getYData());
    for (int i = 0; i < AptStoreReadContention.READERS.length; i++) {
      int readers = AptStoreReadContention.READERS[i];
      assertEquals(Math.min(DISK_MBPS, DISK_MBPS * DISKS_PER_NODE * 9 / readers), atNine.get(i).doubleValue(), 1e-3,
          readers + " readers of 9 replicas");
    }

    SweepChart missing = new SweepChart("t", "x", List.of(0), List.of("1"),
        List.of(new SweepChart.Series("replication 2", 5)), Metric.IO_RATE, false);
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> ChartReport.sweep(missing, results));
    assertTrue(error.getMessage().contains("has no run 5 for 'replication 2'"), error.getMessage());
  }
}
