package io.strata.hdfs.autotier;

import io.strata.core.placement.TierLayout;

/**
 * One call that brings a file closer to its planned place.
 *
 * @param layout      the tier of every replica, reached with the tier API's verified block moves and kept there by
 *                    the file's HDFS storage policy where one can stand for it, else by a placement rule recorded
 *                    for the file; null for a replica count alone ({@code setReplication}), for a file whose
 *                    placement policy sets no tiers per file
 * @param replication the replica count after the step
 * @param interim     true for a layout the change's next step replaces at once (the replicas that stay moved to
 *                    their tiers before the count goes down): recorded as a rule for the length of the change
 */
public record Step(TierLayout layout, int replication, boolean interim) {
  /** A step that leaves the file where the change wants it. */
  public Step(TierLayout layout, int replication) {
    this(layout, replication, false);
  }

  @Override
  public String toString() {
    return layout == null ? "replication " + replication : layout.policyName();
  }
}
