package io.strata.hdfs.report;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.TierMap;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;

/**
 * One replica of a block as the public FileSystem API describes it: the DataNode holding it, that node's
 * rack, and the tier of the storage it sits on.
 *
 * @param node DataNode name, {@code host:port} (the port tells apart DataNodes sharing a host, as in a
 *             MiniDFSCluster), or just the host when the location carries no transfer address
 * @param rack network location, e.g. {@code /rack1}, or {@link PlacementReport#UNKNOWN}
 * @param tier tier name from the tier map, or {@link PlacementReport#UNKNOWN} without a storage type
 */
record BlockReplica(String node, String rack, String tier) {

  /**
   * The replicas of {@code block}, one per host. HDFS fills hosts, names, topology paths and storage types
   * from the same location list, so index {@code i} of each describes the same replica; shorter arrays (old
   * servers send no storage types, non-HDFS file systems no topology) leave those facts unknown.
   */
  static List<BlockReplica> of(BlockLocation block, TierMap tierMap) {
    String[] hosts;
    String[] names;
    String[] topologyPaths;
    try {
      hosts = block.getHosts();
      names = block.getNames();
      topologyPaths = block.getTopologyPaths();
    } catch (IOException e) {
      // BlockLocation declares IOException on these getters but only returns its fields.
      throw new UncheckedIOException(e);
    }
    StorageType[] types = block.getStorageTypes();
    List<BlockReplica> replicas = new ArrayList<>(hosts.length);
    for (int i = 0; i < hosts.length; i++) {
      String host = hosts[i];
      String name = element(names, i);
      StorageType type = types == null ? null : element(types, i);
      replicas
          .add(new BlockReplica(nodeName(host, name), rackOf(element(topologyPaths, i)), tierOf(host, type, tierMap)));
    }
    return replicas;
  }

  /** {@code host:port}, taking the port from the transfer address {@code ip:port}. */
  static String nodeName(String host, String transferAddress) {
    int colon = transferAddress == null ? -1 : transferAddress.lastIndexOf(':');
    if (colon < 0) {
      return host;
    }
    return host + transferAddress.substring(colon);
  }

  /** The rack of a topology path: the path without its last component ("/rack1/10.0.0.1:9866" is in "/rack1"). */
  static String rackOf(String topologyPath) {
    if (topologyPath == null) {
      return PlacementReport.UNKNOWN;
    }
    int slash = topologyPath.lastIndexOf('/');
    if (slash <= 0) {
      return PlacementReport.UNKNOWN;
    }
    return topologyPath.substring(0, slash);
  }

  private static String tierOf(String host, StorageType type, TierMap tierMap) {
    StorageKind kind = type == null ? null : StorageKind.parse(type.name());
    return kind == null ? PlacementReport.UNKNOWN : tierMap.tierName(host, kind, null);
  }

  private static <T> T element(T[] array, int index) {
    return array != null && index < array.length ? array[index] : null;
  }
}
