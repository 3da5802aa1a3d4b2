package io.strata.core.placement;

import java.util.List;

/**
 * What a policy chose.
 *
 * @param targets   the new replicas, in the order they were chosen
 * @param fallbacks replicas that could not go where the policy wanted them
 * @param outsideWriteGroup backup replicas that went outside the write group because it could not take them (full,
 *                          dead, excluded, or too few of its nodes for the block): each may wake a sleeping disk
 */
public record Placement(List<Replica> targets, List<Fallback> fallbacks, int outsideWriteGroup) {
  public Placement {
    targets = List.copyOf(targets);
    fallbacks = List.copyOf(fallbacks);
  }

  public Placement(List<Replica> targets, List<Fallback> fallbacks) {
    this(targets, fallbacks, 0);
  }

  /** A replica that went to another tier than the policy wanted, because the wanted one was full or missing. */
  public record Fallback(String wantedTiers, String usedTier) {}
}
