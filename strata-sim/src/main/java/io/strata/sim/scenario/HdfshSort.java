package io.strata.sim.scenario;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.trace.TraceSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * HDFS-H Figs. 1, 7, 8: one Sort job per dataset size on 8 DataNodes under the five configurations, HD (no SSD
 * blocks), 80/20, 50/50, 20/80 (SSD share of blocks 0.2, 0.5, 0.8) and SSD, each normalized to HD.
 */
public final class HdfshSort implements Scenario {
  static final String[][] CONFIGURATIONS = {
      {"HD", "ratio:0"}, {"80/20", "ratio:0.2"}, {"50/50", "ratio:0.5"}, {"20/80", "ratio:0.8"}, {"SSD", "ratio:1"}};
  static final int[] SIZES_GB = {10, 48, 256};

  @Override
  public String name() {
    return "hdfsh-sort";
  }

  @Override
  public String description() {
    return "HDFS-H Figs. 1, 7, 8: Sort 10/48/256 GB on 8 nodes, HD vs 80/20 vs 50/50 vs 20/80 vs SSD";
  }

  @Override
  public String specText() {
    return ClusterSpecs.hdfsh8();
  }

  @Override
  public List<RunGroup> groups(Options options) {
    ClusterSpec spec = ClusterSpecs.parse(name(), specText());
    List<RunGroup> groups = new ArrayList<>();
    for (int gb : SIZES_GB) {
      long bytes = gb * 1_000_000_000L;
      // One Sort: read the dataset, shuffle all of it, write all of it back (Hadoop's Sort example).
      TraceSource trace = TraceSource.ofText("sort-" + gb + "GB",
          "sort" + gb + "\t0\t0\t" + bytes + "\t" + bytes + "\t" + bytes + "\t/sort/input-" + gb + "GB\t\t\n");
      List<SimConfig> runs = new ArrayList<>();
      for (String[] configuration : CONFIGURATIONS) {
        runs.add(SimConfig.builder(spec, trace, configuration[1], "network")
            .label(gb + "GB " + configuration[0])
            .byteScale(1.0)
            .slots(4, 2)
            .reducers(1, 14)
            .capacityRule(CapacityRule.FALLBACK)
            .seed(options.seed())
            .build());
      }
      groups.add(new RunGroup("Sort " + gb + " GB", runs));
    }
    return groups;
  }

  /** Fig. 7 as the paper draws it: Sort makespan by dataset size, a bar per configuration, relative to HD. */
  @Override
  public List<SweepChart> sweeps() {
    List<SweepChart.Series> series = IntStream.range(0, CONFIGURATIONS.length)
        .mapToObj(i -> new SweepChart.Series(CONFIGURATIONS[i][0], i)).toList();
    return List.of(new SweepChart("Fig. 7: Sort makespan by dataset size, relative to HD", "dataset sorted",
        IntStream.range(0, SIZES_GB.length).boxed().toList(),
        Arrays.stream(SIZES_GB).mapToObj(gb -> gb + " GB").toList(), series, Metric.MAKESPAN, true));
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.MAKESPAN, Metric.ENERGY, Metric.STORAGE_COST);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "HDFS-H reports Sort makespan vs HD: 10 GB 80/20 -7%, 50/50 -17%, 20/80 -22%, SSD -26%; 48 GB -8%, -27%, "
            + "-31%, -30%; about 20% less energy all-SSD. Its energy is whole-node (power meters); here it is device "
            + "energy only (busy devices at active power, idle ones at idle power), which mostly follows the makespan.",
        "Assumed: 4 map + 2 reduce slots per node (quad-core), 14 reducers (0.9 x reduce slots, as Hadoop's Sort), "
            + "64 MB blocks, 3 replicas, one rack with 1 Gbps NICs; intermediate data on each node's HDD; input "
            + "preloaded (RandomWriter). Storage cost: peak replica bytes at $0.04/GB HDD and $0.80/GB SSD "
            + "(device profiles).",
        "SSD capacity is 8 x 120 GB: at 256 GB the SSD zone overflows and the policy falls back to HDD (see "
            + "fallbacks in results.csv).");
  }
}
