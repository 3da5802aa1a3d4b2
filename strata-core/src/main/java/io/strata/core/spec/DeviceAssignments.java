package io.strata.core.spec;

import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which device profile models the volumes of a storage type or of a tier, overriding a spec's: {@code TYPE=PROFILE}
 * (e.g. {@code SSD=pcie-ssd}) or {@code TIER=PROFILE} (e.g. {@code sata-ssd=pcie-ssd}), a tier's assignment taking
 * precedence over its type's. A profile must model the storage type it is given to.
 */
public final class DeviceAssignments {
  private final Map<String, DeviceProfile> byTier;
  private final Map<StorageKind, DeviceProfile> byKind;

  private DeviceAssignments(Map<String, DeviceProfile> byTier, Map<StorageKind, DeviceProfile> byKind) {
    this.byTier = byTier;
    this.byKind = byKind;
  }

  /**
   * Parses {@code KEY=PROFILE} assignments against {@code spec}: its tiers and its device catalog.
   *
   * @throws ConfigException naming the assignment and what is wrong with it
   */
  public static DeviceAssignments parse(List<String> assignments, ClusterSpec spec) {
    Map<String, DeviceProfile> byTier = new LinkedHashMap<>();
    Map<StorageKind, DeviceProfile> byKind = new EnumMap<>(StorageKind.class);
    for (String assignment : assignments) {
      int equals = assignment.indexOf('=');
      if (equals <= 0 || equals == assignment.length() - 1) {
        throw new ConfigException("'" + assignment + "': give TYPE=PROFILE or TIER=PROFILE, e.g. SSD=pcie-ssd");
      }
      String key = assignment.substring(0, equals).trim();
      DeviceProfile device;
      try {
        device = spec.devices().get(assignment.substring(equals + 1).trim());
      } catch (ConfigException e) {
        throw new ConfigException("'" + assignment + "': " + e.getMessage(), e);
      }
      Tier tier = spec.tierMap().find(key).orElse(null);
      StorageKind kind = tier != null ? tier.storageKind() : StorageKind.parse(key);
      if (kind == null) {
        throw new ConfigException("'" + assignment + "': '" + key + "' is neither a storage type ("
            + String.join(", ", Arrays.stream(StorageKind.values()).map(Enum::name).toList())
            + ") nor a tier of this cluster (" + String.join(", ", spec.tierMap().tiers().stream().map(Tier::name)
                .toList())
            + ")");
      }
      if (device.storageKind() != kind) {
        throw new ConfigException("'" + assignment + "': device '" + device.name() + "' models "
            + device.storageKind() + " volumes, not " + kind);
      }
      if (tier == null && spec.nodes().stream().noneMatch(n -> n.has(kind))) {
        throw new ConfigException("'" + assignment + "': this cluster has no " + kind + " volume");
      }
      DeviceProfile earlier = tier != null ? byTier.put(tier.name(), device) : byKind.put(kind, device);
      if (earlier != null) {
        throw new ConfigException("'" + assignment + "': '" + key + "' is given a device twice");
      }
    }
    return new DeviceAssignments(byTier, byKind);
  }

  /** {@code spec} with its volumes' devices assigned, its tiers' speeds taken from them. */
  public ClusterSpec applyTo(ClusterSpec spec) {
    if (byTier.isEmpty() && byKind.isEmpty()) {
      return spec;
    }
    return spec.withDevices((node, volume) -> {
      String tier = spec.tierMap().tierName(node.host(), volume.storageKind(), volume.device().name());
      return byTier.getOrDefault(tier, byKind.getOrDefault(volume.storageKind(), volume.device()));
    });
  }
}
