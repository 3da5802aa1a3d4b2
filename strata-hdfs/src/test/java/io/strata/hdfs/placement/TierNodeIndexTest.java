package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.StorageKind;
import io.strata.core.placement.Scope;
import io.strata.core.tier.TierMap;
import io.strata.core.tier.TierRule;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManagerTestUtil;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.protocol.DatanodeStorage;
import org.apache.hadoop.net.Node;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The tier index on a real HDFS topology: two racks of four nodes, per rack one PCIe SSD host ({@code rRf1}), one
 * SATA SSD host ({@code rRs2}) and two disk-only hosts; every host also has a disk.
 */
class TierNodeIndexTest {
  private static final int DRAWS = 400;
  private static final TierNodeIndex.TierTarget PCIE = new TierNodeIndex.TierTarget("pcie-ssd", StorageKind.SSD,
      StorageType.SSD);
  private static final TierNodeIndex.TierTarget SATA = new TierNodeIndex.TierTarget("sata-ssd", StorageKind.SSD,
      StorageType.SSD);
  private static final TierNodeIndex.TierTarget HDD = new TierNodeIndex.TierTarget("hdd", StorageKind.DISK,
      StorageType.DISK);

  private final TierMap tierMap = TierMap.of(List.of(
      new TierRule("pcie-ssd", StorageKind.SSD, List.of("r*f*"), null),
      new TierRule("sata-ssd", StorageKind.SSD, List.of(), null),
      new TierRule("hdd", StorageKind.DISK, List.of(), null)),
      List.of(
          new TierMap.TierSpeed("pcie-ssd", StorageKind.SSD, 2000, 0),
          new TierMap.TierSpeed("sata-ssd", StorageKind.SSD, 500, 0),
          new TierMap.TierSpeed("hdd", StorageKind.DISK, 150, 0)));
  private final AtomicLong clock = new AtomicLong();
  private DFSNetworkTopology topology;
  private TierNodeIndex index;
  private int nextIp = 1;

  @BeforeEach
  void cluster() {
    topology = DFSNetworkTopology.getInstance(new HdfsConfiguration());
    for (String rack : List.of("/r1", "/r2")) {
      String r = rack.substring(1);
      topology.add(node(r + "f1", rack, StorageType.SSD));
      topology.add(node(r + "s2", rack, StorageType.SSD));
      topology.add(node(r + "h3", rack));
      topology.add(node(r + "h4", rack));
    }
    index = new TierNodeIndex(topology, tierMap, clock::get);
  }

  private DatanodeDescriptor node(String host, String rack, StorageType... more) {
    int ip = nextIp++;
    DatanodeDescriptor node = DFSTestUtil.createDatanodeStorageInfo("DS-" + host + "-disk", "10.0.0." + ip, rack,
        host, StorageType.DISK, null).getDatanodeDescriptor();
    for (StorageType type : more) {
      BlockManagerTestUtil.updateStorage(node,
          new DatanodeStorage("DS-" + host + "-" + type, DatanodeStorage.State.NORMAL, type));
    }
    return node;
  }

  private DatanodeDescriptor host(String name) {
    for (Node leaf : topology.getLeaves("")) {
      if (((DatanodeDescriptor) leaf).getHostName().equals(name)) {
        return (DatanodeDescriptor) leaf;
      }
    }
    throw new AssertionError("no host " + name);
  }

  /** Host names a scope yields over many draws; a null draw is recorded as "none". */
  private Set<String> drawn(TierNodeIndex.Snapshot snapshot, TierNodeIndex.TierTarget target, Scope scope,
      Set<Node> excluded) {
    Set<String> hosts = new HashSet<>();
    for (int i = 0; i < DRAWS; i++) {
      DatanodeDescriptor node = snapshot.random(target, scope, excluded);
      hosts.add(node == null ? "none" : node.getHostName());
    }
    return hosts;
  }

  @Test
  void offersOnlyNodesOfTheTierInTheScopeAndNotExcluded() {
    TierNodeIndex.Snapshot snapshot = index.current();
    assertEquals(Set.of("r1f1", "r2f1"), drawn(snapshot, PCIE, Scope.ANYWHERE, Set.of()));
    assertEquals(Set.of("r1s2", "r2s2"), drawn(snapshot, SATA, Scope.ANYWHERE, Set.of()));
    assertEquals(Set.of("r1f1", "r1s2", "r1h3", "r1h4", "r2f1", "r2s2", "r2h3", "r2h4"),
        drawn(snapshot, HDD, Scope.ANYWHERE, Set.of()));
    assertEquals(Set.of("r1f1"), drawn(snapshot, PCIE, new Scope.InRack("/r1"), Set.of()));
    assertEquals(Set.of("r2f1"), drawn(snapshot, PCIE, new Scope.OutsideRacks(Set.of("/r1")), Set.of()));
    assertEquals(Set.of("r2h3", "r2h4"),
        drawn(snapshot, HDD, new Scope.InRack("/r2"), Set.of(host("r2f1"), host("r2s2"))));
    assertEquals(Set.of("none"), drawn(snapshot, PCIE, new Scope.OutsideRacks(Set.of("/r1")), Set.of(host("r2f1"))));
    assertEquals(Set.of("none"), drawn(snapshot, PCIE, new Scope.OutsideRacks(Set.of("/r1", "/r2")), Set.of()));
    assertEquals(Set.of("none"), drawn(snapshot, PCIE, new Scope.InRack("/r9"), Set.of()));
    assertEquals(Set.of("none"), drawn(snapshot, PCIE, new Scope.OnHost("r1f1"), Set.of()));
    assertEquals(2, snapshot.count("pcie-ssd"));
    assertEquals(2, snapshot.count("sata-ssd"));
    assertEquals(8, snapshot.count("hdd"));
    assertEquals(0, snapshot.count("tape"));
  }

