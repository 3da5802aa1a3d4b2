package io.strata.dashboard;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ConfirmTokensTest {
  private final AtomicLong nanos = new AtomicLong();
  private final ConfirmTokens<String> tokens = new ConfirmTokens<>(nanos::get);

  @Test
  void aTokenConfirmsItsActionOnceAndOnlyItsOwn() {
    String first = tokens.issue("move /a");
    String second = tokens.issue("move /b");
    assertNotEquals(first, second);
    assertNull(tokens.redeem("not-a-token"));
    assertEquals("move /b", tokens.redeem(second));
    assertNull(tokens.redeem(second), "used once");
    assertEquals("move /a", tokens.redeem(first));
  }

  @Test
  void aTokenExpires() {
    String token = tokens.issue("move /a");
    nanos.addAndGet(ConfirmTokens.VALID.toNanos() + 1);
    assertNull(tokens.redeem(token));
  }
}
