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
   * Data-loss bound of the simulated advisors: 1e-2 per day, not the core's 1e-3. Uniform 3x replication of the
   * ~4 million blocks a day of FB-2010 leaves on 500 nodes is itself 2.4e-3 per day by Eq. 3 (Table I's 1000-node
   * HDFS is 6.4e-2), so 1e-3 would refuse even default Hadoop's layout; 1e-2 still refuses putting those blocks at
   * two replicas (7.7e-2).
   */
  public static final double SIM_LOSS_BOUND = 1e-2;

  /**
   * The PPA constants of the simulated advisors: the core's defaults except two, each for a measured reason.
   * <ul>
   *   <li>c = 36,000 s, not 3,600: with 3,600 the filer served 4.5% of the bytes read (read throughput x0.73 of
   *       default Hadoop): files demoted after one read were read again there. With 36,000 each re-read lifts a file
   *       ten times as far above AVG(P), so it outlasts more hourly decays on the primary tier: 2.5% of the bytes
   *       from the filer (AptStore reports 2.6% of accesses), x0.83 throughput, 55% of the storage (measured before
   *       shuffle data moved off the filer; now x0.84, 54%).
   *       (360,000 gave 2.3%, x0.83, 59%.)</li>
   *   <li>s = 1e-3, not 1: Eq. 2 takes MIP / s off every file, and MIP is the RT's increase spread over all
   *       files. A day of FB-2010 has 10^5 to 10^6 files and few re-reads per hour, so with s = 1 an unread file
   *       lost about 1e-4 of AVG(P) per hour: on the first 6,000 jobs every file stayed within 0.999 to 1.001 of
   *       AVG(P) and nothing was ever demoted. The paper leaves s to the operator ("below one creates more space
   *       in the primary storage"); s is the knob for how much stays primary, and depends on the file count.</li>
   *   <li>P_min = 0.01, not 0.1: with s = 1e-3 unread files sink to P_min each RT, and with P_min = 0.1 AVG(P)
   *       was 0.127, so the floor was 0.79 AVG(P), above the 0.5 cold factor: nothing cold. A lower floor
   *       leaves room under AVG(P).</li>
   * </ul>
   * Demotion is all or nothing in s (measured with c = 3,600): at 3e-3 nothing was demoted (x0.99 throughput, 105% storage); at 3e-4
   * nearly everything, with a peak of 121% while it moved. Eq. 2 takes the same amount off every file, so there
   * is no s that demotes only the long-unread files.
   * RT is the simulator's reference time (1 h, as AptStore's simulation), not this record's 12 h.
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
