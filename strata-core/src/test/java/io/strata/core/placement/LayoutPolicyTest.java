package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class LayoutPolicyTest {
  private final PolicyHarness h = new PolicyHarness("hats");
  private final TierMap tiers = h.spec.tierMap();

  @Test
  void everyBlockGetsTheLayoutsTiersOverTwoRacks() {
    PlacementPolicy policy = PlacementPolicies.parse("layout:hdd+pcie-ssd+hdd", tiers);
    assertEquals("layout:pcie-ssd+hdd+hdd", policy.name(), "canonical order: fastest tier first");
    for (int f = 0; f < 10; f++) {
      for (List<Replica> block : h.write(policy, "/l/" + f, 5, 3, "r1n2")) {
        List<String> blockTiers = new ArrayList<>(block.stream().map(Replica::tier).toList());
        blockTiers.sort(null);
        assertEquals(List.of("hdd", "hdd", "pcie-ssd"), blockTiers);
        assertEquals(3, PolicyHarness.hosts(block).size());
        assertTrue(PolicyHarness.racks(block).size() >= 2, "block in one rack: " + block);
      }
    }
    assertTrue(h.fallbacks.isEmpty());
  }

  @Test
  void reReplicationPutsTheLostReplicaBackOnItsTier() {
    PlacementPolicy policy = PlacementPolicies.parse("layout:sata-ssd+hdd+hdd", tiers);
    List<Replica> block = h.write(policy, "/r", 1, 3, null).get(0);
    Replica ssd = block.stream().filter(r -> r.tier().equals("sata-ssd")).findFirst().orElseThrow();
    List<Replica> survivors = block.stream().filter(r -> r != ssd).toList();
    assertEquals("sata-ssd", h.repair(policy, "/r", survivors, 3).get(0).tier());
    Replica hdd = block.stream().filter(r -> r.tier().equals("hdd")).findFirst().orElseThrow();
    assertEquals("hdd", h.repair(policy, "/r", block.stream().filter(r -> r != hdd).toList(), 3).get(0).tier());
  }

  @Test
  void layoutArithmeticKeepsTheCanonicalOrder() {
    TierLayout layout = TierLayout.parse("layout:hdd+hdd+hdd", tiers);
    TierLayout moved = layout.move("hdd", "pcie-ssd", 1, tiers);
    assertEquals("layout:pcie-ssd+hdd+hdd", moved.policyName());
    assertEquals("layout:pcie-ssd+sata-ssd+hdd+hdd", moved.plus("sata-ssd", tiers).policyName());
    assertEquals("layout:hdd+hdd", moved.without("pcie-ssd").policyName());
    assertEquals(List.of("pcie-ssd", "hdd"), moved.tiersFor(2));
    assertEquals(List.of("pcie-ssd", "hdd", "hdd", "hdd"), moved.tiersFor(4), "extra replicas on the slowest tier");
    assertEquals(List.of("hdd"), TierLayout.minus(List.of("pcie-ssd", "hdd", "hdd"), List.of("hdd", "pcie-ssd")));
    assertThrows(IllegalArgumentException.class, () -> layout.move("sata-ssd", "hdd", 1, tiers));
  }

  @Test
  void badLayoutsAreRefusedNamingTheTier() {
    ConfigException unknown = assertThrows(ConfigException.class,
        () -> PlacementPolicies.parse("layout:ssd+hdd", tiers));
    assertTrue(unknown.getMessage().contains("unknown tier 'ssd' (known: pcie-ssd, sata-ssd, hdd)"),
        unknown.getMessage());
    ConfigException empty = assertThrows(ConfigException.class, () -> PlacementPolicies.parse("layout:", tiers));
    assertTrue(empty.getMessage().contains("one tier per replica"), empty.getMessage());
    ConfigException blank = assertThrows(ConfigException.class,
        () -> PlacementPolicies.parse("layout:hdd++hdd", tiers));
    assertTrue(blank.getMessage().contains("empty tier name"), blank.getMessage());
  }

  @Test
  void perFileRulesAreFoundByPathAmongThousands() {
    List<PlacementRules.Rule> many = new ArrayList<>();
    for (int i = 0; i < 5000; i++) {
      many.add(new PlacementRules.Rule("/warehouse/t/part-" + i, "layout:pcie-ssd+hdd+hdd"));
    }
    many.add(new PlacementRules.Rule("/warehouse", "tier-aware"));
    many.add(new PlacementRules.Rule("/", "network"));
    PlacementRules rules = PlacementRules.of(many, tiers);
    assertEquals("layout:pcie-ssd+hdd+hdd", rules.ruleFor("/warehouse/t/part-4999").policy());
    assertEquals("tier-aware", rules.ruleFor("/warehouse/t/part-5000").policy());
    assertEquals("layout:pcie-ssd+hdd+hdd", rules.ruleFor("/warehouse/t/part-1/x").policy(), "a rule covers below it");
    assertEquals("network", rules.ruleFor("/elsewhere").policy());
    assertEquals("network", rules.ruleFor("/").policy());
  }
}
