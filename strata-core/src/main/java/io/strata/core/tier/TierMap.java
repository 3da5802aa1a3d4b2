package io.strata.core.tier;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Resolves a volume (host, storage kind, device) to its tier and orders tiers by speed. Volumes that no
 * rule claims fall into the default tier of their storage kind, named after it ({@code ssd}, {@code disk}, ...),
 * so a cluster without any tier configuration gets one tier per storage type, as HDFS sees it.
 */
public final class TierMap {
  /** Hosts remembered per storage kind; beyond this, names are resolved without being remembered. */
  private static final int REMEMBERED_HOSTS = 100_000;

  private final List<TierRule> rules;
  private final List<Tier> tiers;
  private final Map<String, Tier> byName;
  /**
   * Tier names of volumes whose device is unknown, by kind and host: the NameNode asks for every replica it
   * places, and the answer never changes since the map is immutable.
   */
  private final Map<StorageKind, Map<String, String>> namesByKindAndHost = new EnumMap<>(StorageKind.class);
  /** Tier names of volumes whose device is unknown, for the kinds no host pattern splits (most specs). */
  private final Map<StorageKind, String> namesByKind = new EnumMap<>(StorageKind.class);

  private TierMap(List<TierRule> rules, List<Tier> tiers) {
    this.rules = List.copyOf(rules);
    this.tiers = List.copyOf(tiers);
    this.byName = new LinkedHashMap<>();
    for (Tier tier : tiers) {
      byName.put(tier.name(), tier);
    }
    for (StorageKind kind : StorageKind.values()) {
      namesByKindAndHost.put(kind, new ConcurrentHashMap<>());
      if (this.rules.stream().noneMatch(r -> r.storageKind() == kind && !r.hostGlobs().isEmpty())) {
        namesByKind.put(kind, resolve(null, kind, null));
      }
    }
  }

  /** Speed facts about one tier before ranking: its slowest device, and whether it only holds backup volumes. */
  public record TierSpeed(String name, StorageKind kind, double readMBps, double iops, boolean backup) {
    public TierSpeed(String name, StorageKind kind, double readMBps, double iops) {
      this(name, kind, readMBps, iops, false);
    }
  }

  /**
   * Builds a tier map from rules and the speed of each tier's slowest device. Tiers with the same bandwidth
   * are ranked by IOPS, then by storage kind order (RAM_DISK, NVDIMM, SSD, DISK, ARCHIVE, PROVIDED).
   */
  public static TierMap of(List<TierRule> rules, List<TierSpeed> speeds) {
    List<TierSpeed> sorted = new ArrayList<>(speeds);
    sorted.sort(Comparator.comparingDouble(TierSpeed::readMBps).reversed()
        .thenComparing(Comparator.comparingDouble(TierSpeed::iops).reversed())
        .thenComparing(TierSpeed::kind)
        .thenComparing(TierSpeed::name));
    List<Tier> tiers = new ArrayList<>();
    for (TierSpeed speed : sorted) {
      tiers.add(new Tier(speed.name(), speed.kind(), tiers.size(), speed.readMBps(), speed.iops(), speed.backup()));
    }
    return new TierMap(rules, tiers);
  }

  /** A map with no rules and no device knowledge: one tier per storage kind, in storage kind order. */
  public static TierMap byStorageKind() {
    return byStorageKind(List.of(StorageKind.values()));
  }

  /**
   * One tier per given storage kind, in storage kind order: the tiers of a cluster without a spec, limited to the
   * storage types its DataNodes have. No tier is a backup tier: only a spec marks backup volumes, so ARCHIVE is
   * the slowest ordinary tier here, as it is in a spec that does not mark it.
   */
  public static TierMap byStorageKind(Collection<StorageKind> kinds) {
    List<TierSpeed> speeds = new ArrayList<>();
    for (StorageKind kind : StorageKind.values()) {
      if (kinds.contains(kind)) {
        speeds.add(new TierSpeed(defaultTierName(kind), kind, 0, 0, false));
      }
    }
    return of(List.of(), speeds);
  }

  /** The default tier name for a storage kind. */
  public static String defaultTierName(StorageKind kind) {
    return kind.name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** The name of the tier a volume belongs to; device may be null when unknown. */
  public String tierName(String host, StorageKind kind, String device) {
    if (device != null || host == null) {
      return resolve(host, kind, device);
    }
    String byKind = namesByKind.get(kind);
    if (byKind != null) {
      return byKind;
    }
    Map<String, String> names = namesByKindAndHost.get(kind);
    String name = names.get(host);
    if (name == null) {
      name = resolve(host, kind, null);
      if (names.size() < REMEMBERED_HOSTS) {
        names.put(host, name);
      }
    }
    return name;
  }

  private String resolve(String host, StorageKind kind, String device) {
    for (TierRule rule : rules) {
      if (rule.matches(host, kind, device)) {
        return rule.name();
      }
    }
    return defaultTierName(kind);
  }

  /** The tier a volume belongs to. */
  public Tier tierOf(String host, StorageKind kind, String device) {
    String name = tierName(host, kind, device);
    Tier tier = byName.get(name);
    if (tier == null) {
      // A storage kind the spec never declared (e.g. a volume added to a live cluster): rank it last.
      tier = new Tier(name, kind, tiers.size(), 0, 0, false);
    }
    return tier;
  }

  /** All tiers, fastest first. */
  public List<Tier> tiers() {
    return tiers;
  }

  public Optional<Tier> find(String name) {
    return Optional.ofNullable(byName.get(name));
  }

  /** The tier called {@code name}; an unknown name is an error that lists the known ones. */
  public Tier get(String name) {
    Tier tier = byName.get(name);
    if (tier == null) {
      throw new ConfigException("unknown tier '" + name + "' (known: " + String.join(", ", byName.keySet()) + ")");
    }
    return tier;
  }

  public List<TierRule> rules() {
    return rules;
  }
}
