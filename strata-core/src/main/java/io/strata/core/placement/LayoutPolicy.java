package io.strata.core.placement;

import io.strata.core.tier.TierMap;
import java.util.List;
import java.util.Optional;

/**
 * Places every block of a file on the tiers of its recorded {@link TierLayout} (the tier API writes layouts as
 * rules), with HDFS's rack order (writer's node, another rack, the second's rack). Re-replication puts a lost
 * replica back on the tier the block is missing. A full tier falls back to the next slower one, as every Strata
 * policy does; the tier monitor later moves such replicas where the layout wants them.
 */
public final class LayoutPolicy extends ReplicaByReplicaPolicy {
  private final TierLayout layout;

  public LayoutPolicy(TierLayout layout) {
    if (layout.size() == 0) {
      throw new IllegalArgumentException("a layout needs at least one tier");
    }
    this.layout = layout;
  }

  public TierLayout layout() {
    return layout;
  }

  @Override
  public String name() {
    return layout.policyName();
  }

  @Override
  public boolean keepsWholeFile() {
    return true;
  }

  /** The recorded layout, whatever the file's replication (the layout gives the count). */
  @Override
  public Optional<TierLayout> fileLayout(String path, TierMap tiers, int replication) {
    return Optional.of(layout);
  }

  @Override
  protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
    List<String> missing = TierChoices.missing(
        layout.tiersFor(Math.max(request.replication(), placed.size() + 1)), request.existing());
    int nth = placed.size() - request.existing().size();
    String wanted = nth < missing.size() ? missing.get(nth) : layout.tiers().get(layout.size() - 1);
    return RackScopes.tierFirst(TierChoices.primaryWithFallbacks(wanted, chooser.tiers()),
        RackScopes.networkAware(request, placed));
  }
}
