package io.strata.core.popularity;

import io.strata.core.config.ConfigException;
import java.util.List;

/** The replication advisors by name, with their default constants, for every caller that picks one by name. */
public final class ReplicationAdvisors {
  /**
   * {@code aptstore}: AptStore's PPA and decision engine; {@code aptstore-perf}: the same without demotion (seed
   * 004, IV-D1); {@code scarlett}: the Scarlett baseline.
   */
  public static final List<String> NAMES = List.of("scarlett", "aptstore-perf", "aptstore");

  private ReplicationAdvisors() {}

  /** The advisor called {@code name}, deciding within {@code rules}, with Scarlett's default constants. */
  public static ReplicationAdvisor create(String name, PpaSettings settings, DecisionRules rules, int expectedFiles) {
    return create(name, settings, ScarlettSettings.defaults(), rules, expectedFiles);
  }

  /** The advisor called {@code name}: the AptStore ones use {@code settings}, Scarlett {@code scarlett}. */
  public static ReplicationAdvisor create(String name, PpaSettings settings, ScarlettSettings scarlett,
      DecisionRules rules, int expectedFiles) {
    return switch (name) {
      case "aptstore" -> new AptStoreAdvisor(settings, rules, expectedFiles);
      case "aptstore-perf" -> new AptStoreAdvisor(settings, rules.withoutDemotion(), expectedFiles);
      case "scarlett" -> new ScarlettAdvisor(rules, scarlett);
      default -> throw new ConfigException("unknown replication advisor '" + name + "' (known: "
          + String.join(", ", NAMES) + ")");
    };
  }
}
