package io.strata.core.retrieval;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Beyond hatS: hybrid retrieval that also counts the transfers each node is already serving. A node busy with n
 * transfers shares its device and its network link among them, so a new reader gets about 1/(n+1) of what the
 * idle node would deliver: a busy fast replica loses weight to the next-best one before it saturates, and an
 * idle slow replica gets its share of reads, while hybrid's preference for nearby replicas stays.
 */
public final class AdaptiveRetrieval implements RetrievalPolicy {
  private final RetrievalSettings settings;
  private final HybridRetrieval hybrid;

  public AdaptiveRetrieval(RetrievalSettings settings) {
    this.settings = settings;
    this.hybrid = new HybridRetrieval(settings);
  }

  @Override
  public String name() {
    return "adaptive";
  }

  @Override
  public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
      RandomGenerator random) {
    return WeightedOrder.draw(replicas, r -> hybrid.deliveredMBps(readerHost, readerRack, r, settings.weight(r.tier()))
        / (1 + Math.max(0, r.activeTransfers())), random);
  }
}
