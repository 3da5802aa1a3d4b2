package io.strata.core.placement;

import java.util.List;

/**
 * One call for targets.
 *
 * @param path        the file
 * @param blockIndex  position of the block in the file for a new block; -1 when unknown (re-replication,
 *                    pipeline recovery)
 * @param replication the file's replication factor
 * @param needed      how many more replicas to place now
 * @param existing    replicas the block already has (live replicas, or pipeline nodes kept)
 * @param writerHost  host of the writer when it is a cluster node, else null
 * @param writerRack  rack of the writer when known, else null
 */
public record PlacementRequest(String path, long blockIndex, int replication, int needed, List<Replica> existing,
    String writerHost, String writerRack) {

  public PlacementRequest {
    existing = List.copyOf(existing);
  }

  /** A request for a brand new block with no replica yet. */
  public static PlacementRequest newBlock(String path, long blockIndex, int replication, String writerHost,
      String writerRack) {
    return new PlacementRequest(path, blockIndex, replication, replication, List.of(), writerHost, writerRack);
  }
}
