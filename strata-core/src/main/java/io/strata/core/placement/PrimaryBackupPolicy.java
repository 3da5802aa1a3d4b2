package io.strata.core.placement;

import io.strata.core.tier.Tier;
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
    List<String> primary = chooser.tiers().stream().filter(t -> !t.backup()).map(Tier::name).toList();
    List<String> backup = chooser.tiers().stream().filter(Tier::backup).map(Tier::name).toList();
    boolean hasPrimaryCopy = placed.stream().anyMatch(r -> primary.contains(r.tier()));
    List<List<String>> groups = hasPrimaryCopy ? List.of(backup, primary) : List.of(primary, backup);
    return RackScopes.tierFirst(groups, RackScopes.networkAware(request, placed));
  }
}
