package io.strata.core.placement;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Places replicas one at a time: for each, the policy lists its attempts in order of preference and the first
 * that finds a node wins; a policy's later attempts name other tiers, so a full or missing tier costs the
 * preferred placement, never the write. Every policy also gets from here: never two replicas on one node (the
 * chooser's job) and at least two racks per block when the cluster has them.
 */
public abstract class ReplicaByReplicaPolicy implements PlacementPolicy {

  /**
   * Attempts for the next replica, best first.
   *
   * @param request the request
   * @param placed  replicas the block has so far: existing ones, then those chosen earlier in this request
   * @param chooser the chooser, for the cluster's tiers and racks
   */
  protected abstract List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser);

  @Override
  public Placement place(PlacementRequest request, TargetChooser chooser) {
    List<Replica> placed = new ArrayList<>(request.existing());
    List<Replica> targets = new ArrayList<>();
    List<Placement.Fallback> fallbacks = new ArrayList<>();
    int outsideWriteGroup = 0;
    for (int i = 0; i < request.needed(); i++) {
      List<Attempt> attempts = withRackSpread(request, placed, chooser, attempts(request, placed, chooser));
      Replica chosen = null;
      for (Attempt attempt : attempts) {
        chosen = chooser.choose(attempt.tiers(), attempt.scope());
        if (chosen != null) {
          if (!attempt.preferred()) {
            fallbacks.add(new Placement.Fallback(String.join("|", attempts.get(0).tiers()), chosen.tier()));
          }
          if (attempts.get(0).scope() instanceof Scope.Among && !(attempt.scope() instanceof Scope.Among)) {
            outsideWriteGroup++;
          }
          break;
        }
      }
      if (chosen == null) {
        break; // the cluster has no room left for this block; HDFS reports the shortfall
      }
      placed.add(chosen);
      targets.add(chosen);
    }
    return new Placement(targets, fallbacks, outsideWriteGroup);
  }

  /**
   * When this is the block's last replica and all others sit in one rack of a multi-rack cluster, every attempt
   * is first tried outside that rack; the original scopes follow only as a last resort.
   */
  private static List<Attempt> withRackSpread(PlacementRequest request, List<Replica> placed, TargetChooser chooser,
      List<Attempt> attempts) {
    boolean lastReplica = placed.size() + 1 >= request.replication();
    if (chooser.rackCount() < 2 || !lastReplica || placed.isEmpty() || request.replication() < 2) {
      return attempts;
    }
    String onlyRack = placed.get(0).rack();
    if (placed.stream().anyMatch(r -> !r.rack().equals(onlyRack))) {
      return attempts;
    }
    Scope outside = new Scope.OutsideRacks(Set.of(onlyRack));
    List<Attempt> spread = new ArrayList<>();
    for (Attempt attempt : attempts) {
      Scope scope = attempt.scope() instanceof Scope.Among among ? new Scope.Among(among.hosts(), outside)
          : attempt.scope() instanceof Scope.NotAmong not ? new Scope.NotAmong(not.hosts(), outside) : outside;
      spread.add(new Attempt(attempt.tiers(), scope, attempt.preferred()));
    }
    spread.addAll(attempts);
    return spread;
  }
}
