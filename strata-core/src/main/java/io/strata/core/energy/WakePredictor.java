package io.strata.core.energy;

import java.util.Collection;
import java.util.Set;

/**
 * Decides which nodes' backup volumes to wake ahead of need, so that I/O does not wait for a spin-up. The caller
 * asks at regular times and wakes the volumes of the nodes returned with {@link WakeCause#PREDICTED}
 * ({@link VolumePower#wake}); waking an awake volume only keeps it from sleeping.
 */
public interface WakePredictor {
  /** The name as configured, e.g. {@code predictive}. */
  String name();

  /**
   * The nodes whose backup volumes should be woken at {@code now}.
   *
   * @param outlook       every node with backup volumes, with what is known of its work
   * @param spinUpSeconds how long the backup volumes take to spin up
   */
  Set<String> nodesToWake(double now, Collection<NodeOutlook> outlook, double spinUpSeconds);
}
