package io.strata.hdfs.tier;

/** Hears about block moves as they happen. Called from the moving threads; must be thread-safe. */
public interface MoveListener {
  MoveListener NONE = new MoveListener() {};

  /**
   * One block move.
   *
   * @param file      the file
   * @param blockId   HDFS block ID
   * @param bytes     block length
   * @param fromHost  host whose replica is replaced
   * @param fromTier  its tier
   * @param toHost    host receiving the new replica (the same host for a move between its volumes)
   * @param toTier    tier of the new replica
   * @param reason    why the block moves
   */
  record Move(String file, long blockId, long bytes, String fromHost, String fromTier, String toHost, String toTier,
      String reason) {
    public boolean sameNode() {
      return fromHost.equals(toHost);
    }
  }

  /** Before the DataNode is asked to copy. */
  default void starting(Move move) {}

  /** The target DataNode has stored the new replica (the NameNode lists it right after). */
  default void done(Move move) {}

  /** The move failed; the replaced replica is untouched. */
  default void failed(Move move, Exception error) {}
}
