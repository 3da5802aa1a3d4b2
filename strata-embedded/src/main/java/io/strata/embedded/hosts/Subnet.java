package io.strata.embedded.hosts;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** An IPv4 /24 inside 10.0.0.0/8 holding one cluster's root address and hosts. */
record Subnet(int base) {
  static final int PREFIX_LENGTH = 24;
  private static final Pattern IPV4 = Pattern
      .compile("\\b(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?\\b");

  Subnet {
    if ((base & 0xff) != 0 || (base >>> 24) != 10) {
      throw new IllegalArgumentException("not a /24 in 10.0.0.0/8: " + dotted(base));
    }
  }

  /** The /24 to use for a cluster: derived from its id, moving past any that overlaps a range in use. */
  static Subnet choose(String clusterId, List<Cidr> inUse) {
    int start = Integer.parseInt(clusterId, 16) & 0xffff;
    for (int step = 0; step < 0x10000; step++) {
      Subnet candidate = new Subnet((10 << 24) | (((start + step) & 0xffff) << 8));
      if (inUse.stream().noneMatch(candidate::overlaps)) {
        return candidate;
      }
    }
    throw new HostNetworkException("every /24 in 10.0.0.0/8 overlaps an address or route of this machine");
  }

  /** Every IPv4 address or range that appears in the output of {@code ip -4 addr} / {@code ip -4 route}. */
  static List<Cidr> rangesIn(String ipOutput) {
    List<Cidr> ranges = new ArrayList<>();
    Matcher m = IPV4.matcher(ipOutput);
    while (m.find()) {
      int address = 0;
      boolean valid = true;
      for (int i = 1; i <= 4; i++) {
        int octet = Integer.parseInt(m.group(i));
        valid &= octet <= 255;
        address = (address << 8) | octet;
      }
      int prefix = m.group(5) == null ? 32 : Integer.parseInt(m.group(5));
      if (valid && prefix <= 32) {
        ranges.add(new Cidr(address, prefix));
      }
    }
    return ranges;
  }

  /** Host part {@code n} (1 to 254) of this subnet. */
  String address(int n) {
    if (n < 1 || n > 254) {
      throw new IllegalArgumentException("host part out of range: " + n);
    }
    return dotted(base | n);
  }

  boolean overlaps(Cidr other) {
    int shorter = Math.min(PREFIX_LENGTH, other.prefixLength());
    int mask = shorter == 0 ? 0 : -1 << (32 - shorter);
    return (base & mask) == (other.address() & mask);
  }

  @Override
  public String toString() {
    return dotted(base) + "/" + PREFIX_LENGTH;
  }

  private static String dotted(int address) {
    return (address >>> 24) + "." + ((address >>> 16) & 0xff) + "." + ((address >>> 8) & 0xff) + "." + (address & 0xff);
  }

  /** An IPv4 address range. */
  record Cidr(int address, int prefixLength) {}
}
