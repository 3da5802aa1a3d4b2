package io.strata.core.retrieval;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The retrieval policies a configuration may name, each written once: its name, a one-line description and how
 * to make it. Parsing, the "unknown policy" error and every help text that lists them come from here. A catalog
 * can be built from other entries (e.g. {@link #STANDARD} plus one), so nothing is registered globally.
 */
public final class RetrievalPolicies {
  /** One policy: its name as configured, one line for help texts, and how to make it. */
  public record Entry(String name, String description, Function<RetrievalSettings, RetrievalPolicy> factory) {}

  /** Every policy Strata ships, in the order help texts list them. */
  public static final RetrievalPolicies STANDARD = new RetrievalPolicies(List.of(
      new Entry("network", "HDFS's order: node-local, rack-local, then remote replicas", s -> new NetworkRetrieval()),
      new Entry("tier-weighted", "hatS: a random replica weighted by its tier's speed; ignores the network, "
          + "lost to network on real links", TierWeightedRetrieval::new),
      new Entry("hybrid", "hatS: weighted by what the replica delivers over its network distance",
          HybridRetrieval::new),
      new Entry("adaptive", "hybrid that also counts the transfers each node already serves",
          AdaptiveRetrieval::new),
      new Entry("rate-aware", "recommended: the rate each replica delivers now (tier, links, live load); "
          + "never farther for less", RateAwareRetrieval::new),
      new Entry("primary-first", "energy-efficient HDFS: primary replicas before backups, each in network order",
          PrimaryFirstRetrieval::new)));

  /** The names a configuration may use, as {@link #STANDARD} lists them. */
  public static final List<String> NAMES = STANDARD.names();

  private final List<Entry> entries;

  public RetrievalPolicies(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** This catalog with one more policy. */
  public RetrievalPolicies plus(Entry entry) {
    List<Entry> more = new ArrayList<>(entries);
    more.add(entry);
    return new RetrievalPolicies(more);
  }

  public List<Entry> entries() {
    return entries;
  }

  public List<String> names() {
    return entries.stream().map(Entry::name).toList();
  }

  /** The policy called {@code name} in this catalog. */
  public RetrievalPolicy create(String name, RetrievalSettings settings) {
    String n = name == null ? "" : name.trim();
    for (Entry entry : entries) {
      if (entry.name().equals(n)) {
        return entry.factory().apply(settings);
      }
    }
    throw new ConfigException("unknown retrieval policy '" + n + "' (known: " + String.join(", ", names()) + ")");
  }

  /** The standard policy called {@code name}. */
  public static RetrievalPolicy parse(String name, RetrievalSettings settings) {
    return STANDARD.create(name, settings);
  }
}
