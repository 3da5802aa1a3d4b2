package io.strata.core.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.random.RandomGenerator;

/**
 * Beyond hatS: hybrid retrieval that also counts the transfers each node is already serving. A node busy with n
 * transfers shares its device and its network link among them, so a new reader gets about 1/(n+1) of what the
 * idle node would deliver: a busy fast replica loses weight to the next-best one before it saturates, and an
 * idle slow replica gets its share of reads, while hybrid's preference for nearby replicas stays.
 *
 * <p>Unlike hybrid, it never sends a read away from a node-local replica to one that would deliver less: the
 * weighted draw for the first place is among the local replica and the replicas that beat it, and the replicas
 * it beats follow as the fallback order. Hybrid's plain weighted draw sends, for instance, about 4 in 10 reads
 * of a block with a local SATA SSD replica to a remote PCIe SSD or HDD that delivers less over the network.
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
    ToDoubleFunction<ReplicaChoice> delivered = r -> hybrid.deliveredMBps(readerHost, readerRack, r,
        settings.weight(r.tier())) / (1 + Math.max(0, r.activeTransfers()));
    ReplicaChoice local = null;
    double localRate = 0;
    for (ReplicaChoice replica : replicas) {
      if (Locality.of(readerHost, readerRack, replica) == Locality.NODE_LOCAL) {
        double rate = delivered.applyAsDouble(replica);
        if (local == null || rate > localRate) {
          local = replica;
          localRate = rate;
        }
      }
    }
    if (local == null) {
      return WeightedOrder.draw(replicas, delivered, random);
    }
    List<ReplicaChoice> contenders = new ArrayList<>();
    List<ReplicaChoice> beaten = new ArrayList<>();
    for (ReplicaChoice replica : replicas) {
      (replica == local || delivered.applyAsDouble(replica) > localRate ? contenders : beaten).add(replica);
    }
    List<ReplicaChoice> order = new ArrayList<>(WeightedOrder.draw(contenders, delivered, random));
    order.addAll(WeightedOrder.draw(beaten, delivered, random));
    return order;
  }
}
