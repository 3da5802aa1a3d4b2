package io.strata.sim.scenario;

import io.strata.sim.metrics.SimResult;
import java.util.function.ToDoubleFunction;

/**
 * A number a scenario compares across runs.
 *
 * @param label          short name for tables and charts
 * @param unit           unit of the absolute value
 * @param value          how to read it from a result
 * @param higherIsBetter for the reader: whether a ratio above 1 is a gain
 */
public record Metric(String label, String unit, ToDoubleFunction<SimResult> value, boolean higherIsBetter) {
  public static final Metric IO_RATE = new Metric("I/O rate per task", "MB/s", r -> r.io().avgRateMBps(), true);
  public static final Metric READ_THROUGHPUT = new Metric("read throughput", "MB/s", r -> r.io().throughputMBps(),
      true);
  public static final Metric NETWORK = new Metric("network bytes", "TB", r -> r.network().bytes() / 1e12, false);
  public static final Metric JOB_TIME = new Metric("execution time", "job-hours",
      r -> r.time().totalJobSeconds() / 3600, false);
  public static final Metric JOB_TIME_P50 = new Metric("job time p50", "s", r -> r.time().p50JobSeconds(), false);
  public static final Metric JOB_TIME_P90 = new Metric("job time p90", "s", r -> r.time().p90JobSeconds(), false);
  public static final Metric JOB_TIME_P99 = new Metric("job time p99", "s", r -> r.time().p99JobSeconds(), false);
  public static final Metric MAKESPAN = new Metric("makespan", "s", r -> r.time().makespanSeconds(), false);
  public static final Metric ENERGY = new Metric("device energy", "kJ", r -> r.energy().joules() / 1e3, false);
  public static final Metric STORAGE_COST = new Metric("storage cost", "USD", r -> r.storage().costUsd(), false);
  /** Node energy (base power plus disks) from the decision core's power model; runs with power settings only. */
  public static final Metric NODE_ENERGY = new Metric("node energy", "kWh", r -> power(r).nodeJoules() / 3.6e6, false);
  public static final Metric DISK_ENERGY = new Metric("disk energy", "kWh", r -> power(r).diskJoules() / 3.6e6, false);
  /** The thesis's Pt: node energy x time, here the sum of job times. */
  public static final Metric ENERGY_DELAY = new Metric("Pt = energy x job time", "kWh h",
      r -> power(r).pt() / 3.6e6 / 3600, false);
  public static final Metric PEAK_STORAGE = new Metric("storage (peak replica bytes)", "TB",
      r -> r.storage().peakBytes() / 1e12, false);

  private static SimResult.Power power(SimResult r) {
    if (r.power() == null) {
      throw new IllegalStateException("run '" + r.run().label() + "' has no power settings: no node energy");
    }
    return r.power();
  }
}
