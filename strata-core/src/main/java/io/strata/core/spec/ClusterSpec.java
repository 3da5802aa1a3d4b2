package io.strata.core.spec;

import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;
import io.strata.core.tier.TierMap;
import io.strata.core.tier.TierRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;

/**
 * A cluster layout: racks, nodes and the devices on each, with the tiers they form. The embedded cluster,
 * the reports and the simulator are all built from one of these.
 *
 * <p>{@code intermediateTier} names the tier whose volumes hold MapReduce's intermediate data (spills, map
 * outputs, the shuffle: {@code yarn.nodemanager.local-dirs}); null leaves it where YARN puts it by default.
 */
public record ClusterSpec(
    String name,
    String description,
    DeviceCatalog devices,
    List<RackSpec> racks,
    NetworkSpec network,
    TierMap tierMap,
    String intermediateTier) {

  public ClusterSpec {
    racks = List.copyOf(racks);
  }

  /** A spec that leaves intermediate data where YARN puts it. */
  public ClusterSpec(String name, String description, DeviceCatalog devices, List<RackSpec> racks,
      NetworkSpec network, TierMap tierMap) {
    this(name, description, devices, racks, network, tierMap, null);
  }

  /**
   * This spec with intermediate data on {@code tier}'s volumes; every node needs one. Null for YARN's default.
   */
  public ClusterSpec withIntermediateTier(String tier) {
    ClusterSpec changed = new ClusterSpec(name, description, devices, racks, network, tierMap, tier);
    if (tier != null) {
      if (tierMap.find(tier).isEmpty()) {
        throw new ConfigException("unknown tier '" + tier + "' for intermediate data (known: "
            + String.join(", ", tierMap.tiers().stream().map(t -> t.name()).toList()) + ")");
      }
      for (NodeSpec node : nodes()) {
        if (changed.intermediateVolumes(node).isEmpty()) {
          throw new ConfigException("node '" + node.host() + "' has no volume on tier '" + tier
              + "' for intermediate data");
        }
      }
    }
    return changed;
  }

  /** Indexes of {@code node}'s volumes that hold intermediate data; empty when the spec names no tier for it. */
  public List<Integer> intermediateVolumes(NodeSpec node) {
    List<Integer> indexes = new ArrayList<>();
    if (intermediateTier != null) {
      for (int i = 0; i < node.volumes().size(); i++) {
        if (intermediateTier.equals(tierOf(node, i))) {
          indexes.add(i);
        }
      }
    }
    return indexes;
  }

  /**
   * The tiers of {@code racks} under {@code rules}: every volume lands in exactly one tier; a tier's speed is that
   * of its slowest device.
   *
   * @throws ConfigException when one tier would hold volumes of two storage types
   */
  public static TierMap tierMap(List<TierRule> rules, List<RackSpec> racks) {
    TierMap resolver = TierMap.of(rules, List.of());
    Map<String, TierMap.TierSpeed> speeds = new LinkedHashMap<>();
    for (RackSpec rack : racks) {
      for (NodeSpec node : rack.nodes()) {
        for (VolumeSpec volume : node.volumes()) {
          String tier = resolver.tierName(node.host(), volume.storageKind(), volume.device().name());
          TierMap.TierSpeed current = speeds.get(tier);
          if (current != null && current.kind() != volume.storageKind()) {
            throw new ConfigException("tier '" + tier + "' would hold both " + current.kind() + " and "
                + volume.storageKind() + " volumes; name the tiers apart");
          }
          double read = current == null ? volume.device().readMBps()
              : Math.min(current.readMBps(), volume.device().readMBps());
          double iops = current == null ? volume.device().iops() : Math.min(current.iops(), volume.device().iops());
          boolean backup = current == null ? volume.backup() : current.backup() && volume.backup();
          speeds.put(tier, new TierMap.TierSpeed(tier, volume.storageKind(), read, iops, backup));
        }
      }
    }
    return TierMap.of(rules, new ArrayList<>(speeds.values()));
  }

  /**
   * This spec with each volume's device replaced by {@code device} gives it (the same profile to keep it), the
   * tiers kept by their rules and their speeds taken from the new devices.
   */
  public ClusterSpec withDevices(BiFunction<NodeSpec, VolumeSpec, DeviceProfile> device) {
    List<RackSpec> changed = new ArrayList<>();
    for (RackSpec rack : racks) {
      List<NodeSpec> nodes = new ArrayList<>();
      for (NodeSpec node : rack.nodes()) {
        List<VolumeSpec> volumes = new ArrayList<>();
        for (VolumeSpec volume : node.volumes()) {
          volumes.add(new VolumeSpec(device.apply(node, volume), volume.capacityBytes(), volume.backup()));
        }
        nodes.add(new NodeSpec(node.host(), node.rack(), volumes, node.pageCacheBytes()));
      }
      changed.add(new RackSpec(rack.name(), nodes));
    }
    return new ClusterSpec(name, description, devices, changed, network, tierMap(tierMap.rules(), changed),
        intermediateTier);
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

  /**
   * True when every volume of the secondary tiers (backup or ARCHIVE) sits on an internally redundant device, such
   * as a RAID filer, so that one replica there is enough; false when the spec has no such volume.
   */
  public boolean secondaryTierRedundant() {
    List<VolumeSpec> secondary = nodes().stream().flatMap(n -> n.volumes().stream())
        .filter(v -> v.backup() || v.storageKind() == StorageKind.ARCHIVE).toList();
    return !secondary.isEmpty() && secondary.stream().allMatch(v -> v.device().internallyRedundant());
  }
}
