package io.strata.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import org.junit.jupiter.api.Test;

class PageCacheSpecTest {
  private static final String NODES = """
      name: t
      racks:
        - name: /r1
          nodes:
            - host: a
              %s
              volumes: [{device: hdd, capacity: 2GiB}]
            - host: b
              volumes: [{device: hdd, capacity: 1GiB}]
      """;

  @Test
  void aNodeCarriesItsPageCacheAndWithoutTheKeyItIsOff() {
    ClusterSpec spec = SpecParser.parse("t.yaml", NODES.formatted("pageCache: 512MiB"));
    assertEquals(512L << 20, spec.nodes().get(0).pageCacheBytes());
    assertEquals(0, spec.nodes().get(1).pageCacheBytes());
    assertEquals(0, SpecParser.parse("t.yaml", NODES.formatted("pageCache: 0")).nodes().get(0).pageCacheBytes());
  }

  @Test
  void badValuesAreRefusedNamingTheKeyAndTheNode() {
    for (String bad : new String[] {"lots", "-1GiB", "100", "2TiB"}) {
      ConfigException e = assertThrows(ConfigException.class,
          () -> SpecParser.parse("t.yaml", NODES.formatted("pageCache: " + bad)));
      assertTrue(e.getMessage().contains("pageCache") && e.getMessage().contains("'a'")
          && e.getMessage().contains("t.yaml:6"), bad + ": " + e.getMessage());
    }
  }

  @Test
  void theThesisNodeLeavesHalfItsTwoGigabytesToThePageCache() {
    for (NodeSpec node : Presets.load("hybrid-node").nodes()) {
      assertEquals(1L << 30, node.pageCacheBytes(), node.host());
    }
    assertEquals(0, Presets.load("hats").nodes().get(0).pageCacheBytes(), "other presets: off, as before");
  }
}
