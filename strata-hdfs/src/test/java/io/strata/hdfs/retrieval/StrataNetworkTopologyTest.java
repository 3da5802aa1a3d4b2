package io.strata.hdfs.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.Presets;
import io.strata.hdfs.StrataKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StrataNetworkTopologyTest {
  @TempDir
  Path dir;

  @Test
  void tierWeightsReadHeaviestFirstWithoutTrailingZeros() {
    assertEquals("pcie-ssd 533, sata-ssd 191, hdd 61, archive 0.5",
        StrataNetworkTopology.describe(Map.of("hdd", 61.0, "pcie-ssd", 533.0, "archive", 0.5, "sata-ssd", 191.0)));
  }

  private static DatanodeInfo node(String host, int xceivers) {
    return new DatanodeInfo.DatanodeInfoBuilder().setHostName(host).setIpAddr("10.0.0." + host.charAt(3))
        .setDatanodeUuid(host).setNetworkLocation("/rack" + host.charAt(1)).setXceiverCount(xceivers).build();
  }

  /** How often each host came first over 500 sorts by the NameNode's hook. */
  private static Map<String, Integer> firsts(DFSNetworkTopology topology, DatanodeInfo reader,
      DatanodeInfoWithStorage... replicas) {
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < 500; i++) {
      DatanodeInfoWithStorage[] sorted = replicas.clone();
      topology.sortByDistance(reader, sorted, sorted.length, null);
      counts.merge(sorted[0].getHostName(), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void rateAwareGetsEachReplicasTierAndLiveLoadFromTheNameNode() throws Exception {
    Path spec = Files.writeString(dir.resolve("hats.yaml"), Presets.text("hats"));
    Configuration conf = new Configuration(false);
    conf.set(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, StrataNetworkTopology.class.getName());
    conf.set(StrataKeys.SPEC_FILE, spec.toString());
    conf.set(StrataKeys.RETRIEVAL_POLICY, "rate-aware");
    DFSNetworkTopology topology = DFSNetworkTopology.getInstance(conf);
    DatanodeInfo reader = node("r1n2", 0);
    DatanodeInfoWithStorage sata = new DatanodeInfoWithStorage(node("r1n3", 0), "DS-3", StorageType.SSD);
    DatanodeInfoWithStorage hdd = new DatanodeInfoWithStorage(node("r2n2", 0), "DS-2", StorageType.DISK);
    // idle, the rack-local PCIe (r1n1, the spec's pcie-ssd host) and SATA SSDs both fill a stream's 125 MB/s
    Map<String, Integer> idle = firsts(topology, reader,
        new DatanodeInfoWithStorage(node("r1n1", 0), "DS-1", StorageType.SSD), sata, hdd);
    assertTrue(idle.getOrDefault("r1n1", 0) > 100 && idle.getOrDefault("r1n3", 0) > 100, idle.toString());
    // the PCIe node's heartbeat reports 19 transfers: 533/20 MB/s, so every read goes to the idle SATA SSD
    assertEquals(Map.of("r1n3", 500), firsts(topology, reader,
        new DatanodeInfoWithStorage(node("r1n1", 19), "DS-1", StorageType.SSD), sata, hdd));
  }
}
