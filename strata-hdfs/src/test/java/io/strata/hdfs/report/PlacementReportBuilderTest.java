package io.strata.hdfs.report;

import static io.strata.hdfs.report.ReportFixtures.at;
import static io.strata.hdfs.report.ReportFixtures.block;
import static io.strata.hdfs.report.ReportFixtures.blockWithoutTypes;
import static io.strata.hdfs.report.ReportFixtures.inRack;
import static org.apache.hadoop.fs.StorageType.DISK;
import static org.apache.hadoop.fs.StorageType.SSD;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.report.PlacementReport.Row;
import io.strata.hdfs.report.PlacementReport.SingleRackBlock;
import io.strata.hdfs.report.PlacementReport.UnderReplicatedBlock;
import io.strata.hdfs.report.PlacementReport.WholeFileViolation;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;

class PlacementReportBuilderTest {

  /**
   * Three files on the fixture cluster (dn1, dn2 in /rack1; dn3, dn4 in /rack2; SSD on dn1 is tier nvme):
   *
   * <pre>
   *   /data/a  repl 3  block 0 (100 B): dn1 SSD, dn2 DISK, dn3 DISK   two racks
   *                    block 1 ( 50 B): dn2 DISK, dn3 DISK, dn4 DISK  two racks, no nvme replica
   *   /data/b  repl 3  block 0 ( 80 B): dn3 SSD, dn4 DISK             /rack2 only, 2 of 3 replicas
   *   /data/c  repl 2  block 0 ( 30 B): dn1 DISK, dn2 DISK            /rack1 only, fully replicated
   * </pre>
   */
  static PlacementReport threeFiles() {
    return new PlacementReportBuilder("/data", ReportFixtures.tierMap())
        .addFile("/data/a", 150, 3, new BlockLocation[] {
            block(0, 100, at(1, SSD), at(2, DISK), at(3, DISK)),
            block(100, 50, at(2, DISK), at(3, DISK), at(4, DISK))})
        .addFile("/data/b", 80, 3, new BlockLocation[] {block(0, 80, at(3, SSD), at(4, DISK))})
        .addFile("/data/c", 30, 2, new BlockLocation[] {block(0, 30, at(1, DISK), at(2, DISK))})
        .build();
  }

  private static Map<String, Row> byName(List<Row> rows) {
    return rows.stream().collect(Collectors.toMap(Row::name, Function.identity()));
  }

  @Test
  void totalsCountFilesBlocksReplicasAndBothKindsOfBytes() {
    PlacementReport report = threeFiles();
    assertEquals(3, report.files());
    assertEquals(4, report.blocks());
    assertEquals(3 + 3 + 2 + 2, report.replicas());
    assertEquals(150 + 80 + 30, report.logicalBytes());
    // Each block's length once per replica.
    assertEquals(3 * 100 + 3 * 50 + 2 * 80 + 2 * 30, report.replicaBytes());
    assertEquals(2, report.clusterRacks(), "derived from the racks in the block locations");
  }

  @Test
  void perTierRowsSplitSsdByHostRuleAndAreInRankOrder() {
    PlacementReport report = threeFiles();
    assertEquals(List.of("nvme", "ssd", "disk"), report.tiers().stream().map(Row::name).toList());
    Map<String, Row> tiers = byName(report.tiers());
    // nvme: the dn1 SSD replica of a/0. ssd: the dn3 SSD replica of b/0. disk: everything else.
    assertEquals(new Row("nvme", 1, 100, 0.1), tiers.get("nvme"));
    assertEquals(new Row("ssd", 1, 80, 0.1), tiers.get("ssd"));
    assertEquals(8, tiers.get("disk").replicas());
    assertEquals(2 * 100 + 3 * 50 + 80 + 2 * 30, tiers.get("disk").replicaBytes());
    assertEquals(0.8, tiers.get("disk").share(), 1e-9);
  }

