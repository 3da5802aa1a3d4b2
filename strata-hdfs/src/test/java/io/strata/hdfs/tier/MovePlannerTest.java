package io.strata.hdfs.tier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.hdfs.tier.MovePlanner.Blocked;
import io.strata.hdfs.tier.MovePlanner.Candidate;
import io.strata.hdfs.tier.MovePlanner.Done;
import io.strata.hdfs.tier.MovePlanner.Holder;
import io.strata.hdfs.tier.MovePlanner.Move;
import io.strata.hdfs.tier.MovePlanner.Step;
import io.strata.hdfs.tier.MovePlanner.WaitForNameNode;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The next-move decision on the hats layout: rXn1 have PCIe SSD + HDD, rXn2 and rXn3 SATA SSD + HDD. */
class MovePlannerTest {
  private static final long MB = 1 << 20;

  private static Holder on(String host, String tier) {
    return new Holder(host, host, "/rack" + host.charAt(1), tier, true);
  }

  /** Every volume of the hats nodes, each with {@code room} bytes free. */
  private static List<Candidate> hats(long room) {
    List<Candidate> volumes = new ArrayList<>();
    for (int rack = 1; rack <= 3; rack++) {
      for (int node = 1; node <= 3; node++) {
        String host = "r" + rack + "n" + node;
        volumes.add(new Candidate(host, host, "/rack" + rack, node == 1 ? "pcie-ssd" : "sata-ssd", room));
        volumes.add(new Candidate(host, host, "/rack" + rack, "hdd", room));
      }
    }
    return volumes;
  }

  @Test
  void aBlockOnItsTiersIsDone() {
    Step step = MovePlanner.next(List.of(on("r1n1", "pcie-ssd"), on("r2n2", "hdd"), on("r2n3", "hdd")),
        List.of("pcie-ssd", "hdd", "hdd"), hats(100 * MB), MB);
    assertInstanceOf(Done.class, step);
  }

  @Test
  void promotionCopiesToAnotherNodeOfTheTierInTheReplacedReplicasRack() {
    Step step = MovePlanner.next(List.of(on("r1n2", "hdd"), on("r2n2", "hdd"), on("r2n3", "hdd")),
        List.of("pcie-ssd", "hdd", "hdd"), hats(100 * MB), MB);
    Move move = assertInstanceOf(Move.class, step);
    assertEquals("pcie-ssd", move.target().tier());
    assertTrue(!move.sameNode());
    assertEquals(move.source().rack(), move.target().rack(), "the replaced replica's rack keeps a replica");
  }

  @Test
  void neverDropsARackWhenTheReplacedReplicaIsAloneInItsRack() {
    // The extra SATA replica is alone in rack1 and rack1's PCIe node is full: a copy to rack2's PCIe node would
    // leave the block in rack2 only (HDFS would then refuse the delete hint), so it goes to rack3's.
    List<Candidate> volumes = new ArrayList<>(hats(100 * MB));
    volumes.replaceAll(v -> v.node().equals("r1n1") ? new Candidate(v.node(), v.host(), v.rack(), v.tier(), 0) : v);
    Step step = MovePlanner.next(List.of(on("r1n2", "sata-ssd"), on("r2n2", "hdd"), on("r2n3", "hdd")),
        List.of("pcie-ssd", "hdd", "hdd"), volumes, MB);
    Move move = assertInstanceOf(Move.class, step);
    assertEquals("r1n2", move.source().node());
    assertEquals("r3n1", move.target().node());
  }

  @Test
  void whenEveryNodeOfTheTierHoldsTheBlockTheReplicaMovesBetweenItsNodesVolumes() {
    // Layout all-PCIe: the three PCIe nodes hold the block on their HDDs.
    Step step = MovePlanner.next(List.of(on("r1n1", "hdd"), on("r2n1", "hdd"), on("r3n1", "hdd")),
        List.of("pcie-ssd", "pcie-ssd", "pcie-ssd"), hats(100 * MB), MB);
    Move move = assertInstanceOf(Move.class, step);
    assertTrue(move.sameNode(), move.toString());
    assertEquals("pcie-ssd", move.target().tier());
  }

