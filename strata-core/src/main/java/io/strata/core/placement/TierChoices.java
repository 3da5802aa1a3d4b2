package io.strata.core.placement;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.List;

/** Tier lists policies work with: zones, fallback orders and per-file stable choices. */
public final class TierChoices {
  private TierChoices() {}

  /** Names of the tiers, in the given (speed) order. */
  public static List<String> names(List<Tier> tiers) {
    return tiers.stream().map(Tier::name).toList();
  }

  /** Tiers that hold primary data (not backup-only tiers), fastest first. */
  public static List<Tier> primary(List<Tier> tiers) {
    return tiers.stream().filter(t -> !t.backup()).toList();
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
