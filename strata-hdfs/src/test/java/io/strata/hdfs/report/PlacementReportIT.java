package io.strata.hdfs.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report against a real NameNode: its counts must match what the block locations say, computed here
 * independently, and each kind of violation must show up when the cluster really has it.
 */
class PlacementReportIT {
  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static final ClusterSpec SPEC = Presets.load("hats");
  static final org.apache.hadoop.fs.Path ROOT = new org.apache.hadoop.fs.Path("/report");

  @BeforeAll
  static void start() throws Exception {
    cluster = EmbeddedCluster.start(SPEC,
        EmbeddedCluster.Options.defaults(dir).withEmulation(false).withBlockSize(1 << 20));
    fs = cluster.fileSystem();
    fs.mkdirs(new org.apache.hadoop.fs.Path(ROOT, "onessd"));
    fs.setStoragePolicy(new org.apache.hadoop.fs.Path(ROOT, "onessd"), HdfsConstants.ONESSD_STORAGE_POLICY_NAME);
    write("/report/hot/a", 5 << 20, (short) 3);
    write("/report/onessd/b", 6 << 20, (short) 3);
    write("/report/pair/c", 2 << 20, (short) 2);
    // More replicas than DataNodes: every block stays under-replicated.
    write("/report/wide/d", 1 << 20, (short) 10);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static void write(String path, int bytes, short replication) throws Exception {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), replication)) {
      out.write(new byte[bytes]);
    }
  }

  @Test
  void perTierRackAndNodeCountsMatchTheBlockLocations() throws Exception {
    Map<String, Long> tiers = new HashMap<>();
    Map<String, Long> racks = new HashMap<>();
    long replicas = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(ROOT, true);
    while (files.hasNext()) {
      for (BlockLocation block : files.next().getBlockLocations()) {
        for (int i = 0; i < block.getHosts().length; i++) {
          String host = block.getHosts()[i];
          StorageType type = block.getStorageTypes()[i];
          String tier = type == StorageType.DISK ? "hdd" : host.endsWith("n1") ? "pcie-ssd" : "sata-ssd";
          tiers.merge(tier, 1L, Long::sum);
          racks.merge("/rack" + host.charAt(1), 1L, Long::sum);
          replicas++;
        }
      }
    }
    PlacementReport report = new PlacementReportCollector(fs).collect(ROOT, SPEC.tierMap());
    assertEquals(4, report.files());
    assertEquals(5 + 6 + 2 + 1, report.blocks());
    assertEquals(replicas, report.replicas());
    assertEquals(3, report.clusterRacks());
    for (PlacementReport.Row row : report.tiers()) {
      assertEquals(tiers.get(row.name()), row.replicas(), "tier " + row.name());
    }
    assertEquals(tiers.keySet(), names(report.tiers()));
    for (PlacementReport.Row row : report.racks()) {
      assertEquals(racks.get(row.name()), row.replicas(), "rack " + row.name());
    }
    assertEquals(replicas, report.nodes().stream().mapToLong(PlacementReport.Row::replicas).sum());
    assertTrue(report.tiers().get(0).name().equals("pcie-ssd") || report.tiers().get(0).name().equals("sata-ssd"),
        "the ONE_SSD file put replicas on an SSD tier, which ranks before hdd: " + report.tiers());
  }

  @Test
  void blocksWrittenBeforeASecondRackJoinedAreListedAsSingleRack(@TempDir Path other) throws Exception {
    // An operator grows a one-rack cluster by a rack: the blocks written before still sit in the first rack
    // (HDFS does not revisit them), which is exactly what the report must point out.
    ClusterSpec oneRack = SpecParser.parse("one-rack.yaml", """
        racks:
          - name: /a
            nodes:
              - {host: a1, volumes: [{device: hdd, capacity: 1GiB}]}
              - {host: a2, volumes: [{device: hdd, capacity: 1GiB}]}
        """);
    try (EmbeddedCluster small = EmbeddedCluster.start(oneRack,
        EmbeddedCluster.Options.defaults(other).withEmulation(false).withBlockSize(1 << 20))) {
      DistributedFileSystem smallFs = small.fileSystem();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/grown/c");
      try (OutputStream out = smallFs.create(file, (short) 2)) {
        out.write(new byte[2 << 20]);
      }
      PlacementReport before = new PlacementReportCollector(smallFs).collect(file, oneRack.tierMap());
      assertEquals(1, before.clusterRacks());
      assertEquals(0, before.singleRackBlocks().total(), "one rack is all a one-rack cluster can offer");

      small.miniCluster().startDataNodes(small.miniCluster().getConfiguration(0), 1, true, null,
          new String[] {"/b"}, new String[] {"b1"}, null);
      small.miniCluster().waitActive();
      PlacementReport after = new PlacementReportCollector(smallFs).collect(file, oneRack.tierMap());
      assertEquals(2, after.clusterRacks());
      assertEquals(2, after.singleRackBlocks().total());
      after.singleRackBlocks().items().forEach(b -> {
        assertEquals("/grown/c", b.file());
        assertEquals("/a", b.rack());
        assertEquals(2, b.replicas());
      });
    }
  }

  @Test
  void blocksSpreadOverRacksAreNotListedAsSingleRack() throws Exception {
    PlacementReport report = new PlacementReportCollector(fs).collect(ROOT, SPEC.tierMap());
    assertEquals(0, report.singleRackBlocks().total(), "stock HDFS spreads every block of these files over racks");
  }

  @Test
  void replicationAboveTheNodeCountIsUnderReplicated() throws Exception {
    PlacementReport report = new PlacementReportCollector(fs).collect(ROOT, SPEC.tierMap());
    assertEquals(1, report.underReplicatedBlocks().total());
    PlacementReport.UnderReplicatedBlock block = report.underReplicatedBlocks().items().get(0);
    assertEquals("/report/wide/d", block.file());
    assertEquals(10, block.expectedReplicas());
    assertEquals(9, block.liveReplicas());
  }

  @Test
  void oneSsdFilesSplitAcrossTheTwoSsdTiersBreakWholeFilePerTier() throws Exception {
    org.apache.hadoop.fs.Path b = new org.apache.hadoop.fs.Path("/report/onessd/b");
    Map<String, Integer> blocksPerSsdTier = new HashMap<>();
    BlockLocation[] blocks = fs.getFileBlockLocations(b, 0, Long.MAX_VALUE);
    for (BlockLocation block : blocks) {
      Set<String> tiersOfBlock = new HashSet<>();
      for (int i = 0; i < block.getHosts().length; i++) {
        if (block.getStorageTypes()[i] == StorageType.SSD) {
          tiersOfBlock.add(block.getHosts()[i].endsWith("n1") ? "pcie-ssd" : "sata-ssd");
        }
      }
      tiersOfBlock.forEach(t -> blocksPerSsdTier.merge(t, 1, Integer::sum));
    }
    PlacementReport report = new PlacementReportCollector(fs).collect(b, SPEC.tierMap());
    Set<String> expected = new HashSet<>();
    blocksPerSsdTier.forEach((tier, held) -> {
      if (held < blocks.length) {
        expected.add(tier);
      }
    });
    Set<String> reported = new HashSet<>();
    report.wholeFileViolations().items().forEach(v -> reported.add(v.tier()));
    assertEquals(expected, reported);
  }

  private static Set<String> names(List<PlacementReport.Row> rows) {
    Set<String> names = new HashSet<>();
    rows.forEach(r -> names.add(r.name()));
    return names;
  }
}