  @Test
  void aNodeOfTheWantedTierHoldingANeededReplicaMakesRoomFirst() {
    // Wanted: pcie-ssd + hdd + hdd. The PCIe nodes r1n1, r2n1, r3n1 hold the block (on HDD) and the extra
    // replica is r1n2's SATA one: the only way is for a PCIe node to move its replica onto its PCIe volume and
    // for the SATA replica to go to an HDD next.
    Step step = MovePlanner.next(
        List.of(on("r1n1", "hdd"), on("r2n1", "hdd"), on("r3n1", "hdd"), on("r1n2", "sata-ssd")),
        List.of("pcie-ssd", "hdd", "hdd", "hdd"), hats(100 * MB), MB);
    Move move = assertInstanceOf(Move.class, step);
    assertTrue(move.sameNode());
    assertEquals("pcie-ssd", move.target().tier());
    assertEquals("hdd", move.source().tier());
  }

  @Test
  void missingReplicasAndExtraReplicasAreTheNameNodes() {
    assertInstanceOf(WaitForNameNode.class, MovePlanner.next(List.of(on("r1n2", "hdd"), on("r2n2", "hdd")),
        List.of("pcie-ssd", "hdd", "hdd"), hats(100 * MB), MB));
    assertInstanceOf(WaitForNameNode.class, MovePlanner.next(
        List.of(on("r1n1", "pcie-ssd"), on("r2n2", "hdd"), on("r2n3", "hdd"), on("r3n3", "hdd")),
        List.of("pcie-ssd", "hdd", "hdd"), hats(100 * MB), MB));
    // Over-replicated and off its tiers: the NameNode first deletes the replica an earlier move replaced.
    assertInstanceOf(WaitForNameNode.class, MovePlanner.next(
        List.of(on("r1n2", "sata-ssd"), on("r2n2", "hdd"), on("r2n3", "hdd"), on("r3n3", "hdd")),
        List.of("sata-ssd", "sata-ssd", "hdd"), hats(100 * MB), MB));
  }

  @Test
  void aFullTierBlocksWithTheReason() {
    List<Candidate> volumes = new ArrayList<>(hats(100 * MB));
    volumes.replaceAll(
        v -> v.tier().equals("pcie-ssd") ? new Candidate(v.node(), v.host(), v.rack(), v.tier(), MB / 2) : v);
    Step step = MovePlanner.next(List.of(on("r1n2", "hdd"), on("r2n2", "hdd"), on("r2n3", "hdd")),
        List.of("pcie-ssd", "hdd", "hdd"), volumes, MB);
    Blocked blocked = assertInstanceOf(Blocked.class, step);
    assertTrue(blocked.reason().contains("no DataNode of tier pcie-ssd (3 live)"), blocked.reason());
  }

  @Test
  void anUnreachableReplicaIsReplacedButNotCopiedFrom() {
    Holder dead = new Holder("r2n2", "r2n2", "/rack2", "hdd", false);
    Step step = MovePlanner.next(List.of(on("r1n2", "sata-ssd"), dead, on("r3n3", "hdd")),
        List.of("sata-ssd", "sata-ssd", "hdd"), hats(100 * MB), MB);
    Move move = assertInstanceOf(Move.class, step);
    assertEquals("sata-ssd", move.target().tier());
    assertTrue(move.source().tier().equals("hdd"));
    Step noneLeft = MovePlanner.next(List.of(new Holder("r1n2", "r1n2", "/rack1", "hdd", false)),
        List.of("sata-ssd"), hats(100 * MB), MB);
    assertInstanceOf(Blocked.class, noneLeft);
  }
}
