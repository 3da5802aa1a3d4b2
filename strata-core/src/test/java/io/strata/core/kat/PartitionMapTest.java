package io.strata.core.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class PartitionMapTest {

  /**
   * Records of Zipf-distributed keys (the heaviest key below the mean partition, so 1.1 is reachable without
   * splitting a key), sampled at 5%, then a fresh draw of the same distribution partitioned. */
  @ParameterizedTest
  @CsvSource({"8, 0.9", "8, 1.0", "4, 1.1", "4, 1.2", "16, 0.8"})
  void aSampledMapKeepsTheLargestPartitionWithin10PercentOfTheMeanUnderZipfKeys(int partitions, double exponent) {
    ZipfWords sampleWords = new ZipfWords(50_000, exponent, 1);
    KeySample sample = new KeySample(0.05, 2);
    for (int i = 0; i < 1_000_000; i++) {
      sample.offer(sampleWords.next());
    }
    PartitionMap map = PartitionMap.build(sample.counts(), partitions, PartitionMap.DEFAULT_MAX_ASSIGNED_KEYS);

    ZipfWords data = new ZipfWords(50_000, exponent, 3);
    long[] kat = new long[partitions];
    long[] hashed = new long[partitions];
    for (int i = 0; i < 1_000_000; i++) {
      String word = data.next();
      kat[map.partitionOf(word)]++;
      hashed[PartitionMap.hash(word, partitions)]++;
    }
    double katImbalance = Balance.imbalance(kat);
    double hashImbalance = Balance.imbalance(hashed);
    assertTrue(katImbalance <= 1.1, "KAT map: largest/mean " + katImbalance);
    assertTrue(map.expectedImbalance() <= 1.1, "expected " + map.expectedImbalance());
    // What the map is for: plain hashing of the same keys is not even.
    assertTrue(hashImbalance > katImbalance, "hash " + hashImbalance + " vs KAT " + katImbalance);
  }

  @Test
  void plainHashingOfZipfKeysIsUneven() {
    ZipfWords words = new ZipfWords(50_000, 1.1, 5);
    long[] hashed = new long[16];
    for (int i = 0; i < 500_000; i++) {
      hashed[PartitionMap.hash(words.next(), 16)]++;
    }
    assertTrue(Balance.imbalance(hashed) > 1.1, "hash: " + Balance.imbalance(hashed));
  }

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
