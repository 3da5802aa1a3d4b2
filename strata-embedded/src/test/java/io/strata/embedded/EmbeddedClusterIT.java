package io.strata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.emulation.DeviceSpeedEmulator;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorageReport;
import org.apache.hadoop.hdfs.server.protocol.StorageReport;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starts the hats preset as a real MiniDFSCluster and checks its layout through the NameNode. */
class EmbeddedClusterIT {
  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static ClusterSpec spec = Presets.load("hats");

  @BeforeAll
  static void start() throws Exception {
    cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir));
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  @Test
  void everyDataNodeHasTheSpecsHostRackStorageTypesAndCapacities() throws Exception {
    DatanodeStorageReport[] reports = cluster.fileSystem().getClient()
        .getDatanodeStorageReport(DatanodeReportType.LIVE);
    assertEquals(9, reports.length);
    Map<String, DatanodeStorageReport> byHost = new HashMap<>();
    for (DatanodeStorageReport report : reports) {
      byHost.put(report.getDatanodeInfo().getHostName(), report);
    }
    for (NodeSpec node : spec.nodes()) {
      DatanodeStorageReport report = byHost.get(node.host());
      assertTrue(report != null, "NameNode knows no DataNode " + node.host() + ", only " + byHost.keySet());
      assertEquals(node.rack(), report.getDatanodeInfo().getNetworkLocation(), node.host());
      List<StorageType> expectedTypes = node.volumes().stream().map(v -> StorageType.valueOf(v.storageKind().name()))
          .sorted().toList();
      List<StorageType> actualTypes = Arrays.stream(report.getStorageReports())
          .map(r -> r.getStorage().getStorageType()).sorted().toList();
      assertEquals(expectedTypes, actualTypes, node.host());
      for (StorageReport storage : report.getStorageReports()) {
        long expected = node.volumes().stream()
            .filter(v -> v.storageKind().name().equals(storage.getStorage().getStorageType().name()))
            .findFirst().orElseThrow().capacityBytes();
        assertEquals(expected, storage.getCapacity(), node.host() + " " + storage.getStorage().getStorageType());
      }
    }
  }

  @Test
  void everyDataNodeRunsWithEmulatedDeviceSpeed() {
    for (String host : cluster.hosts()) {
      assertTrue(DeviceSpeedEmulator.isInstalled(cluster.dataNode(host).orElseThrow()), host);
    }
  }

  @Test
  void clientsCanWriteAndReadAndDefaultPolicyUsesOnlyDisk() throws Exception {
    Path unused = dir;
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/it/small");
    byte[] data = new byte[3 * 1024 * 1024];
    new Random(1).nextBytes(data);
    try (FSDataOutputStream out = cluster.fileSystem().create(file)) {
      out.write(data);
    }
    byte[] back = new byte[data.length];
    try (var in = cluster.fileSystem().open(file)) {
      in.readFully(back);
    }
    assertTrue(Arrays.equals(data, back));
    var locations = cluster.fileSystem().getFileBlockLocations(file, 0, data.length);
    for (var location : locations) {
      assertEquals(3, location.getHosts().length);
      for (StorageType type : location.getStorageTypes()) {
        assertEquals(StorageType.DISK, type, "HDFS's default HOT policy stores on DISK only");
      }
    }
    DatanodeInfo[] live = cluster.fileSystem().getDataNodeStats();
    assertEquals(9, live.length);
  }

  @Test
  void nodesWithDifferentVolumeCountsStart(@TempDir Path other) throws Exception {
    ClusterSpec uneven = SpecParser.parse("uneven.yaml", """
        racks:
          - name: /r1
            nodes:
              - host: big
                volumes:
                  - {device: sata-ssd, capacity: 1GiB}
                  - {device: hdd, capacity: 2GiB}
                  - {device: nas-filer, capacity: 3GiB}
              - host: small
                volumes:
                  - {device: hdd, capacity: 2GiB}
        """);
    try (EmbeddedCluster small = EmbeddedCluster.start(uneven, EmbeddedCluster.Options.defaults(other))) {
      assertEquals((1L << 30) + (2L << 30) * 2 + (3L << 30), small.miniCluster().getNamesystem().getCapacityTotal());
    }
  }
}
