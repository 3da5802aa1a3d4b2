package io.strata.hdfs.whatif;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NetworkSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.RackSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.HdfsFileSystems;
import io.strata.hdfs.StackTraces;
import io.strata.hdfs.tier.ClusterView;
import io.strata.hdfs.tier.TierAccessException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.ipc.RemoteException;

/**
 * A live cluster as the simulator's cluster spec: the NameNode's storage report of its live DataNodes (what the
 * Balancer and the Mover read), each DataNode a node in the rack of its network location, each of its storages a
 * volume of its storage type and capacity. A storage type's volumes are modeled by one device profile
 * ({@link #DEVICES}; {@code strata whatif --devices} overrides them); the tiers are the storage types, as the
 * placement plugin sees a cluster without a spec. Storage types without a profile (RAM_DISK, NVDIMM, PROVIDED) are
 * left out and counted.
 *
 * @param spec           the cluster
 * @param leftOutVolumes volumes of storage types without a profile, by type
 */
public record LiveClusterSpec(ClusterSpec spec, Map<StorageKind, Integer> leftOutVolumes) {
  /** The built-in profile that models each storage type's volumes (see {@code strata devices}). */
  public static final Map<StorageKind, String> DEVICES = Map.of(StorageKind.SSD, "sata-ssd", StorageKind.DISK,
      "hdd", StorageKind.ARCHIVE, "nas-filer");

  public LiveClusterSpec {
    leftOutVolumes = Map.copyOf(leftOutVolumes);
  }

  /**
   * Reads the live DataNodes' storages from the NameNode {@code conf} names; it needs the HDFS superuser.
   *
   * @throws IOException naming the NameNode's address when it cannot be reached, or what it refused
   */
  public static LiveClusterSpec read(Configuration conf) throws IOException {
    try (DistributedFileSystem fs = HdfsFileSystems.open(conf)) {
      ClusterView view;
      try {
        view = ClusterView.read(fs, TierMap.byStorageKind());
      } catch (TierAccessException | RemoteException e) {
        throw e;
      } catch (IOException e) {
        throw new IOException("the NameNode at " + fs.getUri() + " (fs.defaultFS) cannot be reached: "
            + StackTraces.cut(rootMessage(e)), e);
      }
      LiveClusterSpec live = of(fs.getUri().toString(), view.volumes());
      if (live.spec().racks().isEmpty()) {
        throw new IOException("the NameNode at " + fs.getUri() + " reports no live DataNode with a storage of type "
            + String.join(", ", DEVICES.keySet().stream().map(Enum::name).sorted().toList()));
      }
      return live;
    }
  }

  private static LiveClusterSpec of(String nameNode, List<ClusterView.Volume> storages) {
    DeviceCatalog catalog = DeviceCatalog.builtin();
    Map<StorageKind, DeviceProfile> devices = new EnumMap<>(StorageKind.class);
    DEVICES.forEach((kind, name) -> devices.put(kind, catalog.get(name)));
    Map<StorageKind, Integer> leftOut = new EnumMap<>(StorageKind.class);
    Map<String, DatanodeInfo> nodes = new LinkedHashMap<>();
    Map<String, List<VolumeSpec>> volumes = new HashMap<>();
    for (ClusterView.Volume storage : storages) {
      DeviceProfile device = devices.get(StorageKind.valueOf(storage.type().name()));
      if (device == null) {
        leftOut.merge(StorageKind.valueOf(storage.type().name()), 1, Integer::sum);
        continue;
      }
      nodes.putIfAbsent(storage.uuid(), storage.node());
      volumes.computeIfAbsent(storage.uuid(), uuid -> new ArrayList<>())
          .add(new VolumeSpec(device, storage.capacity(), false));
    }
    Map<String, Long> perHost = new HashMap<>();
    nodes.values().forEach(n -> perHost.merge(n.getHostName(), 1L, Long::sum));
    // Racks and hosts in name order, so that the spec (and the replay's seeds) do not depend on report order.
    Map<String, Map<String, NodeSpec>> racks = new TreeMap<>();
    nodes.forEach((uuid, node) -> {
      // Several DataNodes on one host (a test cluster) are told apart by their data transfer port.
      String host = perHost.get(node.getHostName()) > 1 ? node.getHostName() + ":" + node.getXferPort()
          : node.getHostName();
      racks.computeIfAbsent(node.getNetworkLocation(), rack -> new TreeMap<>()).put(host,
          new NodeSpec(host, node.getNetworkLocation(), volumes.get(uuid)));
    });
    List<RackSpec> rackSpecs = new ArrayList<>();
    racks.forEach((rack, hosts) -> rackSpecs.add(new RackSpec(rack, new ArrayList<>(hosts.values()))));
    ClusterSpec spec = new ClusterSpec(nameNode, "the live DataNodes of " + nameNode, catalog, rackSpecs,
        NetworkSpec.defaults(), ClusterSpec.tierMap(List.of(), rackSpecs));
    return new LiveClusterSpec(spec, leftOut);
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getMessage() == null ? root.toString() : root.getMessage();
  }
}
