package io.strata.core.retrieval;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.NetworkSpec;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What weighted retrieval needs to know: each tier's weight (by default its read bandwidth, since HDFS reads
 * whole blocks sequentially, so bandwidth, not IOPS, decides how fast a replica serves) and what moving a block
 * over the network costs from a rack-local and from a remote replica.
 *
 * @param tierWeights        weight per tier name, > 0
 * @param rackLocalMBps      bandwidth a reader gets from another node of its rack (the node NIC)
 * @param remoteMBps         bandwidth a reader gets from another rack (the NIC, shared by the rack uplink)
 */
public record RetrievalSettings(Map<String, Double> tierWeights, double rackLocalMBps, double remoteMBps) {

  public RetrievalSettings {
    tierWeights = Map.copyOf(tierWeights);
  }

  /** Weights from the tiers' read bandwidth (1 where unknown) and the network from the spec's link speeds. */
  public static RetrievalSettings defaults(TierMap tiers, NetworkSpec network) {
    Map<String, Double> weights = new LinkedHashMap<>();
    for (Tier tier : tiers.tiers()) {
      weights.put(tier.name(), tier.readMBps() > 0 ? tier.readMBps() : 1.0);
    }
    double nic = network.nicGbps() * 125;           // Gbit/s -> MB/s
    double uplink = network.rackUplinkGbps() * 125;
    return new RetrievalSettings(weights, nic, Math.min(nic, uplink / 2));
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
    return new RetrievalSettings(weights, rackLocalMBps, remoteMBps);
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
