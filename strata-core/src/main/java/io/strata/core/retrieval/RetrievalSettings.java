package io.strata.core.retrieval;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NetworkSpec;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What weighted retrieval needs to know: each tier's weight (by default its read bandwidth, since HDFS reads
 * whole blocks sequentially, so bandwidth, not IOPS, decides how fast a replica serves) and what moving a block
 * over the network costs from a rack-local and from a remote replica.
 *
 * @param tierWeights   weight per tier name, > 0
 * @param rackLocalMBps bandwidth one read gets from another node of its rack: the NIC shared by the node's
 *                      concurrent streams
 * @param remoteMBps    bandwidth one read gets from another rack: the NIC or the node's share of the rack
 *                      uplink, whichever is less, shared by the node's concurrent streams
 * @param backupTiers   the tiers that hold only backup replicas (energy-efficient HDFS), read last by
 *                      {@code primary-first}
 */
public record RetrievalSettings(Map<String, Double> tierWeights, double rackLocalMBps, double remoteMBps,
    Set<String> backupTiers) {

  public RetrievalSettings {
    // Map.copyOf refuses nulls; the lookups go to a HashMap, since every block lookup of the NameNode weighs its
    // replicas' tiers here and the immutable map's probe divides (floorMod).
    tierWeights = Collections.unmodifiableMap(new HashMap<>(Map.copyOf(tierWeights)));
    backupTiers = backupTiers == null ? Set.of() : Set.copyOf(backupTiers);
  }

  /** Settings for a cluster without backup tiers. */
  public RetrievalSettings(Map<String, Double> tierWeights, double rackLocalMBps, double remoteMBps) {
    this(tierWeights, rackLocalMBps, remoteMBps, Set.of());
  }

  /**
   * Streams a node typically runs at once (map tasks reading, DataNode serving): the network a single read
   * gets is the link divided among them: ten, a common count of map slots plus the DataNode's own transfers.
   */
  public static final int DEFAULT_STREAMS_PER_NODE = 10;

  /**
   * Weights from the tiers' read bandwidth (1 where unknown); network rates from the spec's link speeds.
   *
   * @param nodesPerRack nodes sharing one rack uplink
   */
  public static RetrievalSettings defaults(TierMap tiers, NetworkSpec network, int nodesPerRack) {
    return defaults(tiers, network, nodesPerRack, DEFAULT_STREAMS_PER_NODE);
  }

  /** As {@link #defaults(TierMap, NetworkSpec, int)} with a given number of concurrent streams per node. */
  public static RetrievalSettings defaults(TierMap tiers, NetworkSpec network, int nodesPerRack, int streamsPerNode) {
    if (streamsPerNode <= 0) {
      throw new ConfigException("streams per node must be > 0, got " + streamsPerNode);
    }
    Map<String, Double> weights = new LinkedHashMap<>();
    Set<String> backups = new LinkedHashSet<>();
    for (Tier tier : tiers.tiers()) {
      weights.put(tier.name(), tier.readMBps() > 0 ? tier.readMBps() : 1.0);
      if (tier.backup()) {
        backups.add(tier.name());
      }
    }
    double nic = network.nicGbps() * 125; // Gbit/s -> MB/s
    double uplinkShare = network.rackUplinkGbps() * 125 / Math.max(1, nodesPerRack);
    return new RetrievalSettings(weights, nic / streamsPerNode, Math.min(nic, uplinkShare) / streamsPerNode,
        backups);
  }

  /** Defaults for a spec: its tiers, links and largest rack. */
  public static RetrievalSettings defaults(ClusterSpec spec) {
    return defaults(spec, DEFAULT_STREAMS_PER_NODE);
  }

  public static RetrievalSettings defaults(ClusterSpec spec, int streamsPerNode) {
    int nodesPerRack = spec.racks().stream().mapToInt(r -> r.nodes().size()).max().orElse(1);
    return defaults(spec.tierMap(), spec.network(), nodesPerRack, streamsPerNode);
  }

  /** These settings with weights overridden by {@code tier:weight,...} (e.g. {@code pcie-ssd:10,hdd:1}). */
  public RetrievalSettings withWeights(String overrides, TierMap tiers) {
    if (overrides == null || overrides.isBlank()) {
      return this;
    }
    Map<String, Double> weights = new LinkedHashMap<>(tierWeights);
    for (String item : overrides.split(",")) {
      String[] parts = item.trim().split(":");
      if (parts.length != 2) {
        throw new ConfigException("retrieval weight '" + item.trim() + "' is not TIER:WEIGHT");
      }
      tiers.get(parts[0].trim()); // names an unknown tier in its error
      double weight;
      try {
        weight = Double.parseDouble(parts[1].trim());
      } catch (NumberFormatException e) {
        throw new ConfigException("retrieval weight for tier '" + parts[0].trim() + "' is not a number: " + parts[1]);
      }
      if (!(weight > 0) || Double.isInfinite(weight)) {
        throw new ConfigException("retrieval weight for tier '" + parts[0].trim() + "' must be > 0, got " + parts[1]);
      }
      weights.put(parts[0].trim(), weight);
    }
    return new RetrievalSettings(weights, rackLocalMBps, remoteMBps, backupTiers);
  }

  /** The weight of a tier; tiers the settings do not know get the smallest known weight. */
  public double weight(String tier) {
    Double w = tierWeights.get(tier);
    if (w != null) {
      return w;
    }
    return tierWeights.values().stream().mapToDouble(Double::doubleValue).min().orElse(1.0);
  }
}
