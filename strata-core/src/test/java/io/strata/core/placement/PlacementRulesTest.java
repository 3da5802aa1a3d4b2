package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.spec.Presets;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PlacementRulesTest {
  private final TierMap hats = Presets.load("hats").tierMap();

  @Test
  void theMostSpecificPrefixWinsAndOnlyAtPathBoundaries() {
    PlacementRules rules = PlacementRules.of(
        PlacementRules.parseInline("/data=ratio:0.2; /data/hot=tier-aware, /data/hot/x/=hybrid", "test"), hats);
    assertEquals("ratio:0.2", rules.ruleFor("/data/cold/f").policy());
    assertEquals("tier-aware", rules.ruleFor("/data/hot/f").policy());
    assertEquals("hybrid", rules.ruleFor("/data/hot/x/y").policy());
    assertEquals("hybrid", rules.ruleFor("/data/hot/x").policy());
    assertEquals("default", rules.ruleFor("/database/f").policy(), "/data does not cover /database");
    assertEquals("default", rules.ruleFor("/other").policy());
    assertEquals("tier-aware", rules.policyFor("/data/hot/f").name());
  }

  @Test
  void onlyPrefixesAtPathBoundariesMatchWhateverTheLengthsOfTheRulePaths() {
    PlacementRules rules = PlacementRules.of(PlacementRules.parseInline(
        "/=hybrid; /a/bb=tier-aware; /a/bb/c.dat=ratio:0.2; /xyz=ratio:1", "test"), hats);
    assertEquals("ratio:0.2", rules.ruleFor("/a/bb/c.dat").policy(), "a per-file rule");
    assertEquals("tier-aware", rules.ruleFor("/a/bb/c.dat2").policy());
    assertEquals("tier-aware", rules.ruleFor("/a/bb/").policy());
    assertEquals("ratio:0.2", rules.ruleFor("/a/bb/c.dat/d").policy());
    assertEquals("hybrid", rules.ruleFor("/a/b").policy());
    assertEquals("hybrid", rules.ruleFor("/a/bbb/c").policy(), "/a/bb is as long as /a/bbb's prefix /a/bb");
    assertEquals("hybrid", rules.ruleFor("/xy/z").policy(), "/xyz has the length of /xy/, not its path");
    assertEquals("ratio:1", rules.ruleFor("/xyz/q").policy());
    assertEquals("hybrid", rules.ruleFor("/").policy());
    assertEquals("hybrid", rules.ruleFor("relative/xyz").policy());
    assertEquals("ratio:1", rules.policyOf(rules.ruleFor("/xyz")).name());
  }

  @Test
  void aBadRuleIsRefusedWhenTheRulesAreBuiltNamingTheRule() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> PlacementRules.of(PlacementRules.parseInline("/a=tier-aware;/b=ratio:2", "strata.placement.rules"),
            hats));
    assertTrue(e.getMessage().startsWith("rule for /b: policy 'ratio:2'"), e.getMessage());
    ConfigException relative = assertThrows(ConfigException.class,
        () -> PlacementRules.parseInline("data=hybrid", "strata.placement.rules"));
    assertTrue(relative.getMessage().contains("must be absolute"), relative.getMessage());
    ConfigException noEquals = assertThrows(ConfigException.class,
        () -> PlacementRules.parseInline("/data hybrid", "strata.placement.rules"));
    assertTrue(noEquals.getMessage().contains("not PATH=POLICY"), noEquals.getMessage());
  }

  @Test
  void rulesDescribeThemselvesAsInlineRulesReadThem() {
    PlacementRules rules = PlacementRules.of(PlacementRules.parseInline("/data=ratio:0.5;/logs=default", "t"), hats);
    assertEquals("/data=ratio:0.5, /logs=default", rules.describe());
    assertEquals(rules.rules(), PlacementRules.parseInline(rules.describe(), "t"));
    assertEquals("none", PlacementRules.none(hats).describe());
  }

  @Test
  void documentsRoundTripAndBadDocumentsNameTheLine() {
    List<PlacementRules.Rule> rules = List.of(new PlacementRules.Rule("/a b", "ratio:0.5"),
        new PlacementRules.Rule("/it's", "hybrid"));
    String text = PlacementRules.toDocument(rules);
    assertEquals(rules, PlacementRules.parseDocument(ConfigNode.parse("rules.yaml", text)));
    ConfigException e = assertThrows(ConfigException.class, () -> PlacementRules.parseDocument(
        ConfigNode.parse("rules.yaml", "rules:\n  - {path: /x, policy: hybrid}\n  - {path: y, policy: hybrid}\n")));
    assertTrue(e.getMessage().startsWith("rules.yaml:3:"), e.getMessage());
  }

  @Test
  void pathsWithControlCharactersAndLineBreaksRoundTrip() {
    // Found by PlacementRulesFuzzTest: a NUL in an inline rule's path made the stored document unreadable.
    List<PlacementRules.Rule> rules = new ArrayList<>(PlacementRules.parseInline("/wareh\0ouse=hybrid", "t"));
    rules.add(new PlacementRules.Rule("/a\nb\u2028c \"d\" \\e\tf", "layout:hdd"));
    String text = PlacementRules.toDocument(rules);
    assertEquals(rules, PlacementRules.parseDocument(ConfigNode.parse("rules.yaml", text)), text);
  }

  @Test
  void noRulesRoundTripAndAKeyWithoutRulesMeansNone() {
    // The last rule removed (e.g. the auto-tiering daemon dropping a demotion's interim rule) leaves no rules.
    String text = PlacementRules.toDocument(List.of());
    assertEquals(List.of(), PlacementRules.parseDocument(ConfigNode.parse("rules.yaml", text)), text);
    assertEquals(List.of(), PlacementRules.parseDocument(ConfigNode.parse("rules.yaml", "rules:\n")));
    ConfigException e = assertThrows(ConfigException.class,
        () -> PlacementRules.parseDocument(ConfigNode.parse("rules.yaml", "rules: /data=hybrid\n")));
    assertTrue(e.getMessage().contains("must be a list"), e.getMessage());
  }

  @Test
  void aRulesDocumentLargerThanYamlsDefaultLimitStillParses() {
    // 100,000 per-file layouts make a 6 MB document, past SnakeYAML's default limit of 3 MiB.
    List<PlacementRules.Rule> rules = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      rules.add(new PlacementRules.Rule("/warehouse/t" + i / 1000 + "/part-" + i, "layout:hdd"));
    }
    String text = PlacementRules.toDocument(rules);
    assertTrue(text.length() > 3 << 20, "document of " + text.length() + " chars");
    List<PlacementRules.Rule> parsed = PlacementRules.parseDocument(ConfigNode.parse("rules.yaml", text));
    assertEquals(rules.size(), parsed.size());
    assertEquals("layout:hdd", PlacementRules.of(parsed, hats).ruleFor("/warehouse/t99/part-99999").policy());
  }

  @Test
  void laterRulesForTheSamePathReplaceEarlierOnes() {
    PlacementRules rules = PlacementRules.of(PlacementRules.parseInline("/a=hybrid;/a/=tier-aware", "t"), hats);
    assertEquals(1, rules.rules().size());
    assertEquals("tier-aware", rules.ruleFor("/a/f").policy());
  }
}
