package io.strata.sim.policy;

import io.strata.core.config.ConfigException;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.device.StorageKind;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.popularity.AdvisorPopularityPolicy;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisor;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.core.popularity.ScarlettSettings;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.core.retrieval.RetrievalPolicy;
import io.strata.core.retrieval.RetrievalSettings;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.tier.Tier;
import java.util.List;
import java.util.function.Supplier;

/**
 * Turns the policy names of a run into the decision core's policy objects, through the core's own factories: the
 * simulator holds no policy logic of its own.
 */
public final class SimPolicies {
  /** No popularity policy: replication and tiers stay as placed. */
  public static final String NO_POPULARITY = "none";

  /**
   * Data-loss bound of the simulated advisors: 1e-2 per day, not the core's 1e-3, which even default Hadoop's
   * uniform 3x layout of a day of FB-2010 on 500 nodes exceeds (docs/experiments/simulator-policies.md).
   */
  public static final double SIM_LOSS_BOUND = 1e-2;

  /**
   * The PPA constants of the simulated advisors: the core's defaults except c = 36,000 s (re-read files stay
   * primary), s = 1e-3 (so that unread files sink at all with 10^5 to 10^6 files) and P_min = 0.01 (room under
   * AVG(P) for cold files), with the simulator's reference time of 1 h. The measurements behind each are in
   * docs/experiments/simulator-policies.md.
   */
  public static final PpaSettings SIM_PPA = new PpaSettings(36_000, 1e-3, 0.01, 100, 1.0, 1.0, 3600);

  private SimPolicies() {}

  public static PlacementPolicy placement(String name, ClusterSpec spec) {
    return PlacementPolicies.parse(name, spec.tierMap());
  }

  /** A retrieval policy, with weights from the spec's tiers and link speeds (the core's defaults). */
  public static RetrievalPolicy retrieval(String name, ClusterSpec spec) {
    return RetrievalPolicies.parse(name, RetrievalSettings.defaults(spec));
  }

  /** Refuses an unknown popularity policy name before any run starts. */
  public static void checkPopularity(String name) {
    String n = name == null ? "" : name.trim();
    if (!n.equals(NO_POPULARITY) && !ReplicationAdvisors.NAMES.contains(n)) {
      throw new ConfigException("unknown popularity policy '" + n + "' (known: " + NO_POPULARITY + ", "
          + String.join(", ", ReplicationAdvisors.NAMES) + ")");
    }
  }

  /**
   * The popularity policy called {@code name}, or null for {@code none}: the decision core's replication advisor of
   * that name (the one {@code strata autotier} runs) behind the simulator's hook, with {@link #SIM_PPA}, the spec's
   * node count and secondary tier, and {@link #SIM_LOSS_BOUND}.
   *
   * @param files every file's facts now, from the simulator's model
   */
  public static PopularityPolicy popularity(String name, ClusterSpec spec, Supplier<List<FileFacts>> files) {
    return popularity(name, spec, files, SIM_PPA);
  }

  /** As {@link #popularity(String, ClusterSpec, Supplier)}, with other PPA constants (s depends on the file count). */
  public static PopularityPolicy popularity(String name, ClusterSpec spec, Supplier<List<FileFacts>> files,
      PpaSettings ppa) {
    return popularity(name, spec, files, ppa, ScarlettSettings.defaults(), simRules(spec));
  }

  /**
   * As {@link #popularity(String, ClusterSpec, Supplier)}, with an operator's advisor settings (the file
   * {@code strata autotier --config} reads) over the simulator's: its PPA constants over {@link #SIM_PPA}, its bounds,
   * pins and scheduled reads over {@link #simRules}, its Scarlett constants. The PPA's reference time is {@code referenceSeconds}, how often
   * the simulator asks, whatever the file says.
   */
  public static PopularityPolicy popularity(String name, ClusterSpec spec, Supplier<List<FileFacts>> files,
      AdvisorConfig config, long referenceSeconds) {
    return popularity(name, spec, files, config.ppa(SIM_PPA, referenceSeconds), config.scarlett(),
        config.rules(simRules(spec)));
  }

  private static PopularityPolicy popularity(String name, ClusterSpec spec, Supplier<List<FileFacts>> files,
      PpaSettings ppa, ScarlettSettings scarlett, DecisionRules rules) {
    checkPopularity(name);
    String n = name.trim();
    if (n.equals(NO_POPULARITY)) {
      return null;
    }
    ReplicationAdvisor advisor = ReplicationAdvisors.create(n, ppa, scarlett, rules, 1 << 16);
    return new AdvisorPopularityPolicy(n, advisor, primaryTier(spec), secondaryTier(spec), files);
  }

  /** The core's decision bounds for the spec's cluster, with {@link #SIM_LOSS_BOUND}. */
  public static DecisionRules simRules(ClusterSpec spec) {
    String secondary = secondaryTier(spec);
    return DecisionRules.defaults(spec.nodes().size(), secondary != null && secondaryRedundant(spec))
        .withLossBound(SIM_LOSS_BOUND);
  }

  /** AptStore's primary storage: the fastest tier that is neither ARCHIVE nor backup. */
  public static String primaryTier(ClusterSpec spec) {
    return spec.tierMap().tiers().stream().filter(t -> !secondary(t)).map(Tier::name).findFirst()
        .orElseThrow(() -> new ConfigException(spec.name() + ": no primary (non-ARCHIVE, non-backup) tier"));
  }

  /** AptStore's secondary storage (a filer, an archive): the first ARCHIVE or backup tier, or null. */
  public static String secondaryTier(ClusterSpec spec) {
    return spec.tierMap().tiers().stream().filter(SimPolicies::secondary).map(Tier::name).findFirst().orElse(null);
  }

  private static boolean secondary(Tier tier) {
    return tier.backup() || tier.storageKind() == StorageKind.ARCHIVE;
  }

  /** True when every volume of the secondary tier protects its data itself (a RAID filer). */
  static boolean secondaryRedundant(ClusterSpec spec) {
    String secondary = secondaryTier(spec);
    boolean any = false;
    for (NodeSpec node : spec.nodes()) {
      for (int v = 0; v < node.volumes().size(); v++) {
        if (spec.tierOf(node, v).equals(secondary)) {
          if (!node.volumes().get(v).device().internallyRedundant()) {
            return false;
          }
          any = true;
        }
      }
    }
    return any;
  }
}
