package io.strata.core.energy;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * The thesis's predictor (ch. 4.3.3), made concrete: wake a node's backups one spin-up (plus the time until the
 * caller asks again) before its primary work runs out when the backups are needed after it ("when map tasks fetch
 * the last block of primary data"), and before a write is known to reach them ("before output replicas are
 * written").
 */
public final class PrimaryDrainPredictor implements WakePredictor {
  private final double pollSeconds;

  /** @param pollSeconds how often the caller asks; a node needed before the next ask is woken now */
  public PrimaryDrainPredictor(double pollSeconds) {
    if (!(pollSeconds >= 0) || Double.isInfinite(pollSeconds)) {
      throw new IllegalArgumentException("poll interval " + pollSeconds + " s: must be finite and >= 0");
    }
    this.pollSeconds = pollSeconds;
  }

  @Override
  public String name() {
    return "predictive";
  }

  @Override
  public Set<String> nodesToWake(double now, Collection<NodeOutlook> outlook, double spinUpSeconds) {
    double lead = spinUpSeconds + pollSeconds;
    Set<String> wake = new LinkedHashSet<>();
    for (NodeOutlook node : outlook) {
      boolean drains = node.backupsNeededAfterPrimaries() && node.secondsOfPrimaryWorkLeft() <= lead;
      boolean written = node.backupWriteInSeconds() <= lead;
      if (drains || written) {
        wake.add(node.node());
      }
    }
    return wake;
  }
}
