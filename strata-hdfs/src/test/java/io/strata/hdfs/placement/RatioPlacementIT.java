package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HDFS-H ratio placement on the real NameNode, hdfsh preset, many files written at once. */
class RatioPlacementIT {
  private static final double[] RATIOS = {0, 0.2, 0.5, 0.8, 1};

  @Test
  void eachFileHasRoundPnBlocksWhollyOnSsdSpreadOverItWithConcurrentWriters(@TempDir Path dir) throws Exception {
    StringBuilder rules = new StringBuilder();
    for (double p : RATIOS) {
      rules.append("/ratio").append((int) (p * 100)).append("=ratio:").append(p).append(';');
    }
    int blocks = 15;
    try (PluginCluster c = PluginCluster.start("hdfsh", dir, rules.toString(), Map.of())) {
      assertNotNull(DefaultMetricsSystem.instance().getSource("StrataPlacement"),
          "published when the NameNode made the policy, before any block is placed (tools look for it in JMX)");
      List<String> files = new ArrayList<>();
      for (double p : RATIOS) {
        for (int f = 0; f < 3; f++) {
          files.add("/ratio" + (int) (p * 100) + "/file" + f);
        }
      }
      c.writeConcurrently(files, blocks);

      for (String file : files) {
        double p = Integer.parseInt(file.substring(6, file.indexOf('/', 1))) / 100.0;
        BlockLocation[] located = c.blocks(file);
        assertEquals(blocks, located.length);
        int ssdBlocks = 0;
        List<Integer> ssdIndexes = new ArrayList<>();
        for (int i = 0; i < located.length; i++) {
          Set<String> tiers = new HashSet<>(c.tiers(located[i]));
          assertEquals(1, tiers.size(), file + " block " + i + " mixes zones: " + tiers);
          assertEquals(3, new HashSet<>(List.of(located[i].getHosts())).size(), file + " block " + i);
          assertTrue(new HashSet<>(c.racks(located[i])).size() >= 2, file + " block " + i + " in one rack");
          if (tiers.contains("ssd")) {
            ssdBlocks++;
            ssdIndexes.add(i);
          }
        }
        assertTrue(Math.abs(ssdBlocks - Math.round(blocks * p)) <= 1,
            file + ": " + ssdBlocks + " SSD blocks of " + blocks + " at P=" + p);
        // Spread: each half of the file holds its share of SSD blocks, +-1.
        long firstHalf = ssdIndexes.stream().filter(i -> i < blocks / 2).count();
        assertTrue(Math.abs(firstHalf - (blocks / 2) * p) <= 1.5, file + " SSD blocks at " + ssdIndexes);
      }
      assertTrue(c.fsck().contains("is HEALTHY"));
      assertEquals(0, PlacementMetrics.get().fallbackReplicas());
    }
  }
}
