package io.strata.hdfs.autotier;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.placement.TierChoices;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.List;

/**
 * AptStore's two storage classes on a cluster's tiers: the primary tier (disks in the nodes) where popular files
 * live with more replicas, and the secondary tier (an archive tier or a filer) where unpopular ones go.
 *
 * @param primary   the tier promoted files go to
 * @param secondary the tier demoted files go to, or null for an advisor that never demotes (Scarlett)
 */
public record TierRoles(String primary, String secondary) {

  /** A tier is secondary when it is a backup tier or ARCHIVE storage (a NAS filer joins HDFS as ARCHIVE). */
  public static boolean isSecondary(Tier tier) {
    return tier.backup() || tier.storageKind() == StorageKind.ARCHIVE;
  }

  /**
   * The named tiers, or by default the fastest primary tier and the fastest secondary tier.
   *
   * @throws ConfigException naming the option when a tier is unknown, of the wrong class, or missing
   */
  public static TierRoles choose(TierMap tierMap, String primary, String secondary) {
    return choose(tierMap, primary, secondary, true);
  }

  /** As {@link #choose(TierMap, String, String)}; without {@code demotes}, a cluster may lack a secondary tier. */
  public static TierRoles choose(TierMap tierMap, String primary, String secondary, boolean demotes) {
    List<Tier> tiers = tierMap.tiers();
    String known = String.join(", ", TierChoices.names(tiers));
    String p = primary != null ? check(tierMap, primary, false, "--primary-tier", known)
        : tiers.stream().filter(t -> !isSecondary(t)).map(Tier::name).findFirst()
            .orElseThrow(() -> new ConfigException("the cluster has no primary tier (one that is neither backup nor "
                + "ARCHIVE); tiers: " + known));
    String s = secondary != null ? check(tierMap, secondary, true, "--secondary-tier", known)
        : !demotes ? tiers.stream().filter(TierRoles::isSecondary).map(Tier::name).findFirst().orElse(null)
        : tiers.stream().filter(TierRoles::isSecondary).map(Tier::name).findFirst()
            .orElseThrow(() -> new ConfigException("the cluster has no secondary tier to demote to (a backup or "
                + "ARCHIVE tier, e.g. a filer); tiers: " + known));
    return new TierRoles(p, s);
  }

  private static String check(TierMap tierMap, String name, boolean wantSecondary, String option, String known) {
    Tier tier = tierMap.find(name)
        .orElseThrow(() -> new ConfigException(option + ": unknown tier '" + name + "' (known: " + known + ")"));
    if (isSecondary(tier) != wantSecondary) {
      throw new ConfigException(option + ": tier '" + name + "' is " + (wantSecondary ? "not a" : "a")
          + " secondary tier (backup or ARCHIVE)" + (wantSecondary ? "" : "; promoted files must not go there"));
    }
    return name;
  }
}
