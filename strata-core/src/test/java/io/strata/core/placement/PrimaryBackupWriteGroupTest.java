package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.energy.CurrentWriteGroup;
import io.strata.core.energy.WriteGroups;
import io.strata.core.model.ClusterModel;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** Backup replicas and the write group, on a modeled 4-rack, 20-node cluster (the simulator's chooser). */
class PrimaryBackupWriteGroupTest {
  private static final long BLOCK = 8L << 20;
  private final ClusterSpec spec = SpecParser.parse("test", spec(4, 5));
  private final ClusterModel model = new ClusterModel(spec);
  private final Random random = new Random(7);
  private final PlacementPolicy policy = PlacementPolicies.parse("primary-backup", spec.tierMap());
  private final List<String> hosts = model.nodes().stream().map(ClusterModel.Node::host).toList();
  private final double[] now = {0};
  private final CurrentWriteGroup group = new CurrentWriteGroup(WriteGroups.parse("25%/1h", "test").orElseThrow(),
      () -> hosts, () -> now[0]);
  private int outsideGroup;

  private static String spec(int racks, int perRack) {
    StringBuilder out = new StringBuilder("name: wg\ntiers:\n  - {name: primary, storageType: DISK}\n"
        + "  - {name: backup, storageType: ARCHIVE}\nracks:\n");
    for (int r = 1; r <= racks; r++) {
      out.append("  - name: /rack").append(r).append("\n    nodes:\n");
      for (int n = 1; n <= perRack; n++) {
        out.append("      - host: r").append(r).append('n').append(n).append("\n        volumes:\n")
            .append("          - {device: primary-disk, capacity: 1TB}\n")
            .append("          - {device: backup-array, capacity: 1TB, backup: true}\n");
      }
    }
    return out.toString();
  }

  private List<Replica> write(String writer) {
    Placement placement = policy.place(PlacementRequest.newBlock("/f", 0, 3, writer, model.node(writer).rack()),
        model.chooser(BLOCK, Set.of(), random));
    outsideGroup += placement.outsideWriteGroup();
    return placement.targets();
  }

  @Test
  void withoutAWriteGroupBackupsGoAnywhereAsBefore() {
    Set<String> backupHosts = new java.util.HashSet<>();
    for (int i = 0; i < 200; i++) {
      List<Replica> block = write(hosts.get(i % hosts.size()));
      block.subList(1, 3).forEach(r -> backupHosts.add(r.host()));
    }
    assertEquals(20, backupHosts.size());
    assertEquals(0, outsideGroup);
  }

  @Test
  void backupReplicasLandOnTheWriteGroupAndKeepTheRackRules() {
    model.useWriteGroup(group::members);
    for (int hour = 0; hour < 4; hour++) {
      now[0] = hour * 3600 + 1;
      Set<String> members = group.members();
      assertEquals(5, members.size());
      for (int i = 0; i < 100; i++) {
        String writer = hosts.get((i * 7) % hosts.size());
        List<Replica> block = write(writer);
        assertEquals(3, block.size());
        assertEquals("primary", block.get(0).tier());
        assertEquals(writer, block.get(0).host());
        for (Replica backup : block.subList(1, 3)) {
          assertEquals("backup", backup.tier());
          assertTrue(members.contains(backup.host()), backup + " outside the group " + members);
        }
        assertEquals(3, PolicyHarness.hosts(block).size());
        assertTrue(PolicyHarness.racks(block).size() >= 2, "block in one rack: " + block);
      }
    }
    assertEquals(0, outsideGroup);
  }

  @Test
  void aGroupThatCannotTakeTheReplicaFallsBackToAnyBackupAndTheBlockIsComplete() {
    model.useWriteGroup(group::members);
    now[0] = 10;
    List<String> members = new ArrayList<>(group.members());
    // Two members die, two are full: one member is left, so every block's second backup goes outside.
    model.kill(members.get(0));
    model.kill(members.get(1));
    model.setFree(members.get(2), "backup", BLOCK - 1);
    model.setFree(members.get(3), "backup", BLOCK - 1);
    String last = members.get(4);
    for (int i = 0; i < 50; i++) {
      String writer = hosts.stream().filter(h -> !members.contains(h)).toList().get(i % 15);
      List<Replica> block = write(writer);
      assertEquals(3, block.size(), "the group never costs a replica");
      assertEquals(Set.of("primary", "backup"), PolicyHarness.tiers(block));
      assertEquals(2, block.stream().filter(r -> r.tier().equals("backup")).count());
      assertTrue(PolicyHarness.hosts(block).contains(last), "the member that can take it does: " + block);
      assertTrue(PolicyHarness.racks(block).size() >= 2);
    }
    assertEquals(50, outsideGroup, "one backup per block went outside the group, counted");
    // The whole group gone: still full replication.
    model.setFree(last, "backup", BLOCK - 1);
    outsideGroup = 0;
    List<Replica> block = write(hosts.stream().filter(h -> !members.contains(h)).findFirst().orElseThrow());
    assertEquals(3, block.size());
    assertEquals(2, outsideGroup);
  }

  @Test
  void aWriterFromOutsideTheClusterGetsItsPrimaryOffTheGroup() {
    model.useWriteGroup(group::members);
    now[0] = 10;
    Set<String> members = group.members();
    for (int i = 0; i < 50; i++) {
      Placement placement = policy.place(PlacementRequest.newBlock("/f", i, 3, null, null),
          model.chooser(BLOCK, Set.of(), random));
      List<Replica> block = placement.targets();
      assertEquals(3, block.size());
      assertTrue(!members.contains(block.get(0).host()), "primary on a group node: " + block);
      assertTrue(members.contains(block.get(1).host()) && members.contains(block.get(2).host()), block.toString());
      assertEquals(0, placement.outsideWriteGroup());
    }
  }

  @Test
  void onThreeNodesAWriterInTheGroupGivesUpItsLocalPrimarySoNoBackupWakes() {
    ClusterSpec three = io.strata.core.spec.Presets.load("energy");
    ClusterModel small = new ClusterModel(three);
    List<String> nodes = List.of("e1", "e2", "e3");
    CurrentWriteGroup two = new CurrentWriteGroup(WriteGroups.parse("2/1h", "test").orElseThrow(), () -> nodes,
        () -> now[0]);
    small.useWriteGroup(two::members);
    PlacementPolicy onThree = PlacementPolicies.parse("primary-backup", three.tierMap());
    for (int hour = 0; hour < 3; hour++) {
      now[0] = hour * 3600 + 5;
      Set<String> members = two.members();
      String writer = members.iterator().next();
      Placement placement = onThree.place(PlacementRequest.newBlock("/f", hour, 3, writer, "/rack1"),
          small.chooser(BLOCK, Set.of(), random));
      List<Replica> block = placement.targets();
      assertEquals(3, block.size());
      assertEquals("primary", block.get(0).tier());
      assertTrue(!members.contains(block.get(0).host()), "the primary leaves the group's nodes to the backups");
      assertEquals(members, Set.of(block.get(1).host(), block.get(2).host()));
      assertEquals(0, placement.outsideWriteGroup());
    }
  }

  @Test
  void reReplicationPrefersTheGroupToo() {
    model.useWriteGroup(group::members);
    now[0] = 7300;
    Set<String> members = group.members();
    String survivorHost = hosts.stream().filter(h -> !members.contains(h)).findFirst().orElseThrow();
    Replica survivor = new Replica(survivorHost, model.node(survivorHost).rack(), "primary");
    PlacementRequest request = new PlacementRequest("/f", -1, 3, 2, List.of(survivor), null, null);
    List<Replica> added = policy.place(request, model.chooser(BLOCK, Set.of(survivorHost), random)).targets();
    assertEquals(2, added.size());
    assertTrue(added.stream().allMatch(r -> members.contains(r.host()) && r.tier().equals("backup")), added
        .stream().map(Replica::host).collect(Collectors.joining(",")));
  }
}
