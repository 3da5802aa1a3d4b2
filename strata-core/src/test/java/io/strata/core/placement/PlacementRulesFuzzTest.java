package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.spec.Presets;
import io.strata.core.tier.TierMap;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Any text as placement rules, both as a rules document ({@code /.strata/placement-rules.yaml}, {@code --rules-file})
 * and as the inline {@code strata.placement.rules} key: parsed, or refused with a {@link ConfigException} naming the
 * input. Rules a cluster accepts must survive being written and read back, as {@code strata policy set} and the tier
 * API store them, and each must govern its own path.
 */
class PlacementRulesFuzzTest {
  private static final TierMap TIERS = Presets.load("hats").tierMap();

  @FuzzTest
  void parse(byte[] input) {
    String text = new String(input, StandardCharsets.UTF_8);
    try {
      applyAndStore(PlacementRules.parseDocument(ConfigNode.parse("fuzz.yaml", text)));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().startsWith("fuzz.yaml"), e.getMessage());
    }
    try {
      applyAndStore(PlacementRules.parseInline(text, "strata.placement.rules"));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().startsWith("strata.placement.rules"), e.getMessage());
    }
  }

  private static void applyAndStore(List<PlacementRules.Rule> rules) {
    PlacementRules applied;
    try {
      applied = PlacementRules.of(rules, TIERS);
    } catch (ConfigException e) {
      assertTrue(e.getMessage().startsWith("rule for /"), e.getMessage());
      return;
    }
    for (PlacementRules.Rule rule : applied.rules()) {
      assertEquals(rule, applied.ruleFor(rule.path()));
    }
    String document = PlacementRules.toDocument(applied.rules());
    assertEquals(applied.rules(), PlacementRules.parseDocument(ConfigNode.parse("written rules", document)),
        document);
  }
}
