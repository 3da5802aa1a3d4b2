package io.strata.dashboard;

import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Actions waiting for their confirmation: each prepared action gets a random token, shown on the page, which must
 * come back within {@link #VALID} to run it, once. A page of another site cannot read the token, so it cannot
 * confirm an action it made the browser prepare.
 */
final class ConfirmTokens<T> {
  static final Duration VALID = Duration.ofMinutes(2);
  private static final int MAX_PENDING = 64;

  private final SecureRandom random = new SecureRandom();
  private final Map<String, Pending<T>> pending = new LinkedHashMap<>();
  private final LongSupplier clock;

  private record Pending<T>(T action, long expiresNanos) {}

  ConfirmTokens(LongSupplier nanoClock) {
    this.clock = nanoClock;
  }

  /** A new token for {@code action}. */
  synchronized String issue(T action) {
    dropExpired();
    if (pending.size() >= MAX_PENDING) {
      Iterator<String> oldest = pending.keySet().iterator();
      oldest.next();
      oldest.remove();
    }
    byte[] bytes = new byte[16];
    random.nextBytes(bytes);
    String token = HexFormat.of().formatHex(bytes);
    pending.put(token, new Pending<>(action, clock.getAsLong() + VALID.toNanos()));
    return token;
  }

  /** The action the token was issued for, which it no longer confirms; null when unknown, used or expired. */
  synchronized T redeem(String token) {
    dropExpired();
    Pending<T> found = pending.remove(token);
    return found == null ? null : found.action();
  }

  private void dropExpired() {
    long now = clock.getAsLong();
    pending.values().removeIf(p -> now - p.expiresNanos() > 0);
  }
}
