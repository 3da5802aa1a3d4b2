package io.strata.sim.whatif;

import io.strata.core.config.ConfigException;
import io.strata.core.energy.NodePower;
import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.policy.SimPolicies;
import io.strata.sim.power.PowerSettings;
import io.strata.sim.trace.TraceSource;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.List;

/**
 * A configuration to try: placement, retrieval order, autotier advisor and backup standby. It answers for itself:
 * its name, the simulator run that models it, and the commands that would apply it to the real cluster.
 *
 * @param placement          a placement policy (the simulator's and {@code strata policy set}'s names)
 * @param retrieval          a retrieval policy ({@code strata.retrieval.policy})
 * @param popularity         an autotier advisor, or {@code none}
 * @param idleTimeoutSeconds backup disks sleep after this many idle seconds; 0 keeps them spun up
 */
public record WhatifCandidate(String placement, String retrieval, String popularity, double idleTimeoutSeconds) {
  /** Today's configuration when nothing was changed: HDFS's rack rules and read order, no advisor, no standby. */
  public static final WhatifCandidate TODAY = new WhatifCandidate("network", "network", SimPolicies.NO_POPULARITY, 0);

  public WhatifCandidate {
    if (!(idleTimeoutSeconds >= 0)) {
      throw new ConfigException("idle timeout must be >= 0 s, got " + idleTimeoutSeconds);
    }
  }

  /**
   * A candidate from {@code PLACEMENT/RETRIEVAL[/ADVISOR[/IDLE_SECONDS]]}, e.g. {@code tier-aware/hybrid} or
   * {@code primary-backup/primary-first/none/600}.
   */
  public static WhatifCandidate parse(String text) {
    String[] parts = text.trim().split("/", -1);
    if (parts.length < 2 || parts.length > 4) {
      throw new ConfigException("candidate '" + text + "': give PLACEMENT/RETRIEVAL[/ADVISOR[/IDLE_SECONDS]]");
    }
    String popularity = parts.length > 2 ? parts[2].trim() : SimPolicies.NO_POPULARITY;
    double idle = 0;
    if (parts.length > 3) {
      try {
        idle = Double.parseDouble(parts[3].trim());
      } catch (NumberFormatException e) {
        throw new ConfigException("candidate '" + text + "': idle timeout '" + parts[3] + "' is not a number of "
            + "seconds");
      }
    }
    return new WhatifCandidate(parts[0].trim(), parts[1].trim(), popularity, idle);
  }

  /**
   * One candidate per technique, after today's: placement rules, each retrieval order, the advisor, and, on a
   * cluster with a backup tier, primary-backup with backups asleep after 10 idle minutes.
   */
  public static List<WhatifCandidate> defaults(ClusterSpec spec) {
    List<WhatifCandidate> candidates = new ArrayList<>(List.of(TODAY,
        new WhatifCandidate("tier-aware", "network", SimPolicies.NO_POPULARITY, 0),
        new WhatifCandidate("network", "tier-weighted", SimPolicies.NO_POPULARITY, 0),
        new WhatifCandidate("tier-aware", "hybrid", SimPolicies.NO_POPULARITY, 0),
        new WhatifCandidate("tier-aware", "adaptive", SimPolicies.NO_POPULARITY, 0),
        new WhatifCandidate("network", "network", "aptstore", 0)));
    if (spec.tierMap().tiers().stream().anyMatch(Tier::backup)) {
      candidates.add(new WhatifCandidate("primary-backup", "primary-first", SimPolicies.NO_POPULARITY, 600));
    }
    return candidates;
  }

  /** How the candidate is named in every output. */
  public String name() {
    StringBuilder name = new StringBuilder(placement).append('/').append(retrieval);
    if (!popularity.equals(SimPolicies.NO_POPULARITY) || idleTimeoutSeconds > 0) {
      name.append('/').append(popularity);
    }
    if (idleTimeoutSeconds > 0) {
      name.append('/').append(Math.round(idleTimeoutSeconds));
    }
    return name.toString();
  }

  /** Refuses a misspelt policy name before any replay starts. */
  public void check(ClusterSpec spec) {
    SimPolicies.placement(placement, spec);
    SimPolicies.retrieval(retrieval, spec);
    SimPolicies.checkPopularity(popularity);
  }

  /** The simulator run that models this candidate on {@code spec} replaying {@code trace}. */
  public SimConfig run(ClusterSpec spec, TraceSource trace, long blockSize, int replication) {
    PowerSettings power = idleTimeoutSeconds > 0
        ? PowerSettings.standby(idleTimeoutSeconds, "reactive", NodePower.THESIS_MIDPOINT)
        : PowerSettings.alwaysOn(NodePower.THESIS_MIDPOINT);
    return SimConfig.builder(spec, trace, placement, retrieval).label(name()).popularity(popularity)
        .blockSize(blockSize).replication(replication).byteScale(1.0).power(power).build();
  }

  /** The commands and keys that would put this candidate in force on the real cluster, paths as {@code paths} says. */
  public List<String> howToApply(ReportPaths paths) {
    List<String> steps = new ArrayList<>();
    steps.add("strata policy set " + paths.path("/") + " " + placement);
    steps.add("-Dstrata.retrieval.policy=" + retrieval);
    if (!popularity.equals(SimPolicies.NO_POPULARITY)) {
      steps.add("strata autotier --advisor " + popularity + " --audit-log <hdfs-audit.log>");
    }
    if (idleTimeoutSeconds > 0) {
      steps.add("strata power run --idle-timeout " + Math.round(idleTimeoutSeconds) + "s");
    }
    return steps;
  }
}
