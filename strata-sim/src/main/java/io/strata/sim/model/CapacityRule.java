package io.strata.sim.model;

import io.strata.core.config.ConfigException;
import java.util.Locale;

/** What happens when a tier fills up. */
public enum CapacityRule {
  /**
   * hatS's simulation: when a tier is above 95% full, whole least-recently-used files holding replicas there
   * (not in use) are deleted until it is below 90%, to make room for new data.
   */
  LRU,
  /** Strata's plugin: nothing is deleted; the placement policies fall back to the next tier by speed. */
  FALLBACK;

  public static CapacityRule parse(String name) {
    for (CapacityRule rule : values()) {
      if (rule.name().equalsIgnoreCase(name.trim())) {
        return rule;
      }
    }
    throw new ConfigException("unknown capacity rule '" + name + "' (known: lru, fallback)");
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }
}
