package io.strata.core.retrieval;

/**
 * A replica a reader could read, as a retrieval policy sees it.
 *
 * @param host            node holding the replica
 * @param rack            its rack
 * @param tier            the tier of the volume holding it
 * @param activeTransfers transfers the node is serving now (HDFS: the DataNode's xceiver count from its last
 *                        heartbeat; the simulator: its open reads and writes)
 */
public record ReplicaChoice(String host, String rack, String tier, int activeTransfers) {}
