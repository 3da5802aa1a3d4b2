package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.TierMap;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The plugin without a spec file (each storage type a tier) on DataNodes with SSD, DISK and ARCHIVE volumes only:
 * tier-aware and hybrid choose among those three tiers, never fall back from a tier no DataNode has, and put the
 * replica they want on the slowest tier on ARCHIVE.
 */
class NoSpecTierPlacementIT {
  private static final String SPEC = """
      name: ssd-disk-archive
      racks:
        - name: /rack1
          nodes:
            - host: a1
              volumes:
                - {device: sata-ssd, capacity: 1GiB}
                - {device: hdd, capacity: 2GiB}
                - {device: backup-array, capacity: 2GiB}
            - host: a2
              volumes:
                - {device: sata-ssd, capacity: 1GiB}
                - {device: hdd, capacity: 2GiB}
                - {device: backup-array, capacity: 2GiB}
        - name: /rack2
          nodes:
            - host: b1
              volumes:
                - {device: sata-ssd, capacity: 1GiB}
                - {device: hdd, capacity: 2GiB}
                - {device: backup-array, capacity: 2GiB}
            - host: b2
              volumes:
                - {device: sata-ssd, capacity: 1GiB}
                - {device: hdd, capacity: 2GiB}
                - {device: backup-array, capacity: 2GiB}
      """;
  private static final Set<String> LIVE_TIERS = Set.of("ssd", "disk", "archive");

  @TempDir
  static Path dir;
  static PluginCluster c;

  @BeforeAll
  static void start() throws Exception {
    c = PluginCluster.startWithoutSpecFile(SPEC, dir, "/tier=tier-aware;/hybrid=hybrid");
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  void tierAwareAndHybridUseOnlyTheClustersTiersWithArchiveAsTheSlowTier() throws Exception {
    long fallbacksBefore = PlacementMetrics.get().fallbackReplicas();
    List<String> files = List.of("/tier/a", "/tier/b", "/hybrid/a", "/hybrid/b");
    for (String file : files) {
      c.write(file, 3);
    }
    for (String file : files) {
      for (BlockLocation block : c.blocks(file)) {
        List<String> tiers = storageTypeTiers(block);
        // Three tiers, three replicas: the fast one (SSD), the slow one (ARCHIVE) and the one between (DISK).
        assertEquals(LIVE_TIERS, new HashSet<>(tiers), file + " block at " + block.getOffset() + ": " + tiers);
      }
    }
    assertEquals(fallbacksBefore, PlacementMetrics.get().fallbackReplicas(),
        "no replica may fall back from a tier no DataNode has");
  }

  /** The tier of each replica as the plugin names it without a spec: after its storage type. */
  private static List<String> storageTypeTiers(BlockLocation block) throws Exception {
    List<String> tiers = new ArrayList<>();
    for (StorageType type : block.getStorageTypes()) {
      tiers.add(TierMap.defaultTierName(StorageKind.valueOf(type.name())));
    }
    return tiers;
  }
}
