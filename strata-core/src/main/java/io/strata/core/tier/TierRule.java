package io.strata.core.tier;

import io.strata.core.device.StorageKind;
import java.util.List;
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
  public TierRule {
    hostGlobs = List.copyOf(hostGlobs);
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
      if (globToRegex(glob).matcher(host).matches()) {
        return true;
      }
    }
    return false;
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
