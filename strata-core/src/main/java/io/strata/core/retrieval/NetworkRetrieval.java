package io.strata.core.retrieval;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.random.RandomGenerator;

/** HDFS's order: node-local, then rack-local, then remote replicas, shuffled within each class. */
public final class NetworkRetrieval implements RetrievalPolicy {
  @Override
  public String name() {
    return "network";
  }

  @Override
  public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
      RandomGenerator random) {
    List<ReplicaChoice> ordered = new ArrayList<>(replicas.size());
    for (Locality locality : Locality.values()) {
      List<ReplicaChoice> group = new ArrayList<>();
      for (ReplicaChoice replica : replicas) {
        if (Locality.of(readerHost, readerRack, replica) == locality) {
          group.add(replica);
        }
      }
      for (int i = group.size() - 1; i > 0; i--) {
        Collections.swap(group, i, random.nextInt(i + 1));
      }
      ordered.addAll(group);
    }
    return ordered;
  }
}