  @Test
  void theOnlyEligibleNodeAmongManyExcludedIsAlwaysFound() {
    Set<Node> excluded = new HashSet<>();
    for (Node leaf : topology.getLeaves("")) {
      if (!((DatanodeDescriptor) leaf).getHostName().equals("r2h4")) {
        excluded.add(leaf);
      }
    }
    assertEquals(Set.of("r2h4"), drawn(index.current(), HDD, Scope.ANYWHERE, excluded));
  }

  @Test
  void aRemovedNodeIsNeverOfferedAndTheIndexIsRebuilt() {
    TierNodeIndex.Snapshot before = index.current();
    topology.remove(host("r1f1"));
    // Even the snapshot from before the removal does not offer it: each pick checks the topology.
    assertEquals(Set.of("r2f1"), drawn(before, PCIE, Scope.ANYWHERE, Set.of()));
    TierNodeIndex.Snapshot after = index.current();
    assertNotEquals(before, after);
    assertEquals(1, after.count("pcie-ssd"));
    assertEquals(Set.of("none"), drawn(after, PCIE, new Scope.InRack("/r1"), Set.of()));
  }

  @Test
  void anAddedNodeIsIndexedAtOnce() {
    TierNodeIndex.Snapshot before = index.current();
    topology.add(node("r1f5", "/r1", StorageType.SSD));
    TierNodeIndex.Snapshot after = index.current();
    assertNotEquals(before, after);
    assertEquals(Set.of("r1f1", "r1f5"), drawn(after, PCIE, new Scope.InRack("/r1"), Set.of()));
  }

  @Test
  void aNodeReplacedByAnotherIsSeenWhenAPickMeetsItOrWithinASecond() {
    TierNodeIndex.Snapshot before = index.current();
    topology.remove(host("r1h4"));
    topology.add(node("r1h9", "/r1"));
    assertSame(before, index.current(), "same node count, nothing met yet: the index is kept");
    clock.addAndGet(TierNodeIndex.REBUILD_NANOS);
    TierNodeIndex.Snapshot aged = index.current();
    assertNotEquals(before, aged);
    assertEquals(Set.of("r1f1", "r1s2", "r1h3", "r1h9"), drawn(aged, HDD, new Scope.InRack("/r1"), Set.of()));

    topology.remove(host("r1h9"));
    topology.add(node("r1h8", "/r1"));
    assertSame(aged, index.current());
    assertTrue(drawn(aged, HDD, new Scope.InRack("/r1"), Set.of()).contains("r1h3"));
    TierNodeIndex.Snapshot met = index.current();
    assertNotEquals(aged, met, "a pick met the removed node, so the index is rebuilt without waiting");
    assertEquals(Set.of("r1f1", "r1s2", "r1h3", "r1h8"), drawn(met, HDD, new Scope.InRack("/r1"), Set.of()));
  }

  @Test
  void decommissioningNodesAreNotOffered() {
    host("r1f1").startDecommission();
    assertEquals(Set.of("r2f1"), drawn(index.current(), PCIE, Scope.ANYWHERE, Set.of()));
    host("r2f1").startMaintenance();
    assertNull(index.current().random(PCIE, Scope.ANYWHERE, Set.of()));
    host("r1f1").stopDecommission();
    assertNotNull(index.current().random(PCIE, Scope.ANYWHERE, Set.of()));
  }

  @Test
  void aVolumeAddedToANodeJoinsItsTierWithinASecond() {
    TierNodeIndex.Snapshot before = index.current();
    DatanodeDescriptor disksOnly = host("r2h3");
    BlockManagerTestUtil.updateStorage(disksOnly,
        new DatanodeStorage("DS-r2h3-ssd", DatanodeStorage.State.NORMAL, StorageType.SSD));
    assertSame(before, index.current());
    assertEquals(Set.of("r2s2"), drawn(before, SATA, new Scope.InRack("/r2"), Set.of()));
    clock.addAndGet(TierNodeIndex.REBUILD_NANOS);
    assertEquals(Set.of("r2s2", "r2h3"), drawn(index.current(), SATA, new Scope.InRack("/r2"), Set.of()));
  }
}
