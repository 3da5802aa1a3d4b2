package io.strata.core.spec;

import io.strata.core.config.ByteSize;
import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;
import io.strata.core.tier.TierMap;
import io.strata.core.tier.TierRule;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Reads and validates a cluster spec (YAML or JSON). Every refusal names the file, line and key.
 *
 * <pre>
 * name: hats
 * devices: [...]            # optional extra device profiles
 * tiers:                    # optional: split a storage type into several tiers
 *   - {name: pcie-ssd, storageType: SSD, hosts: [r1n1, r2n1]}
 * network: {nicGbps: 10, rackUplinkGbps: 20}
 * intermediate: hdd         # optional: the tier whose volumes hold YARN's intermediate data
 * racks:
 *   - name: /rack1
 *     nodes:
 *       - host: r1n1
 *         pageCache: 1GiB    # optional: memory the node's page cache holds for intermediate data; 0 = off
 *         volumes:
 *           - {device: pcie-ssd, capacity: 2GiB}
 *           - {device: hdd, capacity: 8GiB, backup: false}
 * </pre>
 */
public final class SpecParser {
  private static final Pattern HOST = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]*[A-Za-z0-9])?");
  private static final Pattern RACK = Pattern.compile("(/[A-Za-z0-9_.-]+)+");
  private static final long MIN_PAGE_CACHE = 4096;
  private static final long MAX_PAGE_CACHE = 1L << 40;
  private static final String MAX_PAGE_CACHE_TEXT = "1TiB";

  private SpecParser() {}

  public static ClusterSpec parse(Path file) {
    return parse(ConfigNode.parse(file));
  }

  public static ClusterSpec parse(String source, String text) {
    return parse(ConfigNode.parse(source, text));
  }

  public static ClusterSpec parse(ConfigNode root) {
    root.allowOnly("name", "description", "devices", "tiers", "network", "intermediate", "racks");
    DeviceCatalog catalog = DeviceCatalog.builtin();
    if (root.get("devices") != null) {
      catalog = catalog.with(root.get("devices"));
    }
    List<RackSpec> racks = parseRacks(root.require("racks"), catalog);
    List<TierRule> rules = root.get("tiers") == null ? List.of() : parseTierRules(root.get("tiers"), catalog, racks);
    NetworkSpec network = root.get("network") == null ? NetworkSpec.defaults() : parseNetwork(root.get("network"));
    String name = root.get("name") == null ? root.source() : root.get("name").text();
    String description = root.get("description") == null ? "" : root.get("description").text();
    ClusterSpec spec = new ClusterSpec(name, description, catalog, racks, network, buildTierMap(rules, racks, root));
    ConfigNode intermediate = root.get("intermediate");
    if (intermediate == null) {
      return spec;
    }
    try {
      return spec.withIntermediateTier(intermediate.text());
    } catch (ConfigException e) {
      throw intermediate.error(e.getMessage());
    }
  }

  private static List<RackSpec> parseRacks(ConfigNode racksNode, DeviceCatalog catalog) {
    List<ConfigNode> rackItems = racksNode.items();
    if (rackItems.isEmpty()) {
      throw racksNode.error("a cluster needs at least one rack");
    }
    Map<String, ConfigNode> hostsSeen = new HashMap<>();
    Map<String, ConfigNode> racksSeen = new HashMap<>();
    List<RackSpec> racks = new ArrayList<>();
    for (ConfigNode rackNode : rackItems) {
      rackNode.allowOnly("name", "nodes");
      ConfigNode rackName = rackNode.require("name");
      String rack = rackName.text().startsWith("/") ? rackName.text() : "/" + rackName.text();
      if (!RACK.matcher(rack).matches()) {
        throw rackName.error("'" + rackName.text()
            + "' is not a rack location (letters, digits, '_', '.', '-', levels separated by '/')");
      }
      if (racksSeen.containsKey(rack)) {
        throw rackName.error("duplicate rack '" + rack + "' (first at line " + racksSeen.get(rack).line() + ")");
      }
      racksSeen.put(rack, rackName);
      ConfigNode nodesNode = rackNode.get("nodes");
      if (nodesNode == null || nodesNode.items().isEmpty()) {
        throw rackNode.error("rack '" + rack + "' has no node");
      }
      List<NodeSpec> nodes = new ArrayList<>();
      for (ConfigNode nodeNode : nodesNode.items()) {
        nodes.add(parseNode(nodeNode, rack, catalog, hostsSeen));
      }
      racks.add(new RackSpec(rack, nodes));
    }
    return racks;
  }

  private static NodeSpec parseNode(ConfigNode nodeNode, String rack, DeviceCatalog catalog,
      Map<String, ConfigNode> hostsSeen) {
    nodeNode.allowOnly("host", "volumes", "pageCache");
    ConfigNode hostNode = nodeNode.require("host");
    String host = hostNode.text();
    if (!HOST.matcher(host).matches()) {
      throw hostNode.error("'" + host + "' is not a valid host name");
    }
    if (hostsSeen.containsKey(host)) {
      throw hostNode.error("duplicate host '" + host + "' (first at line " + hostsSeen.get(host).line() + ")");
    }
    hostsSeen.put(host, hostNode);
    ConfigNode volumesNode = nodeNode.get("volumes");
    if (volumesNode == null || volumesNode.items().isEmpty()) {
      throw nodeNode.error("node '" + host + "' has no volume");
    }
    List<VolumeSpec> volumes = new ArrayList<>();
    for (ConfigNode volumeNode : volumesNode.items()) {
      volumeNode.allowOnly("device", "capacity", "backup");
      ConfigNode deviceNode = volumeNode.require("device");
      DeviceProfile device;
      try {
        device = catalog.get(deviceNode.text());
      } catch (ConfigException e) {
        throw deviceNode.error(e.getMessage());
      }
      long capacity = volumeNode.require("capacity").bytes();
      boolean backup = volumeNode.get("backup") != null && volumeNode.get("backup").bool();
      volumes.add(new VolumeSpec(device, capacity, backup));
    }
    return new NodeSpec(host, rack, volumes, pageCacheBytes(nodeNode.get("pageCache"), host));
  }

  /**
   * The node's page cache for intermediate data: 0 (the default) leaves it out, as before; otherwise from one page
   * (4 KiB) to {@value #MAX_PAGE_CACHE_TEXT}.
   */
  private static long pageCacheBytes(ConfigNode node, String host) {
    if (node == null) {
      return 0;
    }
    long bytes;
    try {
      bytes = ByteSize.parse(node.text());
    } catch (IllegalArgumentException e) {
      throw node.error("pageCache of node '" + host + "': " + e.getMessage());
    }
    if (bytes != 0 && (bytes < MIN_PAGE_CACHE || bytes > MAX_PAGE_CACHE)) {
      throw node.error("pageCache of node '" + host + "' must be 0 (off) or from 4KiB to " + MAX_PAGE_CACHE_TEXT
          + ", got '" + node.text() + "'");
    }
    return bytes;
  }

  private static List<TierRule> parseTierRules(ConfigNode tiersNode, DeviceCatalog catalog, List<RackSpec> racks) {
    List<TierRule> rules = new ArrayList<>();
    Map<String, StorageKind> kindByName = new HashMap<>();
    for (ConfigNode ruleNode : tiersNode.items()) {
      ruleNode.allowOnly("name", "storageType", "hosts", "device");
      String name = ruleNode.require("name").text();
      ConfigNode typeNode = ruleNode.require("storageType");
      StorageKind kind = StorageKind.parse(typeNode.text());
      if (kind == null) {
        throw typeNode.error("unknown storage type '" + typeNode.text()
            + "' (HDFS types: RAM_DISK, NVDIMM, SSD, DISK, ARCHIVE, PROVIDED)");
      }
      StorageKind previous = kindByName.putIfAbsent(name, kind);
      if (previous != null && previous != kind) {
        throw ruleNode.require("name").error("tier '" + name + "' is declared for both " + previous + " and " + kind);
      }
      String device = null;
      if (ruleNode.get("device") != null) {
        ConfigNode deviceNode = ruleNode.get("device");
        device = deviceNode.text();
        if (catalog.find(device) == null) {
          throw deviceNode.error("unknown device '" + device + "'");
        }
      }
      List<String> hosts = ruleNode.get("hosts") == null ? List.of() : ruleNode.get("hosts").texts();
      TierRule rule = new TierRule(name, kind, hosts, device);
      boolean claimsAny = racks.stream().flatMap(r -> r.nodes().stream())
          .anyMatch(
              n -> n.volumes().stream().anyMatch(v -> rule.matches(n.host(), v.storageKind(), v.device().name())));
      if (!claimsAny) {
        throw ruleNode
            .error("tier '" + name + "' matches no volume in this spec (check storageType, hosts and device)");
      }
      rules.add(rule);
    }
    return rules;
  }

  private static NetworkSpec parseNetwork(ConfigNode node) {
    node.allowOnly("nicGbps", "rackUplinkGbps");
    NetworkSpec defaults = NetworkSpec.defaults();
    return new NetworkSpec(
        node.get("nicGbps") == null ? defaults.nicGbps() : node.get("nicGbps").positive(),
        node.get("rackUplinkGbps") == null ? defaults.rackUplinkGbps() : node.get("rackUplinkGbps").positive());
  }

  private static TierMap buildTierMap(List<TierRule> rules, List<RackSpec> racks, ConfigNode root) {
    try {
      return ClusterSpec.tierMap(rules, racks);
    } catch (ConfigException e) {
      throw root.error(e.getMessage());
    }
  }
}
