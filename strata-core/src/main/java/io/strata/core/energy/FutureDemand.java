package io.strata.core.energy;

/** The future use of backup volumes, known only to a simulator or a benchmark that replays a known workload. */
@FunctionalInterface
public interface FutureDemand {
  /**
   * The time of the next I/O on {@code node}'s backup volumes at or after {@code now};
   * {@link Double#POSITIVE_INFINITY} when there is none.
   */
  double nextBackupUse(String node, double now);
}
