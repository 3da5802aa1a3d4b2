package io.strata.core.retrieval;

import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Decides which replica of a block a reader should read first. Returns the replicas reordered, best first;
 * the reader falls back to the next one when the first fails (HDFS's normal failover). The NameNode plugin
 * (read ordering) and the simulator run the same objects.
 */
public interface RetrievalPolicy {
  /** The policy's name as configured, e.g. {@code tier-weighted}. */
  String name();

  /**
   * @param readerHost the reader's node, or null when the reader is not a cluster node
   * @param readerRack the reader's rack, or null when unknown
   * @param replicas   the block's live replicas; read only (the NameNode passes a view of its own array)
   * @param random     source of randomness (seeded in the simulator)
   * @return the same replicas, best first
   */
  List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas, RandomGenerator random);
}
