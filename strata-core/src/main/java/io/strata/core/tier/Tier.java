package io.strata.core.tier;

import io.strata.core.device.StorageKind;

/**
 * A named group of like devices across nodes (hatS, section III-A). Tiers are ranked by speed: rank 0 is
 * the fastest.
 *
 * @param name        tier name
 * @param storageKind the HDFS storage type its volumes are exposed as
 * @param rank        position in the speed order, 0 = fastest
 * @param readMBps    slowest device read bandwidth in the tier (what the tier can promise), 0 if unknown
 * @param iops        slowest device IOPS in the tier, 0 if unknown
 * @param backup      true when every volume of the tier is a backup volume (energy-efficient HDFS)
 */
public record Tier(String name, StorageKind storageKind, int rank, double readMBps, double iops, boolean backup) {
  /** The tier for a reader: its name, its read bandwidth when known, and whether it is a backup tier. */
  public String describe() {
    return name + (readMBps > 0 ? " " + (int) readMBps + " MB/s" : "") + (backup ? " (backup)" : "");
  }
}
