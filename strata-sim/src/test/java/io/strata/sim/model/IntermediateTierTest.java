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
}
