package io.strata.core.placement;

import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * hatS tier-aware placement: a file's replicas go to up to three tiers, the first to a fast tier, the second to
 * a slow tier, the third to an intermediate tier drawn at random per file. Every block of a file uses the same
 * tiers (whole-file-per-tier). Unlike hatS, which ignored racks, the second replica goes to another rack than
 * the first, so every block spans two racks when the cluster has them.
 */
public final class TierAwarePolicy extends ReplicaByReplicaPolicy {

  @Override
  public String name() {
    return "tier-aware";
  }

  @Override
  public boolean keepsWholeFile() {
    return true;
  }

  /** A file's tiers depend on its path only, so every file has a layout before it is written. */
  @Override
  public Optional<TierLayout> fileLayout(String path, TierMap tiers, int replication) {
    return Optional.of(TierLayout.of(tiersFor(path, tiers.tiers(), replication), tiers));
  }

  /** The tier of each replica of the file's blocks, in replica order. */
  public static List<String> tiersFor(String path, List<Tier> tiers, int replication) {
    List<String> primary = TierChoices.primaryNames(tiers);
    List<String> plan = new ArrayList<>();
    for (int i = 0; i < replication; i++) {
      plan.add(pick(path, primary, i));
    }
    return plan;
  }

  private static String pick(String path, List<String> primary, int replica) {
    int n = primary.size();
    if (n == 1) {
      return primary.get(0);
    }
    return switch (replica) {
      case 0 -> primary.get(0);
      case 1 -> primary.get(n - 1);
      case 2 -> n > 2
          ? primary.get(1 + TierChoices.stableIndex(path, 2, n - 2))
          : primary.get(TierChoices.stableIndex(path, 2, n));
      default -> primary.get(TierChoices.stableIndex(path, replica, n));
    };
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    List<String> missing = TierChoices.missing(
        tiersFor(request.path(), chooser.tiers(), Math.max(request.replication(), placed.size() + 1)),
        request.existing());
    int nth = placed.size() - request.existing().size();
    String wanted = nth < missing.size() ? missing.get(nth) : chooser.tiers().get(0).name();
    List<Scope> scopes = placed.size() == 1
        ? List.of(new Scope.OutsideRacks(Set.of(placed.get(0).rack())), Scope.ANYWHERE)
        : List.of(Scope.ANYWHERE);
    return RackScopes.tierFirst(TierChoices.primaryWithFallbacks(wanted, chooser.tiers()), scopes);
  }
}
