package io.strata.core.spec;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.tier.TierMap;
import java.util.List;
import java.util.Optional;

/**
 * A cluster layout: racks, nodes and the devices on each, with the tiers they form. The embedded cluster,
 * the reports and the simulator are all built from one of these.
 */
public record ClusterSpec(
    String name,
    String description,
    DeviceCatalog devices,
    List<RackSpec> racks,
    NetworkSpec network,
    TierMap tierMap) {

  public ClusterSpec {
    racks = List.copyOf(racks);
  }

  /** Every node, rack by rack, in spec order. */
  public List<NodeSpec> nodes() {
    return racks.stream().flatMap(r -> r.nodes().stream()).toList();
  }

  public Optional<NodeSpec> node(String host) {
    return nodes().stream().filter(n -> n.host().equals(host)).findFirst();
  }

  /** Largest number of volumes on one node. */
  public int maxVolumesPerNode() {
    return nodes().stream().mapToInt(n -> n.volumes().size()).max().orElse(0);
  }

  /** The tier of volume {@code index} on {@code node}. */
  public String tierOf(NodeSpec node, int index) {
    VolumeSpec volume = node.volumes().get(index);
    return tierMap.tierName(node.host(), volume.storageKind(), volume.device().name());
  }
}
