package io.strata.embedded.hosts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The names of one cluster's namespaces, bridges and links. All derive from the cluster id, so everything one
 * cluster made can be found (and removed) from its id alone, and two clusters never share a name. Interface names
 * stay within Linux's 15 characters.
 */
record NetworkNames(String clusterId) {
  private static final Pattern CLUSTER_ID = Pattern.compile("[0-9a-f]{6}");
  /** Name of a host's NIC inside its namespace. */
  static final String HOST_NIC = "eth0";

  NetworkNames {
    if (!CLUSTER_ID.matcher(clusterId).matches()) {
      throw new IllegalArgumentException("cluster id must be 6 lower-case hex digits, not '" + clusterId + "'");
    }
  }

  /** A short hash of the cluster directory's canonical path: the same directory always gets the same id. */
  static String clusterIdOf(Path clusterDir) {
    try {
      String canonical = clusterDir.toFile().getCanonicalPath();
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 3);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot resolve " + clusterDir, e);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  String namespacePrefix() {
    return "strata-" + clusterId + "-";
  }

  /** The host's namespace; characters a file name should not hold become '_'. */
  String namespace(String host) {
    return namespacePrefix() + host.replaceAll("[^A-Za-z0-9_.-]", "_");
  }

  String coreBridge() {
    return "s" + clusterId + "c";
  }

  String rackBridge(int rack) {
    return "s" + clusterId + "r" + rack;
  }

  /** The uplink's end on the rack bridge; its egress carries the rack's traffic towards the core. */
  String uplinkRackEnd(int rack) {
    return "s" + clusterId + "u" + rack + "a";
  }

  /** The uplink's end on the core bridge; its egress carries traffic from the core into the rack. */
  String uplinkCoreEnd(int rack) {
    return "s" + clusterId + "u" + rack + "b";
  }

  /** The root-side end of host {@code index}'s NIC, on its rack bridge; its egress is the host's download. */
  String nicPeer(int index) {
    return "s" + clusterId + "n" + index;
  }

  /** True for every root-namespace interface name this cluster may have made. */
  boolean isOwnLink(String name) {
    return name.matches("s" + clusterId + "(c|r\\d+|u\\d+[ab]|n\\d+)");
  }
}
