package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.server.balancer.BalancerCli;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.mover.Mover;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** hatS tier-aware and hybrid placement on the real NameNode, hats preset. */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TierPlacementIT {
  private static final Set<String> ALL_TIERS = Set.of("pcie-ssd", "sata-ssd", "hdd");
  @TempDir
  static Path dir;
  static PluginCluster c;

  @BeforeAll
  static void start() throws Exception {
    c = PluginCluster.start("hats", dir, "/tier=tier-aware;/hybrid=hybrid;/plain=default", Map.of());
  }

  @AfterAll
  static void stop() {
    if (c != null) {
      c.close();
    }
  }

  @Test
  void tierAwarePutsEveryFileOnAllThreeTiersAndTwoRacks() throws Exception {
    c.writeConcurrently(List.of("/tier/a", "/tier/b", "/tier/c"), 6);
    for (String file : List.of("/tier/a", "/tier/b", "/tier/c")) {
      for (BlockLocation block : c.blocks(file)) {
        assertEquals(ALL_TIERS, new HashSet<>(c.tiers(block)), file);
        assertEquals(3, new HashSet<>(List.of(block.getHosts())).size(), file);
        assertTrue(new HashSet<>(c.racks(block)).size() >= 2, file);
      }
    }
    PlacementReport report = new PlacementReportCollector(c.fs).collect(new org.apache.hadoop.fs.Path("/tier"),
        c.spec.tierMap());
    assertEquals(0, report.wholeFileViolations().total());
    assertEquals(0, report.singleRackBlocks().total());
  }

  @Test
  void hybridUsesThreeTiersTwoRacksAndKeepsTheThirdReplicaRackLocal() throws Exception {
    c.write("/hybrid/a", 8);
    for (BlockLocation block : c.blocks("/hybrid/a")) {
      List<String> tiers = c.tiers(block);
      List<String> racks = c.racks(block);
      assertEquals(ALL_TIERS, new HashSet<>(tiers));
      assertEquals(2, new HashSet<>(racks).size(), "two replicas share a rack, the other is off-rack: " + racks);
    }
    PlacementReport report = new PlacementReportCollector(c.fs).collect(new org.apache.hadoop.fs.Path("/hybrid"),
        c.spec.tierMap());
    assertEquals(0, report.wholeFileViolations().total());
  }

  @Test
  void defaultRuleLeavesHdfsPlacementUntouched() throws Exception {
    long before = PlacementMetrics.get().placedBlocks();
    c.write("/plain/a", 3);
    for (BlockLocation block : c.blocks("/plain/a")) {
      assertEquals(Set.of("hdd"), new HashSet<>(c.tiers(block)), "HOT storage policy: DISK only");
    }
    assertEquals(before, PlacementMetrics.get().placedBlocks());
  }

  @Test
  @Order(Integer.MAX_VALUE) // kills a PCIe node: the other tests expect one in every rack
  void reReplicationAfterADataNodeDiesRestoresTheLostTier() throws Exception {
    c.write("/tier/survivor", 4);
    // Kill a PCIe node that holds replicas of the file.
    String victim = null;
    for (BlockLocation block : c.blocks("/tier/survivor")) {
      for (String host : block.getHosts()) {
        if (host.endsWith("n1")) {
          victim = host;
        }
      }
    }
    assertTrue(victim != null);
    DataNode dataNode = c.cluster.dataNode(victim).orElseThrow();
    DatanodeInfo id = c.fs.getDataNodeStats()[0];
    for (DatanodeInfo info : c.fs.getDataNodeStats()) {
      if (info.getHostName().equals(victim)) {
        id = info;
      }
    }
    c.cluster.miniCluster().stopDataNode(dataNode.getDatanodeId().getXferAddr());
    c.cluster.miniCluster().setDataNodeDead(id);
    DFSTestUtil.waitReplication(c.fs, new org.apache.hadoop.fs.Path("/tier/survivor"), (short) 3);
    for (BlockLocation block : c.blocks("/tier/survivor")) {
      assertTrue(!List.of(block.getHosts()).contains(victim));
      assertEquals(ALL_TIERS, new HashSet<>(c.tiers(block)), "the replacement went to the lost replica's tier");
      assertTrue(new HashSet<>(c.racks(block)).size() >= 2);
    }
    assertTrue(c.fsck().contains("is HEALTHY"));
  }

  @Test
  void balancerAndMoverRunWithThePluginInstalled() throws Exception {
    c.write("/plain/balance", 2);
    int balancer = BalancerCli.run(c.cluster.clientConf(), "-threshold", "50");
    assertEquals(0, balancer, "Balancer exit code");
    int mover = ToolRunner.run(c.cluster.clientConf(), new Mover.Cli(), new String[] {"-p", "/plain/balance"});
    assertEquals(0, mover, "Mover exit code");
  }
}
