package io.strata.hdfs.report;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.TierMap;
import io.strata.core.tier.TierMap.TierSpeed;
import io.strata.core.tier.TierRule;
import java.util.List;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;

/**
 * A small hand-made cluster: two racks, four DataNodes.
 *
 * <pre>
 *   /rack1: dn1 (10.0.0.1) SSD + DISK, dn2 (10.0.0.2) DISK
 *   /rack2: dn3 (10.0.0.3) SSD + DISK, dn4 (10.0.0.4) DISK
 * </pre>
 *
 * The SSD storage type is split into two tiers by a host rule: SSD on dn1 is tier {@code nvme}, other SSD
 * falls into the default tier {@code ssd}. Speeds rank them nvme, ssd, disk, which is not alphabetical, so
 * ordering tests can tell rank order from name order.
 */
final class ReportFixtures {
  private ReportFixtures() {}

  static TierMap tierMap() {
    return TierMap.of(
        List.of(new TierRule("nvme", StorageKind.SSD, List.of("dn1"), null)),
        List.of(new TierSpeed("disk", StorageKind.DISK, 150, 200),
            new TierSpeed("nvme", StorageKind.SSD, 3000, 500_000),
            new TierSpeed("ssd", StorageKind.SSD, 500, 90_000)));
  }

  /** One replica: DataNode number (1..4 maps to rack1, rack1, rack2, rack2 unless a rack is given) and type. */
  record Replica(int dn, String rack, StorageType type) {}

  static Replica at(int dn, StorageType type) {
    return new Replica(dn, dn <= 2 ? "/rack1" : "/rack2", type);
  }

  static Replica inRack(String rack, int dn, StorageType type) {
    return new Replica(dn, rack, type);
  }

  /** A block location as the NameNode would return it for these replicas. */
  static BlockLocation block(long offset, long length, Replica... replicas) {
    int n = replicas.length;
    String[] names = new String[n];
    String[] hosts = new String[n];
    String[] topology = new String[n];
    String[] storageIds = new String[n];
    StorageType[] types = new StorageType[n];
    for (int i = 0; i < n; i++) {
      Replica r = replicas[i];
      names[i] = "10.0.0." + r.dn() + ":9866";
      hosts[i] = "dn" + r.dn();
      topology[i] = r.rack() + "/" + names[i];
      storageIds[i] = "DS-" + r.dn() + "-" + r.type();
      types[i] = r.type();
    }
    return new BlockLocation(names, hosts, new String[0], topology, storageIds, types, offset, length, false);
  }

  /** Like {@link #block} but without storage types or IDs, as an old server answers. */
  static BlockLocation blockWithoutTypes(long offset, long length, Replica... replicas) {
    BlockLocation typed = block(offset, length, replicas);
    typed.setStorageTypes(new StorageType[0]);
    typed.setStorageIds(new String[0]);
    return typed;
  }
}
