package io.strata.hdfs.report;

import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.report.PlacementReport.Findings;
import io.strata.hdfs.report.PlacementReport.Row;
import io.strata.hdfs.report.PlacementReport.SingleRackBlock;
import io.strata.hdfs.report.PlacementReport.UnderReplicatedBlock;
import io.strata.hdfs.report.PlacementReport.WholeFileViolation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.fs.BlockLocation;

/**
 * Accumulates files and their block locations into a {@link PlacementReport}. Each file is fully analysed
 * when it is added and then forgotten: only the per-tier, per-rack and per-node totals and the (capped)
 * violation lists are kept, so a scan of millions of files runs in bounded memory.
 */
public final class PlacementReportBuilder {
  /** Default number of items kept per violation list; counts stay exact beyond it. */
  public static final int DEFAULT_MAX_LISTED = 1000;

  private final String path;
  private final TierMap tierMap;
  private final Comparator<String> tierOrder;
  private Integer clusterRacks;
  private int maxListed = DEFAULT_MAX_LISTED;

  private long files;
  private long blocks;
  private long replicas;
  private long logicalBytes;
  private long replicaBytes;
  private final Map<String, Tally> byTier = new HashMap<>();
  private final Map<String, Tally> byRack = new TreeMap<>();
  private final Map<String, Tally> byNode = new TreeMap<>();
  private final Set<String> racksSeen = new HashSet<>();
  // Collected before the cluster's rack count is final (it may still grow from block locations) and dropped
  // in build() if the cluster turns out to have a single rack.
  private final CappedList<SingleRackBlock> singleRack = new CappedList<>();
  private final CappedList<WholeFileViolation> wholeFile = new CappedList<>();
  private final CappedList<UnderReplicatedBlock> underReplicated = new CappedList<>();

  /**
   * @param path    the path being reported on, shown in the report
   * @param tierMap resolves (host, storage type) to a tier: from the cluster spec when one is known, else
   *                {@link TierMap#byStorageKind()}
   */
  public PlacementReportBuilder(String path, TierMap tierMap) {
    this.path = Objects.requireNonNull(path, "path");
    this.tierMap = Objects.requireNonNull(tierMap, "tierMap");
    this.tierOrder = tierOrder(tierMap);
  }

  /**
   * The number of racks in the cluster, when the caller knows it (from the cluster spec or the DataNode
   * report). Without it, the racks seen in block locations are counted, which misses empty racks.
   */
  public PlacementReportBuilder clusterRacks(int racks) {
    if (racks < 0) {
      throw new IllegalArgumentException("rack count must be >= 0, got " + racks);
    }
    this.clusterRacks = racks;
    return this;
  }

  /** Keep at most {@code max} items per violation list (default {@value #DEFAULT_MAX_LISTED}). */
  public PlacementReportBuilder maxListed(int max) {
    if (max < 0) {
      throw new IllegalArgumentException("max listed must be >= 0, got " + max);
    }
    this.maxListed = max;
    return this;
  }

  /**
   * Adds one file.
   *
   * @param file        file path as it should appear in the report
   * @param length      file length in bytes
   * @param replication the file's replication factor
   * @param locations   its blocks in file order, as {@code LocatedFileStatus.getBlockLocations()} gives them
   */
  public PlacementReportBuilder addFile(String file, long length, int replication, BlockLocation[] locations) {
    files++;
    logicalBytes += length;
    // Blocks of this file with at least one replica in each tier, fastest tier first.
    Map<String, Integer> blocksPerTier = new TreeMap<>(tierOrder);
    for (int index = 0; index < locations.length; index++) {
      BlockLocation block = locations[index];
      List<BlockReplica> blockReplicas = BlockReplica.of(block, tierMap);
      blocks++;
      Set<String> blockTiers = new LinkedHashSet<>();
      Set<String> blockRacks = new LinkedHashSet<>();
      for (BlockReplica replica : blockReplicas) {
        replicas++;
        replicaBytes += block.getLength();
        count(byTier, replica.tier(), block.getLength());
        count(byRack, replica.rack(), block.getLength());
        count(byNode, replica.node(), block.getLength());
        blockTiers.add(replica.tier());
        blockRacks.add(replica.rack());
      }
      for (String tier : blockTiers) {
        blocksPerTier.merge(tier, 1, Integer::sum);
      }
      blockRacks.stream().filter(rack -> !rack.equals(PlacementReport.UNKNOWN)).forEach(racksSeen::add);
      checkRackSpread(file, index, block, blockReplicas.size(), blockRacks);
      checkReplication(file, index, block, blockReplicas.size(), replication);
    }
    checkWholeFilePerTier(file, locations.length, blocksPerTier);
    return this;
  }

