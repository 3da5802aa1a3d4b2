package io.strata.core.energy;

/** Why a volume was woken from standby, or why it is being kept awake; every spin-up is counted by cause. */
public enum WakeCause {
  /** A block read reached the volume. */
  READ,
  /** A block write reached the volume. */
  WRITE,
  /** A primary replica became unavailable, so its backups must serve. */
  PRIMARY_LOST,
  /** The wake-up predictor expects the volume to be needed soon. */
  PREDICTED,
  /** The NameNode reports blocks below their replication: re-replication may read or write here. */
  LOW_REDUNDANCY,
  /** A DataNode is being decommissioned: its replicas are copied, possibly from or to this volume. */
  DECOMMISSION,
  /** HDFS's own background I/O: the block scanner, the directory scanner, {@code du}. */
  BACKGROUND_SCAN,
  /** The node's turn in the write group: its backups take new backup replicas and are kept awake through it. */
  WRITE_GROUP,
  /** An operator asked for it. */
  OPERATOR,
  /** Something outside Strata woke the disk (seen by the driver reading the disk's state). */
  EXTERNAL
}
