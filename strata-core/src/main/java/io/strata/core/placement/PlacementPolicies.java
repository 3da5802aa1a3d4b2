package io.strata.core.placement;

import io.strata.core.config.ConfigException;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.List;

/**
 * The placement policies a rule may name, each written once: its syntax, a one-line description and how to make
 * it for a cluster's tiers. Parsing, the "unknown policy" error and every help text that lists policies come from
 * here. A catalog can be built from other entries (e.g. {@link #STANDARD} plus one), so nothing is registered
 * globally.
 */
public final class PlacementPolicies {
  /** Stock HDFS placement, untouched by the plugin. */
  public static final String DEFAULT = "default";

  /** Makes a policy from its text as written in a rule, refusing parameters that cannot work on these tiers. */
  @FunctionalInterface
  public interface Factory {
    /**
     * @param text  the rule's policy, trimmed: the syntax's keyword, with its parameter after {@code :} if any
     * @param tiers the cluster's tiers
     * @throws ConfigException naming the policy and what is wrong with it
     */
    PlacementPolicy create(String text, TierMap tiers);
  }

  /**
   * One policy.
   *
   * @param syntax      as written in a rule: a keyword, with {@code :PARAMETER} for a policy that takes one
   *                    ({@code ratio:P})
   * @param description one line for help texts
   */
  public record Entry(String syntax, String description, Factory factory) {
    /** The word a rule starts with to name this policy. */
    public String keyword() {
      int colon = syntax.indexOf(':');
      return colon < 0 ? syntax : syntax.substring(0, colon);
    }

    boolean matches(String text) {
      boolean takesParameter = syntax.indexOf(':') >= 0;
      return text.equals(keyword()) || takesParameter && text.startsWith(keyword() + ":");
    }
  }

  /** Every policy Strata ships, in the order help texts list them. */
  public static final PlacementPolicies STANDARD = new PlacementPolicies(List.of(
      new Entry(DEFAULT, "stock HDFS placement (the plugin leaves it to HDFS; DISK volumes only)",
          (text, tiers) -> NetworkAwarePolicy.stockHdfs(DEFAULT)),
      new Entry("network", "HDFS's rack rules over every primary tier (hatS's network-aware baseline)",
          (text, tiers) -> new NetworkAwarePolicy("network", t -> !t.backup())),
      new Entry("ratio:P", "HDFS-H: a share P of each file's blocks wholly on SSD, the rest on HDD",
          PlacementPolicies::ratio),
      new Entry("tier-aware", "hatS: each file on a fast, a slow and an intermediate tier; two racks per block",
          (text, tiers) -> {
            requirePrimary(text, tiers);
            return new TierAwarePolicy();
          }),
      new Entry("hybrid", "hatS: writer-local first replica, the others on other tiers and racks",
          (text, tiers) -> {
            requirePrimary(text, tiers);
            return new HybridPolicy();
          }),
      new Entry("primary-backup", "energy-efficient HDFS: first replica on a primary tier, the rest on backup tiers",
          PlacementPolicies::primaryBackup),
      new Entry(TierLayout.PREFIX + "TIER+TIER+...", "one tier per replica, e.g. layout:ssd+disk+disk (the tier API "
          + "writes these)", (text, tiers) -> new LayoutPolicy(TierLayout.parse(text, tiers)))));

  /** The syntaxes a rule may use, as {@link #STANDARD} lists them; {@code ratio} takes {@code :P}. */
  public static final List<String> NAMES = STANDARD.syntaxes();

  private final List<Entry> entries;

  public PlacementPolicies(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  /** This catalog with one more policy. */
  public PlacementPolicies plus(Entry entry) {
    List<Entry> more = new ArrayList<>(entries);
    more.add(entry);
    return new PlacementPolicies(more);
  }

  public List<Entry> entries() {
    return entries;
  }

  public List<String> syntaxes() {
    return entries.stream().map(Entry::syntax).toList();
  }

  /**
   * The policy {@code text} names, from this catalog, for a cluster with these tiers.
   *
   * @throws ConfigException naming the policy and what is wrong with it
   */
  public PlacementPolicy create(String text, TierMap tiers) {
    String name = text == null ? "" : text.trim();
    for (Entry entry : entries) {
      if (entry.matches(name)) {
        return entry.factory().create(name, tiers);
      }
    }
    throw new ConfigException("unknown placement policy '" + name + "' (known: " + String.join(", ", syntaxes())
        + ")");
  }

  /**
   * The standard policy named {@code spec} for a cluster with these tiers.
   *
   * @throws ConfigException naming the policy and what is wrong with it
   */
  public static PlacementPolicy parse(String spec, TierMap tiers) {
    return STANDARD.create(spec, tiers);
  }

  private static void requirePrimary(String name, TierMap tiers) {
    if (TierChoices.primary(tiers.tiers()).isEmpty()) {
      throw new ConfigException("policy '" + name + "': the cluster has no tier to place on");
    }
  }

  private static PlacementPolicy ratio(String name, TierMap tiers) {
    double p = parseRatio(name);
    List<Tier> primary = TierChoices.primary(tiers.tiers());
    if (p > 0 && primary.stream().noneMatch(TierChoices::isFlash)) {
      throw new ConfigException("policy '" + name + "': the cluster has no SSD tier for the SSD zone (tiers: "
          + TierChoices.names(tiers.tiers()) + ")");
    }
    if (p < 1 && primary.stream().allMatch(TierChoices::isFlash)) {
      throw new ConfigException("policy '" + name + "': the cluster has no non-SSD tier for the HDD zone (tiers: "
          + TierChoices.names(tiers.tiers()) + ")");
    }
    return new RatioPolicy(p);
  }

  private static PlacementPolicy primaryBackup(String name, TierMap tiers) {
    if (tiers.tiers().stream().noneMatch(Tier::backup)) {
      throw new ConfigException("policy 'primary-backup': the cluster has no backup tier (mark volumes "
          + "'backup: true' in the spec; tiers: " + TierChoices.names(tiers.tiers()) + ")");
    }
    if (TierChoices.primary(tiers.tiers()).isEmpty()) {
      throw new ConfigException("policy 'primary-backup': the cluster has no primary (non-backup) tier");
    }
    return new PrimaryBackupPolicy();
  }

  private static double parseRatio(String name) {
    String value = name.length() > "ratio:".length() ? name.substring("ratio:".length()).trim() : "";
    double p;
    try {
      p = Double.parseDouble(value);
    } catch (NumberFormatException e) {
      throw new ConfigException("policy '" + name + "': P must be a number in [0, 1], e.g. ratio:0.2");
    }
    if (!(p >= 0 && p <= 1)) {
      throw new ConfigException("policy '" + name + "': P must be within [0, 1], got " + value);
    }
    return p;
  }
}
