package io.strata.core.retrieval;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.random.RandomGenerator;

/**
 * Energy-efficient HDFS's "replica bit" for reads (thesis ch. 4): every replica on a primary tier comes before
 * every replica on a backup tier, whatever the network distance, so that backup disks see no reads while a
 * primary replica is live and can sleep. Within each group, HDFS's network order. A reader falls back to a
 * backup only when the NameNode lists no live primary (or its read of the primary fails).
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
    List<ReplicaChoice> primaries = new ArrayList<>();
    List<ReplicaChoice> backups = new ArrayList<>();
    for (ReplicaChoice replica : replicas) {
      (backupTiers.contains(replica.tier()) ? backups : primaries).add(replica);
    }
    List<ReplicaChoice> ordered = new ArrayList<>(network.order(readerHost, readerRack, primaries, random));
    ordered.addAll(network.order(readerHost, readerRack, backups, random));
    return ordered;
  }
}
