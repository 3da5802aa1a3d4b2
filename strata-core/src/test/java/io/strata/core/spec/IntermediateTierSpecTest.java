package io.strata.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceCatalog;
import org.junit.jupiter.api.Test;

class IntermediateTierSpecTest {
  private static final String TWO_NODES = """
      name: t
      intermediate: %s
      racks:
        - name: /r1
          nodes:
            - host: a
              volumes: [{device: sata-ssd, capacity: 1GiB}, {device: hdd, capacity: 2GiB}]
            - host: b
              volumes: [{device: %s, capacity: 1GiB}]
      """;

  @Test
  void theIntermediateTierNamesTheVolumesOfEveryNode() {
    ClusterSpec spec = SpecParser.parse("t.yaml", TWO_NODES.formatted("disk", "hdd"));
    assertEquals("disk", spec.intermediateTier());
    assertEquals(java.util.List.of(1), spec.intermediateVolumes(spec.nodes().get(0)));
    assertEquals(java.util.List.of(0), spec.intermediateVolumes(spec.nodes().get(1)));
  }

  @Test
  void anUnknownTierIsRefusedWithTheLineAndTheKnownTiers() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> SpecParser.parse("t.yaml", TWO_NODES.formatted("nvme", "hdd")));
    assertTrue(e.getMessage().contains("t.yaml") && e.getMessage().contains("t.yaml:2:")
        && e.getMessage().contains("unknown tier 'nvme'") && e.getMessage().contains("ssd, disk"), e.getMessage());
  }

  @Test
  void aNodeWithoutAVolumeOnTheTierIsRefused() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> SpecParser.parse("t.yaml", TWO_NODES.formatted("ssd", "hdd")));
    assertTrue(e.getMessage().contains("node 'b' has no volume on tier 'ssd' for intermediate data"), e.getMessage());
  }

  @Test
  void diskProfilesCarryAPositioningCostThatDominatesSmallRandomReads() {
    var hdd = DeviceCatalog.builtin().get("hdd");
    var ssd = DeviceCatalog.builtin().get("sata-ssd");
    assertEquals(12.7, hdd.positionMillis(), 1e-9);
    assertTrue(hdd.randomReadSeconds(4096) > 0.0126 && hdd.randomReadSeconds(4096) < 0.0128);
    assertTrue(ssd.randomReadSeconds(4096) < hdd.randomReadSeconds(4096) / 100);
    assertTrue(hdd.sources().get("positionMillis").contains("ES.3"));
  }
}
