package io.strata.bench.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.core.retrieval.RetrievalSettings;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.Tier;
import org.junit.jupiter.api.Test;

class HostRetrievalBenchmarkTest {
  private static final ClusterSpec HATS = SpecParser.parse("hats", Presets.text("hats"));

  @Test
  void scaledWeightsAreEveryTiersRateAtTheScaleAndParseAsThePluginKey() {
    String weights = HostRetrievalBenchmark.scaledTierWeights(HATS, 0.1);
    RetrievalSettings settings = RetrievalSettings.defaults(HATS).withWeights(weights, HATS.tierMap());

    for (Tier tier : HATS.tierMap().tiers()) {
      assertEquals(tier.readMBps() * 0.1, settings.weight(tier.name()), 1e-3, tier.name());
    }
  }

  @Test
  void fullSpeedLeavesTheSpecsWeightsAndANonPositiveScaleIsRefused() {
    assertNull(HostRetrievalBenchmark.scaledTierWeights(HATS, 1));
    assertThrows(IllegalArgumentException.class, () -> HostRetrievalBenchmark.scaledTierWeights(HATS, 0));
  }
}
