package io.strata.cli.shared;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * A daemon's SIGTERM/Ctrl-C handling: a JVM shutdown hook that asks the daemon's loop to stop, then holds the JVM
 * up to a grace period until the loop says it has finished its step, so a change under way is journaled as cut
 * short rather than lost mid-write.
 */
public final class StopHook {
  private final CountDownLatch finished = new CountDownLatch(1);

  private StopHook() {}

  /** Installs a hook that runs {@code stop} (which should interrupt the loop's thread) and waits for it. */
  public static StopHook install(String name, Runnable stop, Duration grace) {
    StopHook hook = new StopHook();
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      stop.run();
      try {
        hook.finished.await(grace.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException ignored) {
        Thread.currentThread().interrupt();
      }
    }, name));
    return hook;
  }

  /** The loop has finished: the JVM may exit. */
  public void finished() {
    finished.countDown();
  }
}
