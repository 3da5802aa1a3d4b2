package io.strata.core.tier;

import io.strata.core.device.StorageKind;
import java.util.List;

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
      if (globMatches(glob, host)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether all of {@code host} matches {@code glob}, where {@code *} is any run of characters and {@code ?} any one.
   * Two cursors, going back only to the last {@code *}: each segment between stars is taken at its first place,
   * which is never worse than a later one, so the time stays within the lengths' product. A regular expression of
   * several {@code .*} backtracks exponentially on a host that nearly matches (an 11-star glob took 17 s on a
   * 40-character host).
   */
  static boolean globMatches(String glob, String host) {
    int g = 0;
    int h = 0;
    int star = -1;
    int resume = 0;
    while (h < host.length()) {
      if (g < glob.length() && (glob.charAt(g) == '?' || glob.charAt(g) == host.charAt(h))) {
        g++;
        h++;
      } else if (g < glob.length() && glob.charAt(g) == '*') {
        star = g++;
        resume = h;
      } else if (star >= 0) {
        g = star + 1;
        h = ++resume;
      } else {
        return false;
      }
    }
    while (g < glob.length() && glob.charAt(g) == '*') {
      g++;
    }
    return g == glob.length();
  }
}
