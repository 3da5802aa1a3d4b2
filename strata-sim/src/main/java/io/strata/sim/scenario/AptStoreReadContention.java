package io.strata.sim.scenario;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.model.DeviceModel;
import io.strata.sim.trace.TraceSource;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * AptStore Fig. 2 (section II-A): the read bandwidth of maps that read one block at once, by the number of
 * concurrent readers and the block's replication factor, on the paper's 26-worker testbed. It checks that the
 * model has the mechanism AptStore's throughput gain rests on (more replicas spread contended reads), apart from
 * whether a trace has such contention.
 */
public final class AptStoreReadContention implements Scenario {
  static final int[] READERS = {1, 8, 32, 80};
  /** Replication factors of each group; the first, HDFS's default, is the baseline. */
  static final int[] REPLICATION = {3, 1, 6, 9, 12};
  /** AptStore IV-A: the testbed's default HDFS block size. */
  static final long BLOCK_BYTES = 512L << 20;
  /** One map slot per disk of a worker (twelve disks; the paper does not give its slot count). */
  static final int MAP_SLOTS = 12;
  /** The device models compared, in the order of the groups. */
  static final List<DeviceModel> MODELS = List.of(DeviceModel.PER_VOLUME, DeviceModel.POOLED);

  @Override
  public String name() {
    return "aptstore-contention";
  }

  @Override
  public String description() {
    return "AptStore Fig. 2: read bandwidth of 1-80 concurrent readers of one block at replication 1-12, 26 nodes";
  }

  @Override
  public String specText() {
    return ClusterSpecs.aptstoreTestbed();
  }

  @Override
  public List<RunGroup> groups(Options options) {
    ClusterSpec spec = ClusterSpecs.parse(name(), specText());
    List<RunGroup> groups = new ArrayList<>();
    for (DeviceModel model : MODELS) {
      for (int readers : READERS) {
        TraceSource trace = trace(readers);
        List<SimConfig> runs = new ArrayList<>();
        for (int replication : REPLICATION) {
          runs.add(SimConfig.builder(spec, trace, "default", "network")
              .label("replication " + replication)
              .replication(replication)
              .blockSize(BLOCK_BYTES)
              .byteScale(1.0)
              .slots(MAP_SLOTS, 2)
              .capacityRule(CapacityRule.FALLBACK)
              .deviceModel(model)
              .seed(options.seed())
              .build());
        }
        String readersTitle = readers == 1 ? "1 reader" : readers + " concurrent readers";
        groups.add(new RunGroup(readersTitle + " [" + model.label() + " devices]", runs));
      }
    }
    return groups;
  }

  /** {@code readers} map-only jobs submitted together, each reading the same one-block file. */
  static TraceSource trace(int readers) {
    StringBuilder text = new StringBuilder();
    for (int job = 1; job <= readers; job++) {
      text.append("read").append(job).append("\t0\t0\t").append(BLOCK_BYTES).append("\t0\t0\t/fig2/block\t\n");
    }
    return TraceSource.ofText(readers + "-readers", text.toString());
  }

  /** Fig. 2 as the paper draws it, once per device model: rate by readers, a bar per replication factor. */
  @Override
  public List<SweepChart> sweeps() {
    List<String> categories = Arrays.stream(READERS).mapToObj(String::valueOf).toList();
    List<SweepChart.Series> series = new ArrayList<>();
    for (int replication : Arrays.stream(REPLICATION).sorted().toArray()) {
      int run = IntStream.range(0, REPLICATION.length).filter(i -> REPLICATION[i] == replication).findFirst()
          .orElseThrow();
      series.add(new SweepChart.Series("replication " + replication, run));
    }
    List<SweepChart> sweeps = new ArrayList<>();
    for (int m = 0; m < MODELS.size(); m++) {
      int first = m * READERS.length;
      sweeps.add(new SweepChart("Fig. 2: read rate per map by concurrent readers [" + MODELS.get(m).label()
          + " devices]", "maps reading one 512 MB block at once",
          IntStream.range(first, first + READERS.length).boxed().toList(), categories, series, Metric.IO_RATE, false));
    }
    return sweeps;
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.IO_RATE);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "AptStore Fig. 2 reports: 3 replicas suffice for up to 8 concurrent reads; at 80 concurrent reads any "
            + "replication below 9 loses much bandwidth; at up to 32, more than 9 replicas gain nothing.",
        "Testbed as AptStore IV-A: 26 workers of 12 disks (the catalog's 61 MB/s HDD, not the paper's 15K RPM "
            + "disks), 10 Gbps NICs; 2 racks of 13 with unthrottled uplinks (assumed); 12 map slots per worker "
            + "(assumed); 512 MB blocks; the readers are map-only jobs submitted at once, each reading the block.",
        "Per-volume devices (each disk its own resource) make readers of one replica share its disk from the second "
            + "reader on; the pooled model, the aptstore scenario's default, lends each reader any of its node's "
            + "disks, so they contend only when they outnumber them.");
  }
}
