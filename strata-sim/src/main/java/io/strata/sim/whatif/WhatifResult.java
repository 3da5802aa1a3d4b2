package io.strata.sim.whatif;

import io.strata.sim.metrics.SimResult;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What a candidate would do, next to today's: the simulator's result and the figures an operator decides on.
 *
 * @param candidate the configuration tried
 * @param result    the simulator's full result of its replay
 * @param today     the baseline's result
 */
public record WhatifResult(WhatifCandidate candidate, SimResult result, SimResult today) {
  /**
   * The balancer's default bandwidth per DataNode ({@code dfs.datanode.balance.bandwidthPerSec}, 100 MB/s in Hadoop
   * 3): the moves to put a candidate in force run at most this fast on each node.
   */
  public static final double BALANCER_BYTES_PER_SECOND_PER_NODE = 100L << 20;

  public String name() {
    return candidate.name();
  }

  /** Read throughput over today's: above 1 reads faster. */
  public double readThroughputRatio() {
    return today.io().throughputMBps() == 0 ? Double.NaN
        : result.io().throughputMBps() / today.io().throughputMBps();
  }

  /** Bytes read per tier, from the shares of the bytes read. */
  public Map<String, Long> bytesReadByTier() {
    return share(result.io().shareByTier());
  }

  /** Bytes read per locality (node-local, rack-local, remote). */
  public Map<String, Long> bytesReadByLocality() {
    return share(result.io().shareByLocality());
  }

  private Map<String, Long> share(Map<String, Double> shares) {
    TreeMap<String, Long> bytes = new TreeMap<>();
    shares.forEach((key, share) -> bytes.put(key, Math.round(share * result.io().bytesRead())));
    return bytes;
  }

  /** Bytes written to SSD tiers (wear): every tier whose name says SSD. */
  public long ssdBytesWritten() {
    return result.storage().writtenBytesByTier().entrySet().stream()
        .filter(e -> e.getKey().toLowerCase(Locale.ROOT).contains("ssd")).mapToLong(Map.Entry::getValue)
        .sum();
  }

  /**
   * Replica bytes that must move to lay today's files out as this candidate would: what each tier holds beyond
   * today's once the files the log reads are placed. A lower bound (files the log never reads are not counted).
   */
  public long bytesToMove() {
    long moved = 0;
    for (Map.Entry<String, Long> tier : result.storage().loadedBytesByTier().entrySet()) {
      moved += Math.max(0, tier.getValue() - today.storage().loadedBytesByTier().getOrDefault(tier.getKey(), 0L));
    }
    return moved;
  }

  /** Seconds the balancer needs for {@link #bytesToMove()} with every node moving at its default bandwidth. */
  public double migrationSeconds() {
    return bytesToMove() / (BALANCER_BYTES_PER_SECOND_PER_NODE * Math.max(1, result.run().nodes()));
  }

  /** Modeled disk energy in joules (every disk's, backups asleep when the candidate lets them). */
  public double diskJoules() {
    return result.power() != null ? result.power().diskJoules() : result.energy().joules();
  }

  /** Mean time of a job (one open or create of the log) in seconds. */
  public double meanJobSeconds() {
    return result.time().meanJobSeconds();
  }

  /** The commands that apply the candidate, their paths shown as {@code paths} says. */
  public List<String> howToApply(ReportPaths paths) {
    return candidate.howToApply(paths);
  }
}
