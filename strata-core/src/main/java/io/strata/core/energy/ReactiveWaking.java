package io.strata.core.energy;

import java.util.Collection;
import java.util.Set;

/** Never predicts: a backup volume wakes when I/O reaches it, and that I/O waits the whole spin-up. */
public final class ReactiveWaking implements WakePredictor {
  @Override
  public String name() {
    return "reactive";
  }

  @Override
  public Set<String> nodesToWake(double now, Collection<NodeOutlook> outlook, double spinUpSeconds) {
    return Set.of();
  }
}
