package io.strata.hdfs.report;

import java.util.List;

/**
 * Where the replicas of the files under one path sit, and which placement rules they break: the tables
 * behind hatS Fig. 5 (replicas and bytes per tier, rack and node) plus three violation lists. Immutable;
 * made by {@link PlacementReportBuilder}.
 *
 * @param path                  the path the report covers, as given to the collector
 * @param files                 files scanned
 * @param blocks                blocks of those files
 * @param replicas              block replicas found (one per block location host)
 * @param logicalBytes          sum of the file lengths
 * @param replicaBytes          bytes stored over all replicas (block length times replicas, summed)
 * @param clusterRacks          racks in the cluster: given by the caller, or else the racks seen in block locations
 * @param tiers                 one row per tier, fastest first; tiers the tier map does not know, then
 *                              {@value #UNKNOWN}, last
 * @param racks                 one row per rack, by name
 * @param nodes                 one row per DataNode, by name
 * @param singleRackBlocks      blocks with two or more replicas all in one rack; always empty when the cluster
 *                              has fewer than two racks, since nothing better was possible
 * @param wholeFileViolations   tiers holding some but not all blocks of a file
 * @param underReplicatedBlocks blocks with fewer live replicas than their file's replication factor
 */
public record PlacementReport(
    String path,
    long files,
    long blocks,
    long replicas,
    long logicalBytes,
    long replicaBytes,
    int clusterRacks,
    List<Row> tiers,
    List<Row> racks,
    List<Row> nodes,
    Findings<SingleRackBlock> singleRackBlocks,
    Findings<WholeFileViolation> wholeFileViolations,
    Findings<UnderReplicatedBlock> underReplicatedBlocks) {

  /** Tier or rack name used when a block location does not say (old servers, non-HDFS file systems). */
  public static final String UNKNOWN = "unknown";

  public PlacementReport {
    tiers = List.copyOf(tiers);
    racks = List.copyOf(racks);
    nodes = List.copyOf(nodes);
  }

  /** True when single-rack blocks were looked for: only a cluster with two or more racks can avoid them. */
  public boolean rackSpreadChecked() {
    return clusterRacks >= 2;
  }

  /**
   * One line of a per-tier, per-rack or per-node table.
   *
   * @param name         tier, rack or node name
   * @param replicas     block replicas stored there
   * @param replicaBytes bytes of those replicas
   * @param share        fraction (0..1) of all replicas in the report stored there
   */
  public record Row(String name, long replicas, long replicaBytes, double share) {}

  /**
   * A block whose replicas all sit in one rack, so losing that rack loses the block.
   *
   * @param file       file path
   * @param blockIndex position of the block in the file, from 0
   * @param offset     byte offset of the block in the file
   * @param replicas   replicas of the block
   * @param rack       the one rack holding them
   */
  public record SingleRackBlock(String file, int blockIndex, long offset, int replicas, String rack) {}

  /**
   * A tier holding some but not all of a file's blocks: reading the file mixes tier speeds (hatS keeps a
   * whole file in one tier).
   *
   * @param file         file path
   * @param tier         the tier
   * @param blocksInTier blocks with at least one replica in the tier
   * @param fileBlocks   blocks of the file
   */
  public record WholeFileViolation(String file, String tier, int blocksInTier, int fileBlocks) {}

  /**
   * A block with fewer live replicas than its file asks for.
   *
   * @param file             file path
   * @param blockIndex       position of the block in the file, from 0
   * @param offset           byte offset of the block in the file
   * @param liveReplicas     replicas that can be read (0 when the NameNode marks the block corrupt)
   * @param expectedReplicas the file's replication factor
   * @param corrupt          true when the NameNode reports every replica of the block corrupt
   */
  public record UnderReplicatedBlock(
      String file, int blockIndex, long offset, int liveReplicas, int expectedReplicas, boolean corrupt) {}

  /**
   * A violation list. A large cluster can break a rule millions of times, so the builder keeps only the first
   * few items but always the true count.
   *
   * @param total how many were found
   * @param items the first of them, in scan order
   */
  public record Findings<T>(long total, List<T> items) {
    public Findings {
      items = List.copyOf(items);
    }

    public static <T> Findings<T> none() {
      return new Findings<>(0, List.of());
    }

    /** How many were found but not kept. */
    public long notListed() {
      return total - items.size();
    }
  }
}
