package io.strata.core.placement;

import java.util.List;

/**
 * One try at placing a replica: any of {@code tiers}, within {@code scope}. {@code preferred} is false for
 * tries that already give up some of what the policy wanted (another tier), which counts as a fallback.
 */
public record Attempt(List<String> tiers, Scope scope, boolean preferred) {
  public Attempt {
    tiers = List.copyOf(tiers);
  }
}
