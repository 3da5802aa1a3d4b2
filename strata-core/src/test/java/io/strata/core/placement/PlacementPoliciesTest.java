package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.Presets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PlacementPoliciesTest {
  private static final Set<String> FLASH = Set.of("pcie-ssd", "sata-ssd");

  @ParameterizedTest
  @ValueSource(doubles = {0, 0.2, 0.5, 0.8, 1})
  void ratioPutsExactlyRoundPnBlocksWhollyOnFlashSpreadOverTheFile(double p) {
    PolicyHarness h = new PolicyHarness("hats");
    RatioPolicy policy = (RatioPolicy) PlacementPolicies.parse("ratio:" + p, h.spec.tierMap());
    int blocks = 37;
    List<List<Replica>> file = h.write(policy, "/f", blocks, 3, "r1n2");
    int flashBlocks = 0;
    int[] flashPrefix = new int[blocks + 1];
    for (int i = 0; i < blocks; i++) {
      Set<String> tiers = PolicyHarness.tiers(file.get(i));
      boolean flash = FLASH.containsAll(tiers);
      assertTrue(flash || !tiers.stream().anyMatch(FLASH::contains), "block " + i + " mixes zones: " + tiers);
      assertEquals(policy.isFlashBlock(i), flash, "block " + i);
      flashBlocks += flash ? 1 : 0;
      flashPrefix[i + 1] = flashBlocks;
      assertEquals(3, PolicyHarness.hosts(file.get(i)).size());
      assertTrue(PolicyHarness.racks(file.get(i)).size() >= 2, "block " + i + " in one rack");
    }
    assertEquals(Math.round(blocks * p), flashBlocks);
    // Every window of the file holds its share of flash blocks, +-1: the zones are spread, not split in halves.
    for (int from = 0; from < blocks; from++) {
      for (int to = from + 1; to <= blocks; to++) {
        double expected = (to - from) * p;
        int actual = flashPrefix[to] - flashPrefix[from];
        assertTrue(Math.abs(actual - expected) <= 1.0 + 1e-9,
            "blocks " + from + ".." + to + ": " + actual + " vs " + expected);
      }
    }
    assertTrue(h.fallbacks.isEmpty());
  }

  @Test
  void tierAwareSpreadsEachFileOverFastSlowAndIntermediateTiersAndTwoRacks() {
    PolicyHarness h = new PolicyHarness("hats");
    PlacementPolicy policy = PlacementPolicies.parse("tier-aware", h.spec.tierMap());
    for (int f = 0; f < 20; f++) {
      List<List<Replica>> file = h.write(policy, "/t/" + f, 6, 3, null);
      for (List<Replica> block : file) {
        assertEquals(Set.of("pcie-ssd", "sata-ssd", "hdd"), PolicyHarness.tiers(block));
        assertEquals("pcie-ssd", block.get(0).tier(), "first replica on the fast tier");
        assertEquals("hdd", block.get(1).tier(), "second on the slow tier");
        assertEquals(3, PolicyHarness.hosts(block).size());
        assertTrue(PolicyHarness.racks(block).size() >= 2);
      }
    }
  }

  @Test
  void tierAwareWithTwoTiersKeepsEachFileOnTheSameTiersForEveryBlock() {
    PolicyHarness h = new PolicyHarness("hdfsh");
    PlacementPolicy policy = PlacementPolicies.parse("tier-aware", h.spec.tierMap());
    Map<String, Integer> thirdTier = new HashMap<>();
    for (int f = 0; f < 40; f++) {
      List<List<Replica>> file = h.write(policy, "/two/" + f, 5, 3, null);
      String third = file.get(0).get(2).tier();
      thirdTier.merge(third, 1, Integer::sum);
      for (List<Replica> block : file) {
        assertEquals(List.of("ssd", "hdd", third), block.stream().map(Replica::tier).toList());
      }
    }
    assertEquals(2, thirdTier.size(), "the third replica's tier is drawn per file: " + thirdTier);
  }

  @Test
  void hybridStartsOnTheWriterThenAnotherRackAndTierThenRackLocalOnTheThirdTier() {
    PolicyHarness h = new PolicyHarness("hats");
    PlacementPolicy policy = PlacementPolicies.parse("hybrid", h.spec.tierMap());
    for (String writer : List.of("r1n1", "r2n2", "r3n3")) {
      for (List<Replica> block : h.write(policy, "/h/" + writer, 8, 3, writer)) {
        Replica first = block.get(0);
        Replica second = block.get(1);
        Replica third = block.get(2);
        assertEquals(writer, first.host());
        assertEquals(writer.endsWith("n1") ? "pcie-ssd" : "sata-ssd", first.tier(), "the writer's fastest tier");
        assertFalse(second.rack().equals(first.rack()));
        assertFalse(second.tier().equals(first.tier()));
        assertEquals(3, PolicyHarness.tiers(block).size());
        assertTrue(third.rack().equals(first.rack()) || third.rack().equals(second.rack()));
      }
    }
  }

  @Test
  void primaryBackupKeepsOnlyTheFirstReplicaOnPrimaryVolumes() {
    PolicyHarness h = new PolicyHarness("energy");
    PlacementPolicy policy = PlacementPolicies.parse("primary-backup", h.spec.tierMap());
    for (List<Replica> block : h.write(policy, "/e", 10, 3, "e2")) {
      assertEquals("primary", block.get(0).tier());
      assertEquals("e2", block.get(0).host());
      assertEquals("backup", block.get(1).tier());
      assertEquals("backup", block.get(2).tier());
      assertEquals(3, PolicyHarness.hosts(block).size());
    }
  }

  @Test
  void aFullFlashTierFallsBackToTheNextTierAndReportsIt() {
    PolicyHarness h = new PolicyHarness("hats");
    h.model.nodes().forEach(n -> n.tiers().stream().filter(FLASH::contains).toList()
        .forEach(t -> h.model.setFree(n.host(), t, PolicyHarness.BLOCK - 1)));
    PlacementPolicy policy = PlacementPolicies.parse("ratio:1", h.spec.tierMap());
    List<List<Replica>> file = h.write(policy, "/full", 4, 3, null);
    for (List<Replica> block : file) {
      assertEquals(Set.of("hdd"), PolicyHarness.tiers(block));
      assertEquals(3, block.size(), "a full tier never costs a replica");
    }
    assertEquals(12, h.fallbacks.size());
    assertEquals("hdd", h.fallbacks.get(0).usedTier());
  }

  @Test
  void reReplicationRestoresTheMissingTier() {
    PolicyHarness h = new PolicyHarness("hats");
    PlacementPolicy tierAware = PlacementPolicies.parse("tier-aware", h.spec.tierMap());
    List<Replica> block = h.write(tierAware, "/r", 1, 3, null).get(0);
    Replica lost = block.get(2);
    List<Replica> restored = h.repair(tierAware, "/r", List.of(block.get(0), block.get(1)), 3);
    assertEquals(1, restored.size());
    assertEquals(lost.tier(), restored.get(0).tier());

    PlacementPolicy ratio = PlacementPolicies.parse("ratio:0.5", h.spec.tierMap());
    List<List<Replica>> file = h.write(ratio, "/r2", 2, 3, null);
    for (List<Replica> b : file) {
      boolean flash = FLASH.contains(b.get(0).tier());
      Replica replacement = h.repair(ratio, "/r2", b.subList(1, 3), 3).get(0);
      assertEquals(flash, FLASH.contains(replacement.tier()), "re-replication keeps the block's zone");
    }
  }

  @Test
  void misconfiguredPoliciesAreRefusedWithTheReason() {
    var hats = Presets.load("hats").tierMap();
    assertTrue(assertThrows(ConfigException.class, () -> PlacementPolicies.parse("ratio:1.5", hats)).getMessage()
        .contains("within [0, 1]"));
    assertTrue(assertThrows(ConfigException.class, () -> PlacementPolicies.parse("ratio:half", hats)).getMessage()
        .contains("must be a number"));
    assertTrue(assertThrows(ConfigException.class, () -> PlacementPolicies.parse("fastest", hats)).getMessage()
        .contains("unknown placement policy 'fastest'"));
    assertTrue(assertThrows(ConfigException.class, () -> PlacementPolicies.parse("primary-backup", hats)).getMessage()
        .contains("no backup tier"));
    var energy = Presets.load("energy").tierMap();
    assertTrue(assertThrows(ConfigException.class, () -> PlacementPolicies.parse("ratio:0.5", energy)).getMessage()
        .contains("no SSD tier"));
  }
}
