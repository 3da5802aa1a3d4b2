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

  /** Scarlett's cushion delta: one replica above the peak concurrency (Scarlett's own default). */
  public static final int SCARLETT_DELTA = 1;
  /** Scarlett's storage budget over base replication: 20%, inside the 10-30% range the Scarlett paper studies. */
  public static final double SCARLETT_BUDGET = 0.2;
  /** Reads of a file within this many seconds count as concurrent for Scarlett. */
  public static final long SCARLETT_WINDOW_SECONDS = 60;

  private ReplicationAdvisors() {}

  /** The advisor called {@code name}, deciding within {@code rules}. */
  public static ReplicationAdvisor create(String name, PpaSettings settings, DecisionRules rules, int expectedFiles) {
    return switch (name) {
      case "aptstore" -> new AptStoreAdvisor(settings, rules, expectedFiles);
      case "aptstore-perf" -> new AptStoreAdvisor(settings, rules.withoutDemotion(), expectedFiles);
      case "scarlett" -> new ScarlettAdvisor(rules, SCARLETT_DELTA, SCARLETT_BUDGET, SCARLETT_WINDOW_SECONDS);
      default -> throw new ConfigException("unknown replication advisor '" + name + "' (known: "
          + String.join(", ", NAMES) + ")");
    };
  }
}
