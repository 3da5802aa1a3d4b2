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
 * same choices among every backup (waking one; counted in {@link Placement#outsideWriteGroup()}), then primaries. The
 * primary replica prefers a node outside the group, so the group's nodes are free for the backups. A block never
 * gets fewer replicas, nor fewer racks, because of the group. The group may overrule HDFS's wish for the third
 * replica in the second's rack, never the rule of two racks per block.
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
    Set<String> writeGroup = chooser.writeGroup();
    if (writeGroup.isEmpty()) {
      return attempts;
    }
    if (!hasPrimaryCopy) {
      return primaryOffTheGroup(request, scopes, attempts, writeGroup, primary);
    }
    List<Attempt> inGroupFirst = new ArrayList<>(scopes.size() + attempts.size());
    for (Scope scope : scopes) {
      inGroupFirst.add(new Attempt(backup, new Scope.Among(writeGroup, scope), true));
    }
    inGroupFirst.addAll(attempts);
    return inGroupFirst;
  }

  /**
   * The primary replica goes where HDFS would put it (the writer's node first) but off the write group's nodes, whose
   * backups the block's other replicas need: a writer outside the group keeps its local primary, a writer from
   * outside the cluster gets one on a node outside the group. Only a writer in a group too small to take every backup
   * besides itself gives up its local primary (a network hop saved is not worth a disk woken); in a larger group it
   * keeps it.
   */
  private static List<Attempt> primaryOffTheGroup(PlacementRequest request, List<Scope> scopes, List<Attempt> attempts,
      Set<String> writeGroup, List<String> primary) {
    String writer = request.writerHost();
    int backupsNeeded = request.replication() - 1;
    if (writer != null && writeGroup.contains(writer) && writeGroup.size() - 1 >= backupsNeeded) {
      return attempts;
    }
    List<Attempt> offGroupFirst = new ArrayList<>(scopes.size() + attempts.size());
    for (Scope scope : scopes) {
      offGroupFirst.add(new Attempt(primary, new Scope.NotAmong(writeGroup, scope), true));
    }
    offGroupFirst.addAll(attempts);
    return offGroupFirst;
  }
}
