package io.strata.core.placement;

import java.util.List;

/**
 * Energy-efficient HDFS (thesis ch. 4): a block's first replica, its primary copy, goes to a primary volume and
 * every other replica to backup volumes, so that backup disks see no reads in normal operation and can sleep.
 * Racks follow HDFS's default rules.
 */
public final class PrimaryBackupPolicy extends ReplicaByReplicaPolicy {

  @Override
  public String name() {
    return "primary-backup";
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    List<String> primary = TierChoices.primaryNames(chooser.tiers());
    List<String> backup = TierChoices.backupNames(chooser.tiers());
    boolean hasPrimaryCopy = false;
    for (Replica replica : placed) {
      hasPrimaryCopy |= primary.contains(replica.tier());
    }
    List<List<String>> groups = hasPrimaryCopy ? List.of(backup, primary) : List.of(primary, backup);
    return RackScopes.tierFirst(groups, RackScopes.networkAware(request, placed));
  }
}
