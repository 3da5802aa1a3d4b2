package io.strata.core.placement;

import io.strata.core.device.StorageKind;
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
  private final boolean stockHdfs;
  /** The tier groups for the last tier list seen: they depend on nothing else, and are asked for per replica. */
  private volatile TierGroups lastGroups;

  private record TierGroups(List<Tier> tiers, List<List<String>> groups) {}

  public NetworkAwarePolicy(String name, Predicate<Tier> eligible) {
    this(name, eligible, false);
  }

  private NetworkAwarePolicy(String name, Predicate<Tier> eligible, boolean stockHdfs) {
    this.name = name;
    this.eligible = eligible;
    this.stockHdfs = stockHdfs;
  }

  /** Stock HDFS under its HOT storage policy: the NameNode plugin leaves such files to HDFS itself. */
  public static NetworkAwarePolicy stockHdfs(String name) {
    return new NetworkAwarePolicy(name, t -> t.storageKind() == StorageKind.DISK, true);
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean leavesPlacementToHdfs() {
    return stockHdfs;
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    return RackScopes.tierFirst(groups(chooser.tiers()), RackScopes.networkAware(request, placed));
  }

  /** The eligible tiers (all tiers when none is), then all tiers. */
  private List<List<String>> groups(List<Tier> all) {
    TierGroups known = lastGroups;
    if (known != null && (known.tiers() == all || known.tiers().equals(all))) {
      return known.groups();
    }
    List<String> tiers = all.stream().filter(eligible).map(Tier::name).toList();
    if (tiers.isEmpty()) {
      tiers = TierChoices.names(all);
    }
    List<List<String>> groups = List.of(tiers, TierChoices.names(all));
    lastGroups = new TierGroups(List.copyOf(all), groups);
    return groups;
  }
}
