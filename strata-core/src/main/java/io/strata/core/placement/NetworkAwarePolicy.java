package io.strata.core.placement;

import io.strata.core.tier.Tier;
import java.util.List;
import java.util.function.Predicate;

/**
 * HDFS's own rack logic (writer's node, another rack, the second's rack) over a set of tiers it does not tell
 * apart. With all tiers it is hatS's network-aware baseline; with the DISK tiers it is what stock HDFS does
 * under its default HOT storage policy, which is how the simulator runs {@code default}.
 */
public final class NetworkAwarePolicy extends ReplicaByReplicaPolicy {
  private final String name;
  private final Predicate<Tier> eligible;

  public NetworkAwarePolicy(String name, Predicate<Tier> eligible) {
    this.name = name;
    this.eligible = eligible;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    List<String> tiers = chooser.tiers().stream().filter(eligible).map(Tier::name).toList();
    if (tiers.isEmpty()) {
      tiers = TierChoices.names(chooser.tiers());
    }
    return RackScopes.tierFirst(List.of(tiers, TierChoices.names(chooser.tiers())), RackScopes.networkAware(request, placed));
  }
}
