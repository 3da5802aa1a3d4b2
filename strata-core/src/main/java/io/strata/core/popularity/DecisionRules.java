package io.strata.core.popularity;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Bounds every advisor's decisions stay within.
 *
 * @param defaultReplication  replication of files of average popularity (HDFS's default, 3)
 * @param minReplication      fewest replicas on the primary tier
 * @param maxReplication      most replicas any file gets
 * @param secondaryRedundant  true when the secondary tier protects data itself (a RAID filer): only then may a
 *                            file drop to one replica there
 * @param hotFactor           predicted popularity at or above hotFactor x AVG(P) is popular
 * @param coldFactor          at or below coldFactor x AVG(P) is unpopular and goes to the secondary tier
 * @param demoteAfterIdleSeconds an unpopular file read or created less than this long ago stays on the primary
 *                            tier. 0 (the default) is the paper's engine: popularity alone decides. Eq. 2 takes the
 *                            same amount off every file, so a file read once an hour ago and one unread for a day
 *                            sink alike; this tells them apart. A file the audit log never mentioned counts
 *                            from when the advisor first saw it.
 * @param pins                SLA rules by path prefix
 * @param scheduledReads      paths scheduled (cron) jobs read: promoted ahead of a run in the next RT
 * @param nodes               DataNodes, for the data-loss model
 * @param mtbfYears           a node's MTBF (AptStore: 3 years for a Hadoop node)
 * @param lossPeriodDays      the period the loss bound is about
 * @param maxLossProbability  a plan whose probability of losing a block in the period exceeds this is refused
 */
public record DecisionRules(
    int defaultReplication,
    int minReplication,
    int maxReplication,
    boolean secondaryRedundant,
    double hotFactor,
    double coldFactor,
    long demoteAfterIdleSeconds,
    List<Pin> pins,
    List<ScheduledRead> scheduledReads,
    int nodes,
    double mtbfYears,
    double lossPeriodDays,
    double maxLossProbability) {

  /** An SLA pin: files under {@code path} are never demoted and keep at least {@code minReplication}. */
  public record Pin(String path, boolean neverDemote, int minReplication) {
    boolean covers(String file) {
      return path.equals("/") || file.equals(path) || file.startsWith(path + "/");
    }
  }

  public DecisionRules {
    pins = List.copyOf(pins);
    scheduledReads = List.copyOf(scheduledReads);
    if (minReplication < 1 || maxReplication < minReplication || defaultReplication < minReplication
        || defaultReplication > maxReplication) {
      throw new IllegalArgumentException("need 1 <= min <= default <= max replication, got " + minReplication + ", "
          + defaultReplication + ", " + maxReplication);
    }
    if (demoteAfterIdleSeconds < 0) {
      throw new IllegalArgumentException("demoteAfterIdle must be >= 0 s, got " + demoteAfterIdleSeconds);
    }
  }

  /** HDFS's 3 replicas by default, between 2 and 10, a 3-year node MTBF and a 1e-3 daily loss bound. */
  public static DecisionRules defaults(int nodes, boolean secondaryRedundant) {
    return new DecisionRules(3, 2, 10, secondaryRedundant, 1.5, 0.5, 0, List.of(), List.of(), nodes, 3, 1, 1e-3);
  }

  /**
   * AptStore-perf (AptStore paper, IV-D1): the same engine with the storage-saving side off. Nothing is ever unpopular
   * enough to demote (coldFactor 0: popularity is never at or below 0) and no file drops below the default
   * replication (the paper: "the minimum replication factor of both popular and unpopular data is 3"); popular
   * files still gain replicas up to the maximum.
   */
  public DecisionRules withoutDemotion() {
    return new DecisionRules(defaultReplication, defaultReplication, maxReplication, secondaryRedundant, hotFactor,
        0, demoteAfterIdleSeconds, pins, scheduledReads, nodes, mtbfYears, lossPeriodDays, maxLossProbability);
  }

  public DecisionRules withPins(List<Pin> newPins) {
    return new DecisionRules(defaultReplication, minReplication, maxReplication, secondaryRedundant, hotFactor,
        coldFactor, demoteAfterIdleSeconds, newPins, scheduledReads, nodes, mtbfYears, lossPeriodDays,
        maxLossProbability);
  }

  public DecisionRules withScheduled(List<ScheduledRead> paths) {
    return new DecisionRules(defaultReplication, minReplication, maxReplication, secondaryRedundant, hotFactor,
        coldFactor, demoteAfterIdleSeconds, pins, paths, nodes, mtbfYears, lossPeriodDays, maxLossProbability);
  }

  public DecisionRules withLossBound(double bound) {
    return new DecisionRules(defaultReplication, minReplication, maxReplication, secondaryRedundant, hotFactor,
        coldFactor, demoteAfterIdleSeconds, pins, scheduledReads, nodes, mtbfYears, lossPeriodDays, bound);
  }

  public DecisionRules withDemoteAfterIdle(long seconds) {
    return new DecisionRules(defaultReplication, minReplication, maxReplication, secondaryRedundant, hotFactor,
        coldFactor, seconds, pins, scheduledReads, nodes, mtbfYears, lossPeriodDays, maxLossProbability);
  }

  /** Applies SLA pins to an advice. */
  Advice pinned(Advice advice) {
    Advice result = advice;
    for (Pin pin : pins) {
      if (pin.covers(advice.path())) {
        boolean secondary = result.secondary() && !pin.neverDemote();
        int replication = Math.max(result.replication(), pin.minReplication());
        if (!secondary && result.secondary()) {
          replication = Math.max(replication, minReplication);
        }
        if (secondary != result.secondary() || replication != result.replication()) {
          result = result.withPlacement(replication, secondary, result.reason() + "; SLA pin " + pin.path());
        }
      }
    }
    return result;
  }

  /** The soonest run of a scheduled job reading {@code path} in [from, until), if any. */
  Optional<Map.Entry<ScheduledRead, Instant>> scheduledRun(String path, long fromMillis, long untilMillis) {
    Map.Entry<ScheduledRead, Instant> soonest = null;
    for (ScheduledRead read : scheduledReads) {
      if (read.covers(path)) {
        Optional<Instant> run = read.runWithin(fromMillis, untilMillis);
        if (run.isPresent() && (soonest == null || run.get().isBefore(soonest.getValue()))) {
          soonest = Map.entry(read, run.get());
        }
      }
    }
    return Optional.ofNullable(soonest);
  }
}