  private void checkRackSpread(String file, int index, BlockLocation block, int replicaCount, Set<String> racks) {
    // A single replica cannot be in two racks, and a replica of unknown rack might be elsewhere.
    if (replicaCount >= 2 && racks.size() == 1 && !racks.contains(PlacementReport.UNKNOWN)) {
      singleRack.add(new SingleRackBlock(file, index, block.getOffset(), replicaCount, racks.iterator().next()));
    }
  }

  private void checkReplication(String file, int index, BlockLocation block, int replicaCount, int replication) {
    if (block.isStriped()) {
      // Erasure-coded block groups are not replicated: the replication factor says nothing about them.
      return;
    }
    // HDFS lists corrupt replicas only when no good one is left, flagging the block corrupt.
    int live = block.isCorrupt() ? 0 : replicaCount;
    if (live < replication) {
      underReplicated.add(
          new UnderReplicatedBlock(file, index, block.getOffset(), live, replication, block.isCorrupt()));
    }
  }

  private void checkWholeFilePerTier(String file, int fileBlocks, Map<String, Integer> blocksPerTier) {
    blocksPerTier.forEach((tier, held) -> {
      // "unknown" is not a tier anyone placed data in; a partial count there only says info was missing.
      if (held < fileBlocks && !tier.equals(PlacementReport.UNKNOWN)) {
        wholeFile.add(new WholeFileViolation(file, tier, held, fileBlocks));
      }
    });
  }

  /** The report over every file added so far. */
  public PlacementReport build() {
    int racks = clusterRacks != null ? clusterRacks : racksSeen.size();
    Findings<SingleRackBlock> singleRackBlocks = racks >= 2 ? singleRack.findings() : Findings.none();
    return new PlacementReport(path, files, blocks, replicas, logicalBytes, replicaBytes, racks,
        rows(byTier, tierOrder), rows(byRack, Comparator.naturalOrder()), rows(byNode, Comparator.naturalOrder()),
        singleRackBlocks, wholeFile.findings(), underReplicated.findings());
  }

  /** Fastest tier first; tiers the map does not know after the known ones, and "unknown" last. */
  private static Comparator<String> tierOrder(TierMap tierMap) {
    return Comparator.comparingInt((String name) -> name.equals(PlacementReport.UNKNOWN) ? 1 : 0)
        .thenComparingInt(name -> tierMap.find(name).map(Tier::rank).orElse(Integer.MAX_VALUE))
        .thenComparing(Comparator.naturalOrder());
  }

  private List<Row> rows(Map<String, Tally> tallies, Comparator<String> order) {
    List<String> names = new ArrayList<>(tallies.keySet());
    names.sort(order);
    List<Row> rows = new ArrayList<>(names.size());
    for (String name : names) {
      Tally tally = tallies.get(name);
      double share = replicas == 0 ? 0 : (double) tally.replicas / replicas;
      rows.add(new Row(name, tally.replicas, tally.bytes, share));
    }
    return rows;
  }

  private static void count(Map<String, Tally> tallies, String key, long bytes) {
    Tally tally = tallies.computeIfAbsent(key, k -> new Tally());
    tally.replicas++;
    tally.bytes += bytes;
  }

  private static final class Tally {
    long replicas;
    long bytes;
  }

  /** A violation list that counts everything but keeps only the first {@code maxListed} items. */
  private final class CappedList<T> {
    private final List<T> items = new ArrayList<>();
    private long total;

    void add(T item) {
      total++;
      if (items.size() < maxListed) {
        items.add(item);
      }
    }

    Findings<T> findings() {
      return new Findings<>(total, items);
    }
  }
}
