package io.strata.sim.policy;

import io.strata.core.config.ConfigException;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.core.retrieval.RetrievalPolicy;
import io.strata.core.retrieval.RetrievalSettings;
import io.strata.core.spec.ClusterSpec;
import java.util.List;

/**
 * Turns the policy names of a run into the decision core's policy objects, through the core's own factories: the
 * simulator holds no policy logic of its own.
 */
public final class SimPolicies {
  /** No popularity policy: replication and tiers stay as placed. */
  public static final String NO_POPULARITY = "none";

  /**
   * Popularity policies the aptstore scenario names. The decision core has them as {@code ReplicationAdvisor}s
   * ({@code AptStoreAdvisor}, {@code ScarlettAdvisor}); an adapter to {@link PopularityPolicy} is still to write.
   */
  public static final List<String> PENDING_POPULARITY = List.of("scarlett", "aptstore-perf", "aptstore");

  private SimPolicies() {}

  public static PlacementPolicy placement(String name, ClusterSpec spec) {
    return PlacementPolicies.parse(name, spec.tierMap());
  }

  /** A retrieval policy, with weights from the spec's tiers and link speeds (the core's defaults). */
  public static RetrievalPolicy retrieval(String name, ClusterSpec spec) {
    return RetrievalPolicies.parse(name, RetrievalSettings.defaults(spec));
  }

  /** The popularity policy called {@code name}, or null for {@code none}. */
  public static PopularityPolicy popularity(String name) {
    String n = name == null ? "" : name.trim();
    if (n.equals(NO_POPULARITY)) {
      return null;
    }
    if (PENDING_POPULARITY.contains(n)) {
      throw new ConfigException("popularity policy '" + n + "' is not wired into the simulator yet: the decision "
          + "core's AptStoreAdvisor/ScarlettAdvisor need an adapter to the simulator's PopularityPolicy hook. Use 'none'.");
    }
    throw new ConfigException("unknown popularity policy '" + n + "' (known: none; coming: "
        + String.join(", ", PENDING_POPULARITY) + ")");
  }
}