  @Test
  void perRackAndPerNodeRowsAddUp() {
    PlacementReport report = threeFiles();
    assertEquals(List.of("/rack1", "/rack2"), report.racks().stream().map(Row::name).toList());
    Map<String, Row> racks = byName(report.racks());
    // rack1: a/0 on dn1+dn2, a/1 on dn2, c/0 on dn1+dn2.
    assertEquals(new Row("/rack1", 5, 2 * 100 + 50 + 2 * 30, 0.5), racks.get("/rack1"));
    // rack2: a/0 on dn3, a/1 on dn3+dn4, b/0 on dn3+dn4.
    assertEquals(new Row("/rack2", 5, 100 + 2 * 50 + 2 * 80, 0.5), racks.get("/rack2"));

    // Node names are host plus the transfer port.
    assertEquals(List.of("dn1:9866", "dn2:9866", "dn3:9866", "dn4:9866"),
        report.nodes().stream().map(Row::name).toList());
    Map<String, Row> nodes = byName(report.nodes());
    assertEquals(2, nodes.get("dn1:9866").replicas());
    assertEquals(100 + 30, nodes.get("dn1:9866").replicaBytes());
    assertEquals(3, nodes.get("dn2:9866").replicas());
    assertEquals(100 + 50 + 30, nodes.get("dn2:9866").replicaBytes());
    assertEquals(3, nodes.get("dn3:9866").replicas());
    assertEquals(100 + 50 + 80, nodes.get("dn3:9866").replicaBytes());
    assertEquals(2, nodes.get("dn4:9866").replicas());
    assertEquals(50 + 80, nodes.get("dn4:9866").replicaBytes());
    assertEquals(report.replicas(), report.nodes().stream().mapToLong(Row::replicas).sum());
    assertEquals(report.replicaBytes(), report.nodes().stream().mapToLong(Row::replicaBytes).sum());
  }

  @Test
  void blocksWithAllReplicasInOneRackAreListedAndSpreadOnesAreNot() {
    PlacementReport report = threeFiles();
    assertTrue(report.rackSpreadChecked());
    assertEquals(List.of(
        new SingleRackBlock("/data/b", 0, 0, 2, "/rack2"),
        new SingleRackBlock("/data/c", 0, 0, 2, "/rack1")),
        report.singleRackBlocks().items());
    assertEquals(2, report.singleRackBlocks().total());
    assertTrue(report.singleRackBlocks().items().stream().noneMatch(b -> b.file().equals("/data/a")));
  }

  @Test
  void singleRackClusterListsNoSingleRackBlocks() {
    PlacementReport report = new PlacementReportBuilder("/data", ReportFixtures.tierMap())
        .addFile("/data/a", 100, 3, new BlockLocation[] {
            block(0, 100, inRack("/rack1", 1, DISK), inRack("/rack1", 2, DISK), inRack("/rack1", 3, DISK))})
        .build();
    assertEquals(1, report.clusterRacks());
    assertFalse(report.rackSpreadChecked());
    assertEquals(0, report.singleRackBlocks().total());
    assertTrue(report.singleRackBlocks().items().isEmpty());
  }

  @Test
  void rackCountGivenByCallerOverridesRacksSeen() {
    // All data landed in one rack, but the cluster has another (empty) one: the block could have been spread.
    PlacementReport report = new PlacementReportBuilder("/data", ReportFixtures.tierMap())
        .clusterRacks(2)
        .addFile("/data/a", 100, 2, new BlockLocation[] {
            block(0, 100, inRack("/rack1", 1, DISK), inRack("/rack1", 2, DISK))})
        .build();
    assertEquals(2, report.clusterRacks());
    assertEquals(1, report.singleRackBlocks().total());
  }

  @Test
  void aSingleReplicaBlockIsNeverASingleRackBlock() {
    PlacementReport report = new PlacementReportBuilder("/data", ReportFixtures.tierMap())
        .addFile("/data/one", 10, 1, new BlockLocation[] {block(0, 10, at(1, DISK))})
        .addFile("/data/two", 10, 2, new BlockLocation[] {block(0, 10, at(1, DISK), at(3, DISK))})
        .build();
    assertEquals(2, report.clusterRacks());
    assertEquals(0, report.singleRackBlocks().total());
  }

  @Test
  void tierHoldingSomeButNotAllBlocksOfAFileIsAViolation() {
    PlacementReport report = threeFiles();
    // /data/a: block 0 has an nvme replica, block 1 has none; disk holds both blocks. b and c are one block each.
    assertEquals(List.of(new WholeFileViolation("/data/a", "nvme", 1, 2)), report.wholeFileViolations().items());
    assertEquals(1, report.wholeFileViolations().total());
  }

  @Test
  void blockWithFewerLiveReplicasThanTheFileAsksForIsUnderReplicated() {
    PlacementReport report = threeFiles();
    // b/0 has 2 replicas of 3; c/0 has 2 of 2 and is fine.
    assertEquals(List.of(new UnderReplicatedBlock("/data/b", 0, 0, 2, 3, false)),
        report.underReplicatedBlocks().items());
  }

