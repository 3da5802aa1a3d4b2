package io.strata.core.popularity;

import io.strata.core.config.ConfigException;
import java.util.List;

/**
 * The replication advisors by name, each written once with a one-line description and how to make it, for every
 * caller that picks one by name; help texts and the "unknown advisor" error list them from here.
 */
public final class ReplicationAdvisors {
  /** Makes an advisor: the AptStore ones use {@code settings}, Scarlett {@code scarlett}. */
  @FunctionalInterface
  public interface Factory {
    ReplicationAdvisor create(PpaSettings settings, ScarlettSettings scarlett, DecisionRules rules, int expectedFiles);
  }

  /**
   * One advisor: its name, one line for help texts, and how to make it.
   *
   * @param movesBetweenTiers true when its plans move replicas between tiers (it needs a secondary tier), not
   *                          only change replica counts
   */
  public record Entry(String name, String description, boolean movesBetweenTiers, Factory factory) {}

  /** Every advisor, in the order help texts list them. */
  public static final List<Entry> ENTRIES = List.of(
      new Entry("scarlett", "the Scarlett baseline: replicas in proportion to recent accesses", false,
          (settings, scarlett, rules, files) -> new ScarlettAdvisor(rules, scarlett)),
      new Entry("aptstore-perf", "AptStore that never demotes: it only changes replica counts", false,
          (settings, scarlett, rules, files) -> new AptStoreAdvisor(settings, rules.withoutDemotion(), files)),
      new Entry("aptstore", "AptStore: predicted popularity promotes hot files and demotes cold ones", true,
          (settings, scarlett, rules, files) -> new AptStoreAdvisor(settings, rules, files)));

  /** The advisors' names. */
  public static final List<String> NAMES = ENTRIES.stream().map(Entry::name).toList();

  private ReplicationAdvisors() {}

  /** The advisor called {@code name}, deciding within {@code rules}, with Scarlett's default constants. */
  public static ReplicationAdvisor create(String name, PpaSettings settings, DecisionRules rules, int expectedFiles) {
    return create(name, settings, ScarlettSettings.defaults(), rules, expectedFiles);
  }

  /** The advisor called {@code name}: the AptStore ones use {@code settings}, Scarlett {@code scarlett}. */
  public static ReplicationAdvisor create(String name, PpaSettings settings, ScarlettSettings scarlett,
      DecisionRules rules, int expectedFiles) {
    return entry(name).factory().create(settings, scarlett, rules, expectedFiles);
  }

  /**
   * The advisor called {@code name}.
   *
   * @throws ConfigException listing the known names when there is none
   */
  public static Entry entry(String name) {
    for (Entry entry : ENTRIES) {
      if (entry.name().equals(name)) {
        return entry;
      }
    }
    throw new ConfigException("unknown replication advisor '" + name + "' (known: " + String.join(", ", NAMES) + ")");
  }
}
