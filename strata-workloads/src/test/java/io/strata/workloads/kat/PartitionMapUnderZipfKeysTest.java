package io.strata.workloads.kat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.kat.Balance;
import io.strata.core.kat.KeySample;
import io.strata.core.kat.PartitionMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * strata-core's {@code PartitionMap} under keys drawn by {@link ZipfWords}: here, beside the generator, because the
 * core may depend on no other module, not even in its tests.
 */
class PartitionMapUnderZipfKeysTest {

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
}
