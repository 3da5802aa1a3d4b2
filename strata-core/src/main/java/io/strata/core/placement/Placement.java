package io.strata.core.placement;

import java.util.List;

/**
 * What a policy chose.
 *
 * @param targets   the new replicas, in the order they were chosen
 * @param fallbacks replicas that could not go where the policy wanted them
 */
public record Placement(List<Replica> targets, List<Fallback> fallbacks) {
  public Placement {
    targets = List.copyOf(targets);
    fallbacks = List.copyOf(fallbacks);
  }

  /** A replica that went to another tier than the policy wanted, because the wanted one was full or missing. */
  public record Fallback(String wantedTiers, String usedTier) {}
}
