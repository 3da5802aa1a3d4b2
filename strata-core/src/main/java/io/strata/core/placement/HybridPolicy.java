package io.strata.core.placement;

import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * hatS hybrid placement: the first replica on the writer's node (else its rack), the second on another rack and
 * another tier, the third on a tier different from both but in the rack of one of them. Tiers are chosen per
 * file as tier-aware chooses them, starting from the writer's fastest tier, so all blocks of a file written
 * from one node use the same tiers.
 */
public final class HybridPolicy extends ReplicaByReplicaPolicy {

  @Override
  public String name() {
    return "hybrid";
  }

  @Override
  public boolean keepsWholeFile() {
    return true;
  }

  /**
   * No {@link #fileLayout}, since a file's tiers depend on its writer; a file already written gets the layout of
   * one written from no node: the fastest tier first.
   */
  @Override
  public Optional<TierLayout> layoutForWrittenFile(String path, TierMap tiers, int replication) {
    return Optional.of(TierLayout.of(tiersFor(path, tiers.tiers(), List.of(), replication), tiers));
  }

  /** The tier of each replica, in replica order, for a file written from {@code writerTiers} (may be empty). */
  public static List<String> tiersFor(String path, List<Tier> tiers, List<String> writerTiers, int replication) {
    List<String> primary = TierChoices.primaryNames(tiers);
    String first = primary.get(0);
    for (String tier : primary) {
      if (writerTiers.contains(tier)) {
        first = tier;
        break;
      }
    }
    String slowest = primary.get(primary.size() - 1);
    String second = !first.equals(slowest) ? slowest : primary.get(0);
    List<String> rest = new ArrayList<>(primary);
    rest.remove(first);
    rest.remove(second);
    List<String> plan = new ArrayList<>(List.of(first, second));
    for (int i = 2; i < replication; i++) {
      plan.add(i == 2 && !rest.isEmpty()
          ? rest.get(TierChoices.stableIndex(path, 2, rest.size()))
          : primary.get(TierChoices.stableIndex(path, i, primary.size())));
    }
    return plan.subList(0, Math.max(1, Math.min(replication, plan.size())));
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    List<String> writerTiers = request.writerHost() == null ? List.of() : chooser.tiersOn(request.writerHost());
    List<String> missing = TierChoices.missing(
        tiersFor(request.path(), chooser.tiers(), writerTiers, Math.max(request.replication(), placed.size() + 1)),
        request.existing());
    int nth = placed.size() - request.existing().size();
    String wanted = nth < missing.size() ? missing.get(nth) : chooser.tiers().get(0).name();
    List<Scope> scopes = new ArrayList<>();
    switch (placed.size()) {
      case 0 -> {
        if (request.writerHost() != null) {
          scopes.add(new Scope.OnHost(request.writerHost()));
        }
        if (request.writerRack() != null) {
          scopes.add(new Scope.InRack(request.writerRack()));
        }
      }
      case 1 -> scopes.add(new Scope.OutsideRacks(Set.of(placed.get(0).rack())));
      case 2 -> {
        scopes.add(new Scope.InRack(placed.get(1).rack()));
        scopes.add(new Scope.InRack(placed.get(0).rack()));
      }
      default -> {
      }
    }
    scopes.add(Scope.ANYWHERE);
    return RackScopes.tierFirst(TierChoices.primaryWithFallbacks(wanted, chooser.tiers()), scopes);
  }
}