  @Test
  void corruptBlockHasNoLiveReplicas() {
    BlockLocation corrupt = block(0, 10, at(1, DISK), at(3, DISK));
    corrupt.setCorrupt(true);
    PlacementReport report = new PlacementReportBuilder("/data", ReportFixtures.tierMap())
        .addFile("/data/x", 10, 2, new BlockLocation[] {corrupt})
        .build();
    assertEquals(List.of(new UnderReplicatedBlock("/data/x", 0, 0, 0, 2, true)),
        report.underReplicatedBlocks().items());
  }

  @Test
  void replicasWithoutStorageTypesCountUnderUnknownTierRankedLast() {
    PlacementReport report = new PlacementReportBuilder("/data", ReportFixtures.tierMap())
        .addFile("/data/old", 300, 2, new BlockLocation[] {
            block(0, 100, at(1, SSD), at(3, DISK)),
            blockWithoutTypes(100, 100, at(1, DISK), at(3, DISK)),
            block(200, 100, at(1, SSD), at(3, DISK))})
        .build();
    assertEquals(List.of("nvme", "disk", "unknown"), report.tiers().stream().map(Row::name).toList());
    assertEquals(new Row("unknown", 2, 200, 2.0 / 6), byName(report.tiers()).get("unknown"));
    // nvme and disk each miss the untyped middle block; "unknown" is not a tier anyone placed data in.
    assertEquals(List.of(new WholeFileViolation("/data/old", "nvme", 2, 3),
        new WholeFileViolation("/data/old", "disk", 2, 3)),
        report.wholeFileViolations().items());
  }

  @Test
  void tierNotInTheTierMapRanksAfterKnownTiers() {
    // byStorageKind knows every storage kind; a map built from one tier only does not know "ssd".
    TierMap diskOnly = TierMap.of(List.of(), List.of(new TierMap.TierSpeed("disk", StorageKind.DISK, 100, 100)));
    PlacementReport report = new PlacementReportBuilder("/data", diskOnly)
        .addFile("/data/a", 10, 3, new BlockLocation[] {block(0, 10, at(3, SSD), at(2, DISK), at(4, DISK))})
        .build();
    // Name order agrees here; with only "ssd" known it does not, and the unknown "disk" must still come last.
    assertEquals(List.of("disk", "ssd"), report.tiers().stream().map(Row::name).toList());
    TierMap ssdOnly = TierMap.of(List.of(), List.of(new TierMap.TierSpeed("ssd", StorageKind.SSD, 500, 100)));
    PlacementReport flipped = new PlacementReportBuilder("/data", ssdOnly)
        .addFile("/data/a", 10, 3, new BlockLocation[] {block(0, 10, at(3, SSD), at(2, DISK), at(4, DISK))})
        .build();
    assertEquals(List.of("ssd", "disk"), flipped.tiers().stream().map(Row::name).toList());
  }

  @Test
  void violationListsKeepTheTrueCountBeyondTheCap() {
    PlacementReportBuilder builder = new PlacementReportBuilder("/data", ReportFixtures.tierMap()).maxListed(3);
    for (int i = 0; i < 5; i++) {
      builder.addFile("/data/f" + i, 10, 3, new BlockLocation[] {block(0, 10, at(1, DISK), at(2, DISK))});
    }
    builder.addFile("/data/spread", 10, 2, new BlockLocation[] {block(0, 10, at(1, DISK), at(3, DISK))});
    PlacementReport report = builder.build();
    assertEquals(5, report.underReplicatedBlocks().total());
    assertEquals(3, report.underReplicatedBlocks().items().size());
    assertEquals(2, report.underReplicatedBlocks().notListed());
    assertEquals("/data/f0", report.underReplicatedBlocks().items().get(0).file(), "kept in scan order");
    assertEquals(5, report.singleRackBlocks().total());
  }

  @Test
  void emptyFileHasNoBlocksAndNoViolations() {
    PlacementReport report = new PlacementReportBuilder("/data", TierMap.byStorageKind())
        .addFile("/data/empty", 0, 3, new BlockLocation[0])
        .build();
    assertEquals(1, report.files());
    assertEquals(0, report.blocks());
    assertTrue(report.tiers().isEmpty());
    assertEquals(0, report.underReplicatedBlocks().total());
    assertEquals(0, report.wholeFileViolations().total());
  }
}
