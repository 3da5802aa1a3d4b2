package io.strata.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.Presets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

/** Adding a retrieval policy as the checklist says: one class, one catalog entry. */
class RetrievalCatalogTest {

  /** A policy that exists only here: the replica on the fastest tier first, by the tiers' weights. */
  static final class FastestFirst implements RetrievalPolicy {
    private final RetrievalSettings settings;

    FastestFirst(RetrievalSettings settings) {
      this.settings = settings;
    }

    @Override
    public String name() {
      return "fastest-first";
    }

    @Override
    public List<ReplicaChoice> order(String readerHost, String readerRack, List<ReplicaChoice> replicas,
        RandomGenerator random) {
      List<ReplicaChoice> ordered = new ArrayList<>(replicas);
      ordered.sort(Comparator.comparingDouble((ReplicaChoice r) -> settings.weight(r.tier())).reversed());
      return ordered;
    }
  }

  @Test
  void aPolicyAddedToACatalogIsMadeByNameOrdersReplicasAndIsListed() {
    RetrievalPolicies catalog = RetrievalPolicies.STANDARD.plus(new RetrievalPolicies.Entry("fastest-first",
        "the replica on the fastest tier first", FastestFirst::new));
    RetrievalSettings settings = RetrievalSettings.defaults(Presets.load("hats"));
    ReplicaChoice hdd = new ReplicaChoice("r1n2", "/rack1", "hdd", 0);
    ReplicaChoice pcie = new ReplicaChoice("r2n1", "/rack2", "pcie-ssd", 0);
    ReplicaChoice sata = new ReplicaChoice("r3n2", "/rack3", "sata-ssd", 0);

    RetrievalPolicy policy = catalog.create(" fastest-first ", settings);
    assertEquals(List.of(pcie, sata, hdd), policy.order("r1n2", "/rack1", List.of(hdd, pcie, sata),
        new SplittableRandom(1)));
    List<String> expected = new ArrayList<>(RetrievalPolicies.NAMES);
    expected.add("fastest-first");
    assertEquals(expected, catalog.names());
    assertFalse(RetrievalPolicies.NAMES.contains("fastest-first"), "the standard catalog stays as it is");
    ConfigException e = assertThrows(ConfigException.class, () -> RetrievalPolicies.parse("fastest-first", settings));
    assertTrue(e.getMessage().contains("known: " + String.join(", ", RetrievalPolicies.NAMES)), e.getMessage());
  }
}
