package io.strata.core.energy;

import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * Knows the future: wakes a node's backups exactly one spin-up (plus the time until the caller asks again) before
 * their next I/O. The bound a real predictor is measured against; only a simulator or a benchmark replaying a known
 * workload can supply its {@link FutureDemand}.
 */
public final class OracleWaking implements WakePredictor {
  private final FutureDemand future;
  private final double pollSeconds;

  public OracleWaking(FutureDemand future, double pollSeconds) {
    this.future = Objects.requireNonNull(future, "future");
    if (!(pollSeconds >= 0) || Double.isInfinite(pollSeconds)) {
      throw new IllegalArgumentException("poll interval " + pollSeconds + " s: must be finite and >= 0");
    }
    this.pollSeconds = pollSeconds;
  }

  @Override
  public String name() {
    return "oracle";
  }

  @Override
  public Set<String> nodesToWake(double now, Collection<NodeOutlook> outlook, double spinUpSeconds) {
    Set<String> wake = new LinkedHashSet<>();
    for (NodeOutlook node : outlook) {
      if (future.nextBackupUse(node.node(), now) - now <= spinUpSeconds + pollSeconds) {
        wake.add(node.node());
      }
    }
    return wake;
  }
}
