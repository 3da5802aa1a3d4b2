package io.strata.core.retrieval;

import io.strata.core.config.ConfigException;
import java.util.List;

/** Turns a configured retrieval policy name into a policy. */
public final class RetrievalPolicies {
  public static final List<String> NAMES = List.of("network", "tier-weighted", "hybrid", "adaptive");

  private RetrievalPolicies() {}

  public static RetrievalPolicy parse(String name, RetrievalSettings settings) {
    String n = name == null ? "" : name.trim();
    return switch (n) {
      case "network" -> new NetworkRetrieval();
      case "tier-weighted" -> new TierWeightedRetrieval(settings);
      case "hybrid" -> new HybridRetrieval(settings);
      case "adaptive" -> new AdaptiveRetrieval(settings);
      default -> throw new ConfigException("unknown retrieval policy '" + n + "' (known: " + String.join(", ", NAMES) + ")");
    };
  }
}
