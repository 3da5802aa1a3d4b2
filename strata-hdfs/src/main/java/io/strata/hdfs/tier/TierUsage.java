package io.strata.hdfs.tier;

import java.util.HashSet;
import java.util.Set;

/**
 * Capacity and use of one tier, summed over the volumes of its live DataNodes (hatS Table II's tier capacity
 * query).
 *
 * @param tier        tier name
 * @param rank        position in the speed order, 0 = fastest
 * @param storageType the HDFS storage type of its volumes
 * @param capacity    bytes the volumes hold in all
 * @param dfsUsed     bytes of HDFS blocks on them
 * @param remaining   bytes HDFS can still write there
 * @param dataNodes   live DataNodes with a volume in the tier
 * @param volumes     such volumes
 */
public record TierUsage(String tier, int rank, String storageType, long capacity, long dfsUsed, long remaining,
    int dataNodes, int volumes) {

  /** How full the tier is, 0..1: everything but the remaining space counts (HDFS blocks and other files). */
  public double usedFraction() {
    return capacity <= 0 ? 0 : (double) (capacity - remaining) / capacity;
  }

  static final class Builder {
    private final String tier;
    private final int rank;
    private final String storageType;
    private long capacity;
    private long dfsUsed;
    private long remaining;
    private final Set<String> nodes = new HashSet<>();
    private int volumes;

    Builder(String tier, int rank, String storageType) {
      this.tier = tier;
      this.rank = rank;
      this.storageType = storageType;
    }

    void add(ClusterView.Volume volume) {
      capacity += volume.capacity();
      dfsUsed += volume.dfsUsed();
      remaining += volume.remaining();
      nodes.add(volume.uuid());
      volumes++;
    }

    TierUsage build() {
      return new TierUsage(tier, rank, storageType, capacity, dfsUsed, remaining, nodes.size(), volumes);
    }
  }
}
