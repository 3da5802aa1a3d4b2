package io.strata.core.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WakePredictorsTest {
  private static final WakePredictors.Context NO_FUTURE = new WakePredictors.Context(5, null);

  @Test
  void theCatalogListsAndMakesEveryPredictor() {
    assertEquals(List.of("reactive", "predictive", "oracle"), WakePredictors.NAMES);
    assertEquals("reactive", WakePredictors.parse("reactive", NO_FUTURE).name());
    assertEquals("predictive", WakePredictors.parse(" predictive ", NO_FUTURE).name());
    WakePredictor oracle = WakePredictors.parse("oracle", new WakePredictors.Context(5, (node, now) -> now + 10));
    assertEquals("oracle", oracle.name());
  }

  @Test
  void unknownNamesAndAnOracleWithoutTheFutureAreRefused() {
    ConfigException unknown = assertThrows(ConfigException.class, () -> WakePredictors.parse("psychic", NO_FUTURE));
    assertTrue(unknown.getMessage().contains("'psychic'") && unknown.getMessage().contains("reactive, predictive"));
    ConfigException oracle = assertThrows(ConfigException.class, () -> WakePredictors.parse("oracle", NO_FUTURE));
    assertTrue(oracle.getMessage().contains("future"), oracle.getMessage());
  }

  @Test
  void reactiveNeverWakes() {
    assertEquals(Set.of(), new ReactiveWaking().nodesToWake(0,
        List.of(new NodeOutlook("a", 0, 0, true, 0)), 15));
  }

  @Test
  void predictiveWakesASpinUpBeforePrimaryWorkRunsOutOrABackupWriteLands() {
    WakePredictor p = new PrimaryDrainPredictor(5);
    List<NodeOutlook> outlook = List.of(
        new NodeOutlook("drains-soon", 100e6, 10e6, true, Double.POSITIVE_INFINITY), // 10 s left
        new NodeOutlook("drains-later", 300e6, 10e6, true, Double.POSITIVE_INFINITY), // 30 s left
        new NodeOutlook("drains-no-need", 10e6, 10e6, false, Double.POSITIVE_INFINITY),
        new NodeOutlook("written-soon", 0, 0, false, 19),
        new NodeOutlook("written-later", 0, 0, false, 21),
        NodeOutlook.quiet("quiet"));
    assertEquals(Set.of("drains-soon", "written-soon"), p.nodesToWake(0, outlook, 15));
  }

  @Test
  void theOracleWakesExactlyOneSpinUpAhead() {
    Map<String, Double> next = Map.of("a", 115.0, "b", 125.0);
    WakePredictor oracle = new OracleWaking((node, now) -> next.getOrDefault(node, Double.POSITIVE_INFINITY), 0);
    List<NodeOutlook> outlook = List.of(NodeOutlook.quiet("a"), NodeOutlook.quiet("b"), NodeOutlook.quiet("c"));
    assertEquals(Set.of("a"), oracle.nodesToWake(100, outlook, 15));
    assertEquals(Set.of("a", "b"), oracle.nodesToWake(110, outlook, 15));
  }
}
