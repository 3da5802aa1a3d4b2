package io.strata.bench.retrieval;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.SpecParser;
import io.strata.core.spec.SpecText;
import io.strata.embedded.hosts.HostCluster;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One network and device layout of the retrieval sweep on the cluster of hosts, made from the bench's spec: the
 * NIC and uplink rates, whether only the HDDs are kept (no tier to gain), and one node whose DataNode runs its
 * devices slower than the spec says, so that only its live load gives it away.
 *
 * @param slowFactor the speed factor of the spec's first node's DataNode (1: none slowed)
 */
public record HostTopology(String name, String description, double nicGbps, double uplinkGbps, boolean hddOnly,
    double slowFactor) {
  /** The four layouts of the sweep, in the order it runs them. */
  public static final List<HostTopology> STANDARD = List.of(
      new HostTopology("tiers", "the spec's devices, 1 Gbit/s NICs, 250 Mbit/s rack uplinks", 1, 0.25, false, 1),
      new HostTopology("slow-uplinks", "the spec's devices, 1 Gbit/s NICs, 100 Mbit/s rack uplinks "
          + "(network-bound)", 1, 0.1, false, 1),
      new HostTopology("hdd-only", "every node alike, its HDDs only, 1 Gbit/s NICs, 250 Mbit/s rack uplinks", 1,
          0.25, true, 1),
      new HostTopology("slow-node", "as tiers, the first node's DataNode at a tenth of its devices' speed (the "
          + "NameNode is not told)", 1, 0.25, false, 0.1));

  public HostTopology {
    if (!(nicGbps > 0) || !(uplinkGbps > 0) || !(slowFactor > 0) || slowFactor > 1) {
      throw new IllegalArgumentException(name + ": rates must be > 0 and the slow factor in (0, 1]");
    }
  }

  /** The standard topologies named in {@code names}, in that order. */
  public static List<HostTopology> named(List<String> names) {
    List<HostTopology> topologies = new ArrayList<>();
    for (String name : names) {
      topologies.add(STANDARD.stream().filter(t -> t.name().equals(name)).findFirst()
          .orElseThrow(() -> new ConfigException("unknown topology '" + name + "'; known: "
              + STANDARD.stream().map(HostTopology::name).collect(Collectors.joining(", ")))));
    }
    return topologies;
  }

  /**
   * {@code specText} with this topology's rates, and with only its DISK volumes and tiers when {@link #hddOnly}.
   *
   * @throws ConfigException when the spec has a node without an HDD and only HDDs are asked for
   */
  public String specText(String specName, String specText) {
    String text = SpecText.withNetwork(specText, nicGbps, uplinkGbps);
    if (!hddOnly) {
      return text;
    }
    ClusterSpec spec = SpecParser.parse(specName, specText);
    return SpecText.edit(text, root -> keepOnlyDisks(spec, root));
  }

  /** The host this topology slows, if any: the spec's first node. */
  public String slowHost(ClusterSpec spec) {
    return slowFactor < 1 ? spec.nodes().get(0).host() : null;
  }

  /** {@code options} with the slowed host's speed factor set. */
  public HostCluster.Options applyTo(HostCluster.Options options) {
    String slow = slowHost(options.spec());
    return slow == null ? options : options.withHostSpeedFactor(slow, slowFactor);
  }

  @SuppressWarnings("unchecked")
  private static void keepOnlyDisks(ClusterSpec spec, Map<String, Object> root) {
    List<Map<String, Object>> tiers = (List<Map<String, Object>>) root.get("tiers");
    if (tiers != null) {
      tiers.removeIf(t -> !StorageKind.DISK.name().equals(String.valueOf(t.get("storageType"))));
    }
    for (Map<String, Object> rack : (List<Map<String, Object>>) root.get("racks")) {
      for (Map<String, Object> node : (List<Map<String, Object>>) rack.get("nodes")) {
        String host = String.valueOf(node.get("host"));
        NodeSpec parsed = spec.node(host).orElseThrow();
        List<Object> volumes = (List<Object>) node.get("volumes");
        Iterator<Object> it = volumes.iterator();
        for (int i = 0; it.hasNext(); i++) {
          it.next();
          if (parsed.volumes().get(i).storageKind() != StorageKind.DISK) {
            it.remove();
          }
        }
        if (volumes.isEmpty()) {
          throw new ConfigException("topology hdd-only: node " + host + " of spec '" + spec.name()
              + "' has no DISK volume");
        }
      }
    }
  }
}
