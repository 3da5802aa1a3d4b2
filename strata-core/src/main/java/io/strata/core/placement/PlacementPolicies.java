package io.strata.core.placement;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.List;

/** Turns a policy name from a rule into a policy, refusing names and parameters that cannot work. */
public final class PlacementPolicies {
  /** Stock HDFS placement, untouched by the plugin. */
  public static final String DEFAULT = "default";

  /** The names a rule may use; {@code ratio} takes {@code :P}. */
  public static final List<String> NAMES =
      List.of(DEFAULT, "network", "ratio:P", "tier-aware", "hybrid", "primary-backup", "layout:TIER+TIER+...");

  private PlacementPolicies() {}

  /**
   * The policy named {@code spec} for a cluster with these tiers.
   *
   * @throws ConfigException naming the policy and what is wrong with it
   */
  public static PlacementPolicy parse(String spec, TierMap tiers) {
    String name = spec == null ? "" : spec.trim();
    List<Tier> primary = TierChoices.primary(tiers.tiers());
    if (name.equals(DEFAULT)) {
      return new NetworkAwarePolicy(DEFAULT, t -> t.storageKind() == StorageKind.DISK);
    }
    if (name.equals("network")) {
      return new NetworkAwarePolicy("network", t -> !t.backup());
    }
    if (name.startsWith("ratio:") || name.equals("ratio")) {
      double p = parseRatio(name);
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
    if (name.equals("tier-aware") || name.equals("hybrid")) {
      if (primary.isEmpty()) {
        throw new ConfigException("policy '" + name + "': the cluster has no tier to place on");
      }
      return name.equals("hybrid") ? new HybridPolicy() : new TierAwarePolicy();
    }
    if (TierLayout.isLayout(name)) {
      return new LayoutPolicy(TierLayout.parse(name, tiers));
    }
    if (name.equals("primary-backup")) {
      if (tiers.tiers().stream().noneMatch(Tier::backup)) {
        throw new ConfigException("policy 'primary-backup': the cluster has no backup tier (mark volumes "
            + "'backup: true' in the spec; tiers: " + TierChoices.names(tiers.tiers()) + ")");
      }
      if (primary.isEmpty()) {
        throw new ConfigException("policy 'primary-backup': the cluster has no primary (non-backup) tier");
      }
      return new PrimaryBackupPolicy();
    }
    throw new ConfigException("unknown placement policy '" + name + "' (known: " + String.join(", ", NAMES) + ")");
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
