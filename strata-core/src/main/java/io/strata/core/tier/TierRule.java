package io.strata.core.tier;

import io.strata.core.device.StorageKind;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * Declares a tier: the volumes of one storage kind on the hosts that match, optionally only those of one
 * device profile. Lets one HDFS storage type be split into several tiers (PCIe vs SATA SSD, both {@code SSD}).
 *
 * @param name        tier name
 * @param storageKind storage type of its volumes
 * @param hostGlobs   host patterns ({@code *} and {@code ?} wildcards); empty means every host
 * @param device      device profile name, or null for any
 */
public record TierRule(String name, StorageKind storageKind, List<String> hostGlobs, String device) {
  /** Compiled host globs: the NameNode resolves tiers per chosen replica, and compiling a regex costs microseconds. */
  private static final Map<String, Pattern> COMPILED = new ConcurrentHashMap<>();

  public TierRule {
    hostGlobs = List.copyOf(hostGlobs);
    hostGlobs.forEach(TierRule::compiled);
  }

  /** True when a volume on {@code host} of {@code kind} (and device {@code deviceName}, if known) belongs here. */
  public boolean matches(String host, StorageKind kind, String deviceName) {
    if (kind != storageKind) {
      return false;
    }
    if (device != null && deviceName != null && !device.equals(deviceName)) {
      return false;
    }
    if (hostGlobs.isEmpty()) {
      return true;
    }
    for (String glob : hostGlobs) {
      if (compiled(glob).matcher(host).matches()) {
        return true;
      }
    }
    return false;
  }

  /** Globs come from cluster specs only, so the cache stays as small as the specs' rules. */
  private static Pattern compiled(String glob) {
    return COMPILED.computeIfAbsent(glob, TierRule::globToRegex);
  }

  private static Pattern globToRegex(String glob) {
    StringBuilder regex = new StringBuilder();
    for (char c : glob.toCharArray()) {
      switch (c) {
        case '*' -> regex.append(".*");
        case '?' -> regex.append('.');
        default -> regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString());
  }
}
