package io.strata.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.SpecParser;
import io.strata.sim.scenario.ClusterSpecs;
import org.junit.jupiter.api.Test;

/**
 * Shuffle data lives where MapReduce's local directories are: a node's slowest local tier, never the filer share
 * or archive disks (ARCHIVE), which are slower still but hold only HDFS replicas.
 */
class IntermediateTierTest {
  private static String spec(String volumesOfB) {
    return """
        name: filer
        tiers:
          - {name: das, storageType: DISK}
          - {name: filer, storageType: ARCHIVE}
        racks:
          - name: /r1
            nodes:
              - host: a
                volumes: [{device: hdd, capacity: 1TB}, {device: nas-filer, capacity: 2TB}]
              - host: b
                volumes: %s
        """.formatted(volumesOfB);
  }

  @Test
  void shuffleDataStaysOnTheDisksWhenAFilerShareIsSlower() {
    SimCluster cluster = new SimCluster(SpecParser.parse("filer", spec("[{device: hdd, capacity: 1TB}]")));
    int das = cluster.tiers().stream().map(t -> t.name()).toList().indexOf("das");
    assertEquals(das, cluster.intermediateTier(0));
    assertEquals(das, cluster.intermediateTier(1));
  }

  @Test
  void aNodeWithOnlyAFilerShareIsRefusedNamingIt() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> new SimCluster(SpecParser.parse("filer", spec("[{device: nas-filer, capacity: 2TB}]"))));
    assertTrue(error.getMessage().contains("node b"), error.getMessage());
  }

  @Test
  void everyNodeOfTheAptStoreScenarioShufflesOnItsDisks() {
    SimCluster cluster = new SimCluster(ClusterSpecs.parse("aptstore", ClusterSpecs.aptstore500()));
    for (int node = 0; node < cluster.nodeCount(); node++) {
      assertEquals("das", cluster.tiers().get(cluster.intermediateTier(node)).name(), cluster.host(node));
    }
  }

  private static final String HYBRID = """
      name: hybrid
      tiers:
        - {name: ssd, storageType: SSD}
        - {name: hdd, storageType: DISK}
        - {name: backup, storageType: ARCHIVE}
      %s
      racks:
        - name: /r1
          nodes:
            - host: a
              volumes: [{device: sata-ssd, capacity: 1TB}, {device: hdd, capacity: 1TB}, {device: backup-array, capacity: 2TB, backup: true}]
            - host: b
              volumes: [{device: sata-ssd, capacity: 1TB}, {device: hdd, capacity: 1TB}, {device: backup-array, capacity: 2TB, backup: true}]
      """;

  @Test
  void theSpecsIntermediateKeyDecidesEveryNodesTierAsTheEmbeddedClusterDoes() {
    SimCluster ssd = new SimCluster(SpecParser.parse("hybrid", HYBRID.formatted("intermediate: ssd")));
    SimCluster hdd = new SimCluster(SpecParser.parse("hybrid", HYBRID.formatted("intermediate: hdd")));
    SimCluster unset = new SimCluster(SpecParser.parse("hybrid", HYBRID.formatted("")));
    for (int node = 0; node < 2; node++) {
      assertEquals("ssd", ssd.tierName(ssd.intermediateTier(node)));
      assertEquals("hdd", hdd.tierName(hdd.intermediateTier(node)));
      assertEquals("hdd", unset.tierName(unset.intermediateTier(node)), "the slowest primary tier by default");
      assertEquals(0.0127, hdd.positionSeconds(node, hdd.intermediateTier(node)), 1e-12);
      assertEquals(0.00004, ssd.positionSeconds(node, ssd.intermediateTier(node)), 1e-12);
    }
  }

  @Test
  void aBackupTierForIntermediateDataIsRefusedNamingTheNodeAndTier() {
    IllegalArgumentException error = assertThrows(IllegalArgumentException.class,
        () -> new SimCluster(SpecParser.parse("hybrid", HYBRID.formatted("intermediate: backup"))));
    assertTrue(error.getMessage().contains("node a: intermediate tier 'backup' is a backup tier"),
        error.getMessage());
  }
}
