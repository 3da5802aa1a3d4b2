package io.strata.core.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Energy-efficient HDFS's read order (the thesis's "replica bit"): every replica on a primary tier comes before any
 * backup replica, even a node-local backup, so backup disks see no reads while a primary replica is live and can
 * stay asleep. Within each class, HDFS's network order.
 */
public final class PrimaryFirstRetrieval implements RetrievalPolicy {
  private final Set<String> backupTiers;
  private final NetworkRetrieval network = new NetworkRetrieval();

  public PrimaryFirstRetrieval(RetrievalSettings settings) {
    this.backupTiers = settings.backupTiers();
  }

  @Override
  public String name() {
    return "primary-first";
  }

  @Override
  public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
      RandomGenerator random) {
    List<ReplicaChoice> primaries = new ArrayList<>(replicas.size());
    List<ReplicaChoice> backups = new ArrayList<>(replicas.size());
    for (ReplicaChoice replica : replicas) {
      (backupTiers.contains(replica.tier()) ? backups : primaries).add(replica);
    }
    List<ReplicaChoice> ordered = new ArrayList<>(network.order(readerHost, readerRack, primaries, random));
    ordered.addAll(network.order(readerHost, readerRack, backups, random));
    return ordered;
  }
}
