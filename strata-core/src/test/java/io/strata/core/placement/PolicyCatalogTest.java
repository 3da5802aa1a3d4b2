package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.tier.TierMap;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What the catalog and a policy say of themselves, and adding a policy as the checklist says. */
class PolicyCatalogTest {

  /** A policy that exists only here: every replica on the fastest primary tier, the next ones as fallbacks. */
  static final class FastestTierPolicy extends ReplicaByReplicaPolicy {
    @Override
    public String name() {
      return "fastest";
    }

    @Override
    protected List<Attempt> attempts(PlacementRequest request, List<Replica> placed, TargetChooser chooser) {
      String fastest = TierChoices.primaryNames(chooser.tiers()).get(0);
      return RackScopes.tierFirst(TierChoices.primaryWithFallbacks(fastest, chooser.tiers()),
          RackScopes.networkAware(request, placed));
    }
  }

  @Test
  void aPolicyAddedToACatalogParsesFromARulePlacesBlocksAndIsListed() {
    PlacementPolicies catalog = PlacementPolicies.STANDARD.plus(new PlacementPolicies.Entry("fastest",
        "every replica on the fastest tier", (text, tiers) -> new FastestTierPolicy()));
    PolicyHarness h = new PolicyHarness("hats");
    TierMap tiers = h.spec.tierMap();

    PlacementRules rules = PlacementRules.of(List.of(new PlacementRules.Rule("/fast", "fastest")), tiers, catalog);
    PlacementPolicy policy = rules.policyFor("/fast/a");
    assertInstanceOf(FastestTierPolicy.class, policy);
    for (List<Replica> block : h.write(policy, "/fast/a", 4, 3, null)) {
      assertEquals(Set.of("pcie-ssd"), PolicyHarness.tiers(block), "hats has a PCIe node in each of its racks");
      assertEquals(3, PolicyHarness.racks(block).size());
    }
    assertTrue(h.fallbacks.isEmpty());

    assertEquals("fastest", catalog.syntaxes().get(catalog.syntaxes().size() - 1));
    assertFalse(PlacementPolicies.STANDARD.syntaxes().contains("fastest"), "the standard catalog stays as it is");
    ConfigException unknown = assertThrows(ConfigException.class, () -> PlacementPolicies.parse("fastest", tiers));
    assertTrue(unknown.getMessage().contains("known: " + String.join(", ", PlacementPolicies.NAMES)),
        unknown.getMessage());
  }

  @Test
  void everyStandardPolicyHasADescriptionAKeywordOfItsOwnAndParsesByIt() {
    TierMap tiers = new PolicyHarness("hats").spec.tierMap();
    Set<String> keywords = new HashSet<>();
    for (PlacementPolicies.Entry entry : PlacementPolicies.STANDARD.entries()) {
      assertFalse(entry.description().isBlank(), entry.syntax());
      assertTrue(keywords.add(entry.keyword()), "two policies start with " + entry.keyword());
    }
    assertTrue(keywords.containsAll(List.of("ratio", "layout")), "a parameter follows the keyword: " + keywords);
    assertEquals("layout:pcie-ssd+hdd", PlacementPolicies.parse(" layout:hdd+pcie-ssd ", tiers).name());
    assertEquals("ratio:0.25", PlacementPolicies.parse("ratio:0.25", tiers).name());
  }

  @Test
  void aPolicyTellsWhetherItFixesAFileLayout() {
    TierMap tiers = new PolicyHarness("hats").spec.tierMap();
    PlacementPolicy tierAware = PlacementPolicies.parse("tier-aware", tiers);
    PlacementPolicy hybrid = PlacementPolicies.parse("hybrid", tiers);
    PlacementPolicy layout = PlacementPolicies.parse("layout:hdd+pcie-ssd", tiers);

    TierLayout byPath = TierLayout.of(TierAwarePolicy.tiersFor("/f", tiers.tiers(), 3), tiers);
    assertEquals(Optional.of(byPath), tierAware.fileLayout("/f", tiers, 3));
    assertEquals(Optional.of(byPath), tierAware.layoutForWrittenFile("/f", tiers, 3));
    // Hybrid's tiers depend on the writer: none before a write; a written file starts on the fastest tier.
    assertEquals(Optional.empty(), hybrid.fileLayout("/f", tiers, 3));
    assertEquals("pcie-ssd", hybrid.layoutForWrittenFile("/f", tiers, 3).orElseThrow().tiers().get(0));
    assertEquals(Optional.of(new TierLayout(List.of("pcie-ssd", "hdd"))), layout.fileLayout("/f", tiers, 3));
    for (PlacementPolicy whole : List.of(tierAware, hybrid, layout)) {
      assertTrue(whole.keepsWholeFile(), whole.name());
      assertFalse(whole.leavesPlacementToHdfs(), whole.name());
    }

    for (String name : List.of("default", "network", "ratio:0.5")) {
      PlacementPolicy policy = PlacementPolicies.parse(name, tiers);
      assertFalse(policy.keepsWholeFile(), name);
      assertEquals(Optional.empty(), policy.fileLayout("/f", tiers, 3), name);
      assertEquals(Optional.empty(), policy.layoutForWrittenFile("/f", tiers, 3), name);
      assertEquals(name.equals("default"), policy.leavesPlacementToHdfs(), name);
    }
  }
}
