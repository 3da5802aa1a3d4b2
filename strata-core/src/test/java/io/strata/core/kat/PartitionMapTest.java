package io.strata.core.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionMapTest {

  @Test
  void keysLeftOutOfTheTableAndUnseenKeysAreHashedAndTheSameSampleGivesTheSameMap() {
    Map<String, Long> counts = new HashMap<>();
    for (int i = 0; i < 1000; i++) {
      counts.put("k" + i, 1000L - i);
    }
    PartitionMap a = PartitionMap.build(counts, 5, 100);
    PartitionMap b = PartitionMap.build(new HashMap<>(counts), 5, 100);
    assertEquals(a.assigned(), b.assigned());
    assertEquals(100, a.assigned().size());
    int[] buckets = a.buckets();
    assertEquals(buckets[PartitionMap.hash("k999", PartitionMap.BUCKETS)], a.partitionOf("k999"));
    assertEquals(buckets[PartitionMap.hash("never-seen", PartitionMap.BUCKETS)], a.partitionOf("never-seen"));
    assertTrue(a.expectedImbalance() < 1.05, "" + a.expectedImbalance());
  }

  @Test
  void aKeyHeavierThanTheMeanPartitionIsNotSplitAndTheImbalanceSaysSo() {
    PartitionMap map = PartitionMap.build(Map.of("the", 600L, "a", 100L, "b", 100L, "c", 100L), 4, 100);
    assertEquals(600.0 / 225, map.expectedImbalance(), 1e-9);
    assertTrue(map.assigned().containsKey("the"));
  }

  @Test
  void badPartitionCountsAreRefused() {
    ConfigException e = assertThrows(ConfigException.class, () -> PartitionMap.build(Map.of(), 0, 10));
    assertTrue(e.getMessage().contains("--partitions must be at least 1"), e.getMessage());
    assertThrows(ConfigException.class,
        () -> new PartitionMap(2, Map.of("x", 2), new int[PartitionMap.BUCKETS], new double[2]));
  }
}
