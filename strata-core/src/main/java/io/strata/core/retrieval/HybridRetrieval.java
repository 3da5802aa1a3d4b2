package io.strata.core.retrieval;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * hatS hybrid retrieval: the weight of a replica is the rate at which it would deliver a block to this reader,
 * the device's rate combined with the network cost of its distance: {@code 1 / (1/device + 1/network)}, where
 * a node-local replica has no network cost. A fast replica one rack away can beat a slow local one, but
 * proximity still counts.
 */
public final class HybridRetrieval implements RetrievalPolicy {
  private final RetrievalSettings settings;

  public HybridRetrieval(RetrievalSettings settings) {
    this.settings = settings;
  }

  @Override
  public String name() {
    return "hybrid";
  }

  /** Megabytes per second this replica would deliver to the reader, the device serving only this read. */
  double deliveredMBps(String readerHost, String readerRack, ReplicaChoice replica, double deviceMBps) {
    return switch (Locality.of(readerHost, readerRack, replica)) {
      case NODE_LOCAL -> deviceMBps;
      case RACK_LOCAL -> 1 / (1 / deviceMBps + 1 / settings.rackLocalMBps());
      case REMOTE -> 1 / (1 / deviceMBps + 1 / settings.remoteMBps());
    };
  }

  @Override
  public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
      RandomGenerator random) {
    return WeightedOrder.draw(replicas,
        r -> deliveredMBps(readerHost, readerRack, r, settings.weight(r.tier())), random);
  }
}
