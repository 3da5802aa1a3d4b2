package io.strata.hdfs.tier;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;

/**
 * The live DataNodes and their volumes as the NameNode reports them, each volume resolved to its tier. Read once
 * per operation or monitor cycle; it needs the HDFS superuser, as the Balancer and the Mover do.
 */
public final class ClusterView {
  /**
   * One volume (HDFS storage) of a live DataNode.
   *
   * @param node      the DataNode
   * @param tier      the tier of the volume
   * @param type      its HDFS storage type
   * @param storageId the volume's storage ID
   */
  public record Volume(DatanodeInfo node, String tier, StorageType type, String storageId, long capacity, long dfsUsed,
      long remaining) {
    public String host() {
      return node.getHostName();
    }

    public String rack() {
      return node.getNetworkLocation();
    }

    public String uuid() {
      return node.getDatanodeUuid();
    }
  }

  private final TierMap tierMap;
  private final List<Volume> volumes;
  private final Map<String, DatanodeInfo> nodes = new LinkedHashMap<>();

  ClusterView(TierMap tierMap, List<Volume> volumes) {
    this.tierMap = tierMap;
    this.volumes = List.copyOf(volumes);
    volumes.forEach(v -> nodes.putIfAbsent(v.uuid(), v.node()));
  }

  /** Reads the live DataNodes' storage reports from the NameNode. */
  public static ClusterView read(DistributedFileSystem fs, TierMap tierMap) throws IOException {
    DatanodeStorageReport[] reports;
    try {
      reports = fs.getClient().getDatanodeStorageReport(DatanodeReportType.LIVE);
    } catch (IOException e) {
      throw TierAccessException.explain(e,
          "Strata's tier commands read the DataNodes' storage reports, as the Balancer and "
              + "the Mover do");
    }
    List<Volume> volumes = new ArrayList<>();
    for (DatanodeStorageReport report : reports) {
      DatanodeInfo node = report.getDatanodeInfo();
      for (StorageReport storage : report.getStorageReports()) {
        if (storage.isFailed()) {
          continue;
        }
        StorageType type = storage.getStorage().getStorageType();
        StorageKind kind = StorageKind.parse(type.name());
        if (kind == null) {
          continue;
        }
        volumes.add(new Volume(node, tierMap.tierName(node.getHostName(), kind, null), type,
            storage.getStorage().getStorageID(), storage.getCapacity(), storage.getDfsUsed(), storage.getRemaining()));
      }
    }
    return new ClusterView(tierMap, volumes);
  }

  /**
   * The tiers of a cluster without a spec, as the placement plugin sees them: one per storage type the live
   * DataNodes have (every storage type while none reports a volume).
   */
  public static TierMap tiersByStorageType(DistributedFileSystem fs) throws IOException {
    Set<StorageKind> kinds = EnumSet.noneOf(StorageKind.class);
    for (Volume volume : read(fs, TierMap.byStorageKind()).volumes()) {
      kinds.add(StorageKind.valueOf(volume.type().name()));
    }
    return kinds.isEmpty() ? TierMap.byStorageKind() : TierMap.byStorageKind(kinds);
  }

  public TierMap tierMap() {
    return tierMap;
  }

  public List<Volume> volumes() {
    return volumes;
  }

  /** Live DataNodes by UUID. */
  public Map<String, DatanodeInfo> nodes() {
    return nodes;
  }

  public int rackCount() {
    Set<String> racks = new LinkedHashSet<>();
    nodes.values().forEach(n -> racks.add(n.getNetworkLocation()));
    return racks.size();
  }

  /** The tier of a replica on {@code node}'s storage of {@code type}. */
  public String tierOf(DatanodeInfo node, StorageType type) {
    StorageKind kind = type == null ? null : StorageKind.parse(type.name());
    return kind == null ? "unknown" : tierMap.tierName(node.getHostName(), kind, null);
  }

  /** The volumes of one tier. */
  public List<Volume> volumesIn(String tier) {
    return volumes.stream().filter(v -> v.tier().equals(tier)).toList();
  }

  /** The volume of {@code tier} on a DataNode, if it has one (the first, if several). */
  public Optional<Volume> volume(String uuid, String tier) {
    return volumes.stream().filter(v -> v.uuid().equals(uuid) && v.tier().equals(tier)).findFirst();
  }

  /** DataNodes that have a volume in {@code tier}. */
  public Set<String> nodesIn(String tier) {
    Set<String> uuids = new LinkedHashSet<>();
    volumesIn(tier).forEach(v -> uuids.add(v.uuid()));
    return uuids;
  }

  /** Capacity and use of every tier, fastest first; tiers without a live volume show zeros. */
  public List<TierUsage> usage() {
    Map<String, TierUsage.Builder> byTier = new LinkedHashMap<>();
    for (Tier tier : tierMap.tiers()) {
      byTier.put(tier.name(), new TierUsage.Builder(tier.name(), tier.rank(), tier.storageKind().name()));
    }
    for (Volume volume : volumes) {
      byTier
          .computeIfAbsent(volume.tier(), name -> new TierUsage.Builder(name, Integer.MAX_VALUE, volume.type().name()))
          .add(volume);
    }
    List<TierUsage> rows = new ArrayList<>();
    byTier.values().forEach(b -> rows.add(b.build()));
    return rows;
  }

  /** Usage of one tier. */
  public TierUsage usage(String tier) {
    return usage().stream().filter(u -> u.tier().equals(tier)).findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no tier " + tier));
  }
}
