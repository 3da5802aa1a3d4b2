package io.strata.core.placement;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Tier lists policies work with: zones, fallback orders and per-file stable choices. */
public final class TierChoices {
  /**
   * The lists policies derive from a cluster's tiers for every replica they place. A cluster's tier list does not
   * change, so they are derived once per list; the last list is remembered (one cluster per NameNode).
   */
  private record Derived(List<Tier> tiers, List<String> names, List<Tier> primary, List<String> primaryNames,
      List<String> flashPrimaryNames, List<String> diskPrimaryNames, List<String> backupNames,
      Map<String, List<List<String>>> primaryFallbacks) {

    static Derived of(List<Tier> given) {
      List<Tier> tiers = List.copyOf(given);
      List<String> names = new ArrayList<>();
      List<Tier> primary = new ArrayList<>();
      List<String> primaryNames = new ArrayList<>();
      List<String> flash = new ArrayList<>();
      List<String> disk = new ArrayList<>();
      List<String> backup = new ArrayList<>();
      for (Tier tier : tiers) {
        names.add(tier.name());
        if (tier.backup()) {
          backup.add(tier.name());
          continue;
        }
        primary.add(tier);
        primaryNames.add(tier.name());
        (isFlash(tier) ? flash : disk).add(tier.name());
      }
      Map<String, List<List<String>>> fallbacks = new HashMap<>();
      for (Tier tier : primary) {
        fallbacks.put(tier.name(), List.copyOf(withFallbacks(tier.name(), primary)));
      }
      return new Derived(tiers, List.copyOf(names), List.copyOf(primary), List.copyOf(primaryNames),
          List.copyOf(flash), List.copyOf(disk), List.copyOf(backup), Map.copyOf(fallbacks));
    }
  }

  private static volatile Derived last;

  private TierChoices() {}

  private static Derived derived(List<Tier> tiers) {
    Derived known = last;
    if (known != null && (known.tiers() == tiers || known.tiers().equals(tiers))) {
      return known;
    }
    Derived fresh = Derived.of(tiers);
    last = fresh;
    return fresh;
  }

  /** Names of the tiers, in the given (speed) order. */
  public static List<String> names(List<Tier> tiers) {
    return derived(tiers).names();
  }

  /** Tiers that hold primary data (not backup-only tiers), fastest first. */
  public static List<Tier> primary(List<Tier> tiers) {
    return derived(tiers).primary();
  }

  /** Names of {@link #primary} tiers, fastest first. */
  public static List<String> primaryNames(List<Tier> tiers) {
    return derived(tiers).primaryNames();
  }

  /** Names of the primary flash tiers (HDFS-H's SSD zone), fastest first. */
  public static List<String> flashPrimaryNames(List<Tier> tiers) {
    return derived(tiers).flashPrimaryNames();
  }

  /** Names of the primary tiers that are not flash (HDFS-H's HDD zone), fastest first. */
  public static List<String> diskPrimaryNames(List<Tier> tiers) {
    return derived(tiers).diskPrimaryNames();
  }

  /** Names of the backup-only tiers, fastest first. */
  public static List<String> backupNames(List<Tier> tiers) {
    return derived(tiers).backupNames();
  }

  /** {@link #withFallbacks} of {@code wanted} among the {@link #primary} tiers of {@code tiers}. */
  public static List<List<String>> primaryWithFallbacks(String wanted, List<Tier> tiers) {
    List<List<String>> known = derived(tiers).primaryFallbacks().get(wanted);
    return known != null ? known : withFallbacks(wanted, primary(tiers));
  }

  /** Solid-state or faster tiers: HDFS-H's SSD zone. */
  public static boolean isFlash(Tier tier) {
    return tier.storageKind() == StorageKind.SSD || tier.storageKind() == StorageKind.NVDIMM
        || tier.storageKind() == StorageKind.RAM_DISK;
  }

  /**
   * Where to go when {@code wanted} is full or missing, one tier at a time: the next slower tiers first, then
   * the faster ones, nearest first. The wanted tier itself comes first.
   */
  public static List<List<String>> withFallbacks(String wanted, List<Tier> tiers) {
    List<List<String>> groups = new ArrayList<>();
    groups.add(List.of(wanted));
    int at = -1;
    for (int i = 0; i < tiers.size(); i++) {
      if (tiers.get(i).name().equals(wanted)) {
        at = i;
      }
    }
    for (int i = at + 1; i < tiers.size(); i++) {
      groups.add(List.of(tiers.get(i).name()));
    }
    for (int i = (at < 0 ? tiers.size() : at) - 1; i >= 0; i--) {
      groups.add(List.of(tiers.get(i).name()));
    }
    return groups;
  }

  /**
   * A well-mixed hash of the path: choices made from it are random across files but the same for every block of
   * one file, and survive restarts, which keeps whole-file-per-tier without any stored state.
   */
  public static int stableIndex(String path, int salt, int bound) {
    long h = path.hashCode() * 0x9E3779B97F4A7C15L + salt * 0xC2B2AE3D27D4EB4FL;
    h ^= h >>> 33;
    h *= 0xFF51AFD7ED558CCDL;
    h ^= h >>> 33;
    return (int) Math.floorMod(h, (long) bound);
  }

  /**
   * Removes from {@code wanted} one entry per replica already on that tier, leaving the tiers still missing.
   */
  public static List<String> missing(List<String> wanted, List<Replica> existing) {
    List<String> left = new ArrayList<>(wanted);
    for (Replica replica : existing) {
      left.remove(replica.tier());
    }
    return left;
  }
}
