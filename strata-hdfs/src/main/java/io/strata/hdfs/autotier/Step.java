package io.strata.hdfs.autotier;

import io.strata.core.placement.TierLayout;

/**
 * One call that brings a file closer to its planned place.
 *
 * @param layout      the tier of every replica, recorded as the file's placement rule and reached with the tier
 *                    API's verified block moves; null for a replica count alone ({@code setReplication}), for a
 *                    file whose placement policy sets no tiers per file
 * @param replication the replica count after the step
 */
public record Step(TierLayout layout, int replication) {
  @Override
  public String toString() {
    return layout == null ? "replication " + replication : layout.policyName();
  }
}
