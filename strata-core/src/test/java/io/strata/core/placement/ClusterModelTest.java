package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.model.ClusterModel;
import io.strata.core.spec.Presets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The model's chooser draws nodes at random and redraws misses before it scans; these checks hold it to the
 * behaviour of a scan: uniform over the qualifying nodes, never a node that does not qualify, null when none does.
 */
class ClusterModelTest {
  private static final long BLOCK = 8L << 20;
  private static final int DRAWS = 6000;

  /** Chooses one replica many times, giving the space back each time, and counts the hosts chosen. */
  private static Map<String, Integer> counts(ClusterModel model, List<String> tiers, Scope scope, Set<String> holders) {
    Random random = new Random(5);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      Replica chosen = model.chooser(BLOCK, holders, random).choose(tiers, scope);
      if (chosen == null) {
        counts.merge("none", 1, Integer::sum);
        continue;
      }
      counts.merge(chosen.host(), 1, Integer::sum);
      model.release(chosen, BLOCK);
    }
    return counts;
  }

  /** Each expected host gets 1/n of the draws, within four standard deviations; no other host appears. */
  private static void assertUniform(Set<String> expected, Map<String, Integer> counts) {
    assertEquals(expected, counts.keySet());
    double p = 1.0 / expected.size();
    double sigma = Math.sqrt(DRAWS * p * (1 - p));
    for (String host : expected) {
      assertTrue(Math.abs(counts.get(host) - DRAWS * p) <= 4 * sigma, host + ": " + counts);
    }
  }

  @Test
  void aFullNodeIsNeverChosenAndTheRestShareTheDrawsEqually() {
    ClusterModel model = new ClusterModel(Presets.load("hats"));
    model.setFree("r1n2", "sata-ssd", BLOCK - 1);
    assertUniform(Set.of("r1n3", "r2n2", "r2n3", "r3n2", "r3n3"),
        counts(model, List.of("sata-ssd"), Scope.ANYWHERE, Set.of()));
  }

  @Test
  void scopesAndHoldersLimitTheChoice() {
    ClusterModel model = new ClusterModel(Presets.load("hats"));
    assertUniform(Set.of("r2n1", "r2n3"), counts(model, List.of("hdd"), new Scope.InRack("/rack2"), Set.of("r2n2")));
    assertUniform(Set.of("r2n1", "r2n2", "r2n3", "r3n1", "r3n2", "r3n3"),
        counts(model, List.of("hdd"), new Scope.OutsideRacks(Set.of("/rack1")), Set.of()));
    assertEquals(Map.of("r3n1", DRAWS), counts(model, List.of("pcie-ssd"), new Scope.OnHost("r3n1"), Set.of()));
    assertEquals(Map.of("none", DRAWS), counts(model, List.of("pcie-ssd"), new Scope.OnHost("r3n2"), Set.of()));
  }

  @Test
  void theOneNodeLeftIsFoundWhenRandomDrawsKeepMissing() {
    ClusterModel model = new ClusterModel(Presets.load("hats"));
    for (ClusterModel.Node node : model.nodes()) {
      if (!node.host().equals("r3n3")) {
        model.setFree(node.host(), "hdd", 0);
      }
    }
    assertEquals(Map.of("r3n3", DRAWS), counts(model, List.of("hdd"), Scope.ANYWHERE, Set.of()));
    model.setFree("r3n3", "hdd", 0);
    assertEquals(Map.of("none", DRAWS), counts(model, List.of("hdd"), Scope.ANYWHERE, Set.of()));
  }

  @Test
  void severalTiersAreUsedInProportionToTheirNodesAndSpaceIsReserved() {
    ClusterModel model = new ClusterModel(Presets.load("hats"));
    Random random = new Random(9);
    Map<String, Integer> tiers = new HashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      Replica chosen = model.chooser(BLOCK, Set.of(), random).choose(List.of("pcie-ssd", "sata-ssd"), Scope.ANYWHERE);
      tiers.merge(chosen.tier(), 1, Integer::sum);
      model.release(chosen, BLOCK);
    }
    // 3 PCIe nodes, 6 SATA nodes: a node is drawn uniformly, then one of its wanted tiers.
    double sigma = Math.sqrt(DRAWS * (1 / 3.0) * (2 / 3.0));
    assertTrue(Math.abs(tiers.get("pcie-ssd") - DRAWS / 3.0) <= 4 * sigma, tiers.toString());

    long before = model.node("r1n1").free("pcie-ssd");
    Replica placed = model.chooser(BLOCK, Set.of(), random).choose(List.of("pcie-ssd"), new Scope.OnHost("r1n1"));
    assertEquals(before - BLOCK, model.node("r1n1").free("pcie-ssd"));
    model.release(placed, BLOCK);
    assertEquals(before, model.node("r1n1").free("pcie-ssd"));
    model.kill("r1n1");
    assertNull(model.chooser(BLOCK, Set.of(), random).choose(List.of("pcie-ssd"), new Scope.InRack("/rack1")));
    assertEquals(3, model.rackCount());
  }
}
