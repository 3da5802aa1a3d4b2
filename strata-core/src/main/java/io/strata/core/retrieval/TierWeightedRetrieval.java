package io.strata.core.retrieval;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * hatS tier-aware retrieval: a weighted random choice over replicas by the weight of their tier, so fast tiers
 * serve most reads while slower ones still take a share instead of leaving the fast devices to become hotspots.
 */
public final class TierWeightedRetrieval implements RetrievalPolicy {
  private final RetrievalSettings settings;

  public TierWeightedRetrieval(RetrievalSettings settings) {
    this.settings = settings;
  }

  @Override
  public String name() {
    return "tier-weighted";
  }

  @Override
  public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
      RandomGenerator random) {
    return WeightedOrder.draw(replicas, r -> settings.weight(r.tier()), random);
  }
}
