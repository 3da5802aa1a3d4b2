package io.strata.core.device;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** Named device profiles: the built-in presets plus any a cluster spec defines. */
public final class DeviceCatalog {
  private static final String BUILTIN = "io/strata/core/device/devices.yaml";
  private static final String[] PROFILE_KEYS = {
      "name", "storageType", "readMBps", "writeMBps", "iops", "activeWatts", "idleWatts", "standbyWatts",
      "spinUpSeconds", "spinUpJoules", "costPerGB", "internallyRedundant", "ratedStartStops", "serviceLifeYears",
      "positionMillis", "sources"};

  private final Map<String, DeviceProfile> profiles;

  private DeviceCatalog(Map<String, DeviceProfile> profiles) {
    this.profiles = Collections.unmodifiableMap(new LinkedHashMap<>(profiles));
  }

  /** The profiles shipped with Strata, with sources for every number. */
  public static DeviceCatalog builtin() {
    try (InputStream in = DeviceCatalog.class.getClassLoader().getResourceAsStream(BUILTIN)) {
      if (in == null) {
        throw new IllegalStateException("missing resource " + BUILTIN);
      }
      String text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return new DeviceCatalog(Map.of()).with(ConfigNode.parse("builtin:" + BUILTIN, text).require("devices"));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + BUILTIN, e);
    }
  }

  /** This catalog plus the profiles in a {@code devices:} list; a name may not be defined twice. */
  public DeviceCatalog with(ConfigNode deviceList) {
    Map<String, DeviceProfile> merged = new LinkedHashMap<>(profiles);
    for (ConfigNode item : deviceList.items()) {
      DeviceProfile profile = parseProfile(item);
      if (merged.containsKey(profile.name())) {
        throw item.require("name").error("device '" + profile.name() + "' is already defined");
      }
      merged.put(profile.name(), profile);
    }
    return new DeviceCatalog(merged);
  }

  private static DeviceProfile parseProfile(ConfigNode node) {
    node.allowOnly(PROFILE_KEYS);
    ConfigNode typeNode = node.require("storageType");
    StorageKind kind = StorageKind.parse(typeNode.text());
    if (kind == null) {
      throw typeNode.error("unknown storage type '" + typeNode.text()
          + "' (HDFS types: RAM_DISK, NVDIMM, SSD, DISK, ARCHIVE, PROVIDED)");
    }
    double idle = node.require("idleWatts").nonNegative();
    Map<String, String> sources = new LinkedHashMap<>();
    ConfigNode sourceNode = node.get("sources");
    if (sourceNode != null) {
      sourceNode.entries().forEach((k, v) -> sources.put(k, v.text()));
    }
    return new DeviceProfile(
        node.require("name").text(),
        kind,
        node.require("readMBps").positive(),
        node.require("writeMBps").positive(),
        node.require("iops").positive(),
        node.require("activeWatts").nonNegative(),
        idle,
        node.get("standbyWatts") == null ? idle : node.get("standbyWatts").nonNegative(),
        node.get("spinUpSeconds") == null ? 0 : node.get("spinUpSeconds").nonNegative(),
        node.get("spinUpJoules") == null ? 0 : node.get("spinUpJoules").nonNegative(),
        node.get("costPerGB") == null ? 0 : node.get("costPerGB").nonNegative(),
        node.get("internallyRedundant") != null && node.get("internallyRedundant").bool(),
        node.get("ratedStartStops") == null ? 0 : Math.round(node.get("ratedStartStops").nonNegative()),
        node.get("serviceLifeYears") == null ? 0 : node.get("serviceLifeYears").nonNegative(),
        sources,
        node.get("positionMillis") == null ? 0 : node.get("positionMillis").nonNegative());
  }

  /** The profile called {@code name}; null when there is none. */
  public DeviceProfile find(String name) {
    return profiles.get(name);
  }

  /** The profile called {@code name}; an unknown name is an error that lists the known ones. */
  public DeviceProfile get(String name) {
    DeviceProfile profile = profiles.get(name);
    if (profile == null) {
      throw new ConfigException("unknown device '" + name + "' (known: " + String.join(", ", profiles.keySet()) + ")");
    }
    return profile;
  }

  public Collection<DeviceProfile> all() {
    return profiles.values();
  }
}
