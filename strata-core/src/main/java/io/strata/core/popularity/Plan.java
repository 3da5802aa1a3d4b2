package io.strata.core.popularity;

import java.util.List;

/**
 * An advisor's plan for the next reference time.
 *
 * @param advice          one entry per file, changed or not
 * @param lossProbability probability of losing a block within the rules' period if the plan is applied
 * @param rejection       why the plan must not be applied, or null
 */
public record Plan(List<Advice> advice, double lossProbability, String rejection) {
  public Plan {
    advice = List.copyOf(advice);
  }

  public boolean accepted() {
    return rejection == null;
  }
}
