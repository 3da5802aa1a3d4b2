package io.strata.core.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Energy-efficient HDFS (thesis ch. 4): a block's first replica, its primary copy, goes to a primary volume and
 * every other replica to backup volumes, so that backup disks see no reads in normal operation and can sleep.
 * Racks follow HDFS's default rules.
 *
 * <p>With a write group (the chooser's {@link TargetChooser#writeGroup()}), backup replicas go to the group's
 * backups first, so only those need to be awake for writes: each rack choice is tried among the group, then the
 * same choices among every backup (waking one; counted in {@link Placement#outsideWriteGroup()}), then primaries. A
 * block never gets fewer replicas, nor fewer racks, because of the group. The group may overrule HDFS's wish for the
 * third replica in the second's rack, never the rule of two racks per block.
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
    List<Scope> scopes = RackScopes.networkAware(request, placed);
    List<Attempt> attempts = RackScopes.tierFirst(groups, scopes);
    Set<String> writeGroup = hasPrimaryCopy ? chooser.writeGroup() : Set.of();
    if (writeGroup.isEmpty()) {
      return attempts;
    }
    List<Attempt> inGroupFirst = new ArrayList<>(scopes.size() + attempts.size());
    for (Scope scope : scopes) {
      inGroupFirst.add(new Attempt(backup, new Scope.Among(writeGroup, scope), true));
    }
    inGroupFirst.addAll(attempts);
    return inGroupFirst;
  }
}
