package io.strata.hdfs.retrieval;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.StorageKind;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.TierMap;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/** The read-ordering plugin on a real NameNode (hats preset, data placed by hybrid placement). */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ReadOrderingIT {
  private static final int LOOKUPS = 300;
  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static StrataNetworkTopology topology;
  static final TierMap TIERS = Presets.load("hats").tierMap();
  static final byte[] DATA = new byte[4 << 20];

  @BeforeAll
  static void start() throws Exception {
    Path spec = dir.resolve("strata-spec.yaml");
    Files.writeString(spec, Presets.text("hats"));
    cluster = EmbeddedCluster.start(SpecParser.parse(spec), EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withEmulation(false).withBlockSize(1 << 20).withConf(StrataPlugins.nameNodeConf(spec, "/data=hybrid", 500)));
    fs = cluster.fileSystem();
    topology = (StrataNetworkTopology) cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager()
        .getNetworkTopology();
    new Random(3).nextBytes(DATA);
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f"))) {
      out.write(DATA);
    }
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** Share of block lookups whose first location is on each tier. */
  private static Map<String, Double> firstChoiceShares() throws Exception {
    Map<String, Integer> counts = new HashMap<>();
    int total = 0;
    while (total < LOOKUPS) {
      for (LocatedBlock block : fs.getClient().getLocatedBlocks("/data/f", 0).getLocatedBlocks()) {
        DatanodeInfo first = block.getLocations()[0];
        counts.merge(TIERS.tierName(first.getHostName(), StorageKind.valueOf(block.getStorageTypes()[0].name()), null),
            1, Integer::sum);
        total++;
      }
    }
    Map<String, Double> shares = new HashMap<>();
    for (Map.Entry<String, Integer> e : counts.entrySet()) {
      shares.put(e.getKey(), e.getValue() / (double) total);
    }
    return shares;
  }

  @Test
  @Order(1)
  void tierWeightsSteerFirstChoicesTowardsFastTiers() throws Exception {
    topology.setRetrievalPolicy("network", null);
    Map<String, Double> network = firstChoiceShares();
    topology.setRetrievalPolicy("tier-weighted", null);
    long pcieBefore = ReadMetrics.get().reads("pcie-ssd");
    Map<String, Double> weighted = firstChoiceShares();
    // Every block has one replica per tier (hybrid placement), so tier-weighted sends 533/785 of reads to PCIe.
    double expected = 533.0 / (533 + 191 + 61);
    double sd = Math.sqrt(expected * (1 - expected) / LOOKUPS);
    assertTrue(Math.abs(weighted.getOrDefault("pcie-ssd", 0.0) - expected) <= 4 * sd, "tier-weighted: " + weighted);
    assertTrue(weighted.getOrDefault("hdd", 0.0) < network.getOrDefault("hdd", 0.0),
        "network " + network + " vs tier-weighted " + weighted);
    assertTrue(ReadMetrics.get().reads("pcie-ssd") - pcieBefore >= weighted.get("pcie-ssd") * LOOKUPS - 1,
        "reads are counted per tier");

    topology.setRetrievalPolicy("tier-weighted", "pcie-ssd:1,sata-ssd:1,hdd:50");
    Map<String, Double> hddHeavy = firstChoiceShares();
    assertTrue(hddHeavy.getOrDefault("hdd", 0.0) > 0.85, "weights favouring hdd: " + hddHeavy);
  }

  @Test
  @Order(2)
  void storageTypesAndIdsStayAlignedWithTheReorderedLocations() throws Exception {
    topology.setRetrievalPolicy("adaptive", null);
    Map<String, String> hostOfStorage = new HashMap<>();
    Map<String, StorageType> typeOfStorage = new HashMap<>();
    for (DatanodeStorageReport report : fs.getClient().getDatanodeStorageReport(DatanodeReportType.LIVE)) {
      for (StorageReport storage : report.getStorageReports()) {
        hostOfStorage.put(storage.getStorage().getStorageID(), report.getDatanodeInfo().getHostName());
        typeOfStorage.put(storage.getStorage().getStorageID(), storage.getStorage().getStorageType());
      }
    }
    for (int round = 0; round < 50; round++) {
      for (LocatedBlock block : fs.getClient().getLocatedBlocks("/data/f", 0).getLocatedBlocks()) {
        for (int i = 0; i < block.getLocations().length; i++) {
          String storageId = block.getStorageIDs()[i];
          assertEquals(hostOfStorage.get(storageId), block.getLocations()[i].getHostName(), "storage ID " + i);
          assertEquals(typeOfStorage.get(storageId), block.getStorageTypes()[i], "storage type " + i);
        }
      }
    }
  }

  @Test
  @Order(3)
  void aDeadFastReplicaIsSkippedByTheReader() throws Exception {
    // Send every first read to the PCIe replica, then stop that DataNode before the NameNode notices.
    topology.setRetrievalPolicy("tier-weighted", "pcie-ssd:1000000,sata-ssd:1,hdd:1");
    LocatedBlock first = fs.getClient().getLocatedBlocks("/data/f", 0).getLocatedBlocks().get(0);
    String pcieHost = first.getLocations()[0].getHostName();
    assertTrue(pcieHost.endsWith("n1"), "first location is the PCIe replica: " + pcieHost);
    cluster.miniCluster().stopDataNode(cluster.dataNode(pcieHost).orElseThrow().getDatanodeId().getXferAddr());
    byte[] back = new byte[DATA.length];
    try (FSDataInputStream in = fs.open(new org.apache.hadoop.fs.Path("/data/f"))) {
      in.readFully(back);
    }
    assertArrayEquals(DATA, back, "the read fell back to the next replica");
  }
}
