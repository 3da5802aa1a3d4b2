package io.strata.hdfs.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TokenBucketTest {
  @Test
  void aFullBucketServesItsBurstAtOnceThenPacesAtTheRate() throws Exception {
    FakeTicker clock = new FakeTicker();
    TokenBucket changes = TokenBucket.perInterval(3, 60, clock); // 3 changes a minute
    for (int i = 0; i < 3; i++) {
      assertEquals(0, changes.acquire(1), "change " + i + " is within the burst");
    }
    changes.acquire(1);
    assertEquals(20.0, clock.sleptSeconds(), 1e-6, "the fourth waits one permit's refill: 60 s / 3");
    for (int i = 0; i < 6; i++) {
      changes.acquire(1);
    }
    assertEquals(140.0, clock.sleptSeconds(), 1e-6, "ten changes at 3 a minute after a burst of 3: 7 x 20 s");
  }

  @Test
  void aRequestLargerThanTheBucketGoesIntoDebtThatTheNextRequestPays() throws Exception {
    FakeTicker clock = new FakeTicker();
    TokenBucket bytes = new TokenBucket(1 << 20, 1 << 20, clock); // 1 MiB/s, 1 s of burst
    assertEquals(0, bytes.acquire(4 << 20), "a 4 MiB request is granted from a full bucket");
    assertEquals(0.0, clock.sleptSeconds(), 1e-9);
    bytes.acquire(1 << 20);
    assertEquals(4.0, clock.sleptSeconds(), 1e-6, "3 MiB of debt and 1 MiB more at 1 MiB/s");
  }

  @Test
  void idleTimeRefillsOnlyUpToTheBurst() throws Exception {
    FakeTicker clock = new FakeTicker();
    TokenBucket bytes = new TokenBucket(100, 200, clock);
    bytes.acquire(200);
    clock.advance(3_600_000_000_000L); // an hour idle
    assertEquals(0, bytes.acquire(200));
    bytes.acquire(100);
    assertEquals(1.0, clock.sleptSeconds(), 1e-6, "an hour idle earns no more than the burst");
  }

  @Test
  void refusesANonPositiveRate() {
    assertThrows(IllegalArgumentException.class, () -> new TokenBucket(0, 1, new FakeTicker()));
  }
}
