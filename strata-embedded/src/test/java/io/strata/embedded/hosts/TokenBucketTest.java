package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TokenBucketTest {
  @ParameterizedTest
  @ValueSource(longs = {1_000_000L, 10_000_000L, 100_000_000L, 1_000_000_000L, 10_000_000_000L, 100_000_000_000L})
  void theBucketHoldsAKernelTicksWorthOfTokensEvenAtOneHundredHz(long bitsPerSecond) {
    TokenBucket bucket = new TokenBucket(bitsPerSecond);
    assertTrue(bucket.burstBytes() >= bitsPerSecond / 8 / 100, "burst " + bucket.burstBytes());
    assertTrue(bucket.burstBytes() >= 64 * 1024, "a full GSO packet must fit: " + bucket.burstBytes());
    assertTrue(bucket.limitBytes() > bucket.burstBytes(), "limit " + bucket.limitBytes());
  }

  @ParameterizedTest
  @ValueSource(longs = {10_000_000L, 1_000_000_000L})
  void tcIsGivenTheRateInBitsAndTheSizesInBytes(long bitsPerSecond) {
    TokenBucket bucket = new TokenBucket(bitsPerSecond);
    assertEquals(List.of("tbf", "rate", bitsPerSecond + "bit", "burst", Long.toString(bucket.burstBytes()),
        "limit", Long.toString(bucket.limitBytes())), bucket.qdiscArguments());
  }
}
