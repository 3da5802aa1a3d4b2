package io.strata.core.concurrent;

import java.util.function.Function;

/**
 * The pause of a poll loop. An interrupt ends the loop: the thread's interrupt flag is set again and the caller's
 * exception is thrown, so callers up the stack still see that the thread was interrupted.
 */
public final class Sleeps {
  private Sleeps() {}

  /** Sleeps {@code millis}; when interrupted, throws {@code IllegalStateException("interrupted")}. */
  public static void sleep(long millis) {
    sleep(millis, e -> new IllegalStateException("interrupted", e));
  }

  /** Sleeps {@code millis}; when interrupted, throws what {@code onInterrupt} makes of the interrupt. */
  public static <E extends Exception> void sleep(long millis, Function<InterruptedException, E> onInterrupt)
      throws E {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw onInterrupt.apply(e);
    }
  }
}
