package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.EmbeddedCluster;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.balancer.BalancerCli;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * KAT on DataNodes with {@code dfs.datanode.block-pinning.enabled}: the owners' replicas are pinned and the
 * Balancer leaves them (KatIngestIT shows it moving them without pinning), and a decommissioned owner, which
 * pinning does not hold back, is found by check and replaced by heal with nothing lost.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("long")
class KatPinningIT {
  @TempDir
  static Path temp;
  static KatClusters.Pinned pinned;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static Configuration conf;
  static Path excludes;

  @BeforeAll
  static void start() throws Exception {
    excludes = Files.writeString(temp.resolve("dfs.exclude"), "");
    pinned = KatClusters.Pinned.start(temp.resolve("cluster"), List.of("h1", "h2", "h3", "h4"), Set.of(), "128MiB",
        Map.of("dfs.hosts.exclude", excludes.toString(), "dfs.namenode.decommission.interval", "1",
            "dfs.balancer.getBlocks.min-block-size", "1024", "dfs.balancer.moverThreads", "20",
            "dfs.balancer.max-no-move-interval", "3000"));
    cluster = pinned.cluster();
    fs = cluster.fileSystem();
    conf = cluster.clientConf();
  }

  @AfterAll
  static void stop() throws Exception {
    if (pinned != null) {
      pinned.close();
    }
  }

  @Test
  @Order(1)
  void theOwnersReplicasArePinnedAndTheBalancerLeavesThem() throws Exception {
    org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path("/kat/pinned");
    KatIngest.Result result = KatFiles.ingest(fs, conf, temp, dst, 3);
    assertEquals(List.of("h1", "h2", "h3"), result.manifest().owners());
    assertEquals(result.blocks(), result.blocksOnOwner());
    assertTrue(result.warnings().isEmpty(), result.warnings().toString());
    List<String> before = new ArrayList<>();
    for (int p = 0; p < 3; p++) {
      DataNode owner = cluster.dataNode(result.manifest().owners().get(p)).orElseThrow();
      for (LocatedBlock block : KatFiles.blocks(fs, result.manifest(), dst, p)) {
        assertTrue(owner.getFSDataset().getPinning(block.getBlock()), "block " + block.getBlock() + " on "
            + owner.getDatanodeId().getHostName() + " is pinned");
        before.add(block.getBlock().getBlockId() + "@" + block.getLocations()[0].getHostName());
      }
    }

    // h4 holds nothing: without pinning the Balancer moves partition blocks there (KatIngestIT).
    int exit = BalancerCli.run(conf, "-threshold", "1");
    assertNotEquals(-4, exit, "the Balancer failed with an I/O error");
    List<String> after = new ArrayList<>();
    for (int p = 0; p < 3; p++) {
      for (LocatedBlock block : KatFiles.blocks(fs, result.manifest(), dst, p)) {
        after.add(block.getBlock().getBlockId() + "@" + block.getLocations()[0].getHostName());
      }
    }
    assertEquals(before, after, "no pinned replica moved (Balancer exit code " + exit + ")");
    assertTrue(KatCheck.check(fs, dst).inPlace());
  }

  @Test
  @Order(2)
  void aDecommissionedOwnerIsReportedAndHealGivesItsPartitionANewOwnerWithNothingLost() throws Exception {
    org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path("/kat/decommission");
    KatIngest.Result result = KatFiles.ingest(fs, conf, temp, dst, 3);
    String victim = result.manifest().owners().get(0);
    DataNode node = cluster.dataNode(victim).orElseThrow();
    Files.writeString(excludes, node.getDatanodeId().getXferAddr() + "\n");
    // What hdfs dfsadmin -refreshNodes does, with the exclude file this cluster was started with (over RPC the
    // NameNode would reread an hdfs-site.xml, which an embedded NameNode does not have).
    Configuration nameNodeConf = new Configuration(conf);
    nameNodeConf.set("dfs.hosts.exclude", excludes.toString());
    cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager().refreshNodes(nameNodeConf);
    // Decommissioning copies the node's replicas elsewhere first; pinning does not hold it back.
    EmbeddedCluster.waitFor(Duration.ofMinutes(2), () -> {
      try {
        return Arrays.stream(fs.getDataNodeStats(DatanodeReportType.ALL))
            .anyMatch(d -> d.getHostName().equals(victim) && d.isDecommissioned());
      } catch (java.io.IOException e) {
        return false;
      }
    }, victim + " decommissioned");

    KatCheck.Report report = KatCheck.check(fs, dst);
    KatCheck.PartitionState state = report.states().get(0);
    assertFalse(state.ownerLive(), "a decommissioned owner is not a usable owner: " + state);
    assertFalse(report.inPlace());
    assertTrue(report.states().get(1).inPlace() && report.states().get(2).inPlace(), report.toString());

    KatHeal.Result healed = KatHeal.heal(fs, conf, dst, new PrintStream(OutputStream.nullOutputStream()));
    assertTrue(healed.failures().isEmpty(), healed.failures().toString());
    String newOwner = healed.newOwners().get(0);
    assertEquals("h4", newOwner, "the in-service DataNode owning the fewest partitions");
    assertTrue(healed.after().inPlace(), healed.after().toString());
    for (LocatedBlock block : KatFiles.blocks(fs, KatManifest.read(fs, fs.makeQualified(dst)), dst, 0)) {
      List<String> inService = Arrays.stream(block.getLocations()).filter(DatanodeInfo::isInService)
          .map(DatanodeInfo::getHostName).toList();
      assertTrue(inService.contains(newOwner), block + " has an in-service replica on the new owner");
    }
    assertEquals(KatFiles.LINES, KatFiles.lines(fs, result.manifest(), dst), "every record is still there");
  }
}
