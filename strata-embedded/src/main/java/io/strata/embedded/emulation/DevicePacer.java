package io.strata.embedded.emulation;

import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * Serves transfers one after another at a fixed byte rate, like a device with a queue: each request reserves
 * the next {@code bytes / rate} seconds of device time, plus one positioning (a seek) when it does not continue
 * where the device was, and waits until its slot starts. Unlike a per-period
 * byte budget it lets no burst through, so a short read takes as long as the device would need.
 *
 * <p>Waiting for the start of the slot rather than its end lets the real copy overlap the emulated device
 * time: when the machine copies faster than the device, the device rate is what the reader sees.
 */
public final class DevicePacer {
  private static final long MIN_SLEEP_NANOS = 1_000_000;

  /** Puts the calling thread to sleep; replaceable so tests need no real time. */
  interface Sleeper {
    void sleepNanos(long nanos);
  }

  private final long bytesPerSecond;
  private final long positionNanos;
  private final LongSupplier clock;
  private final Sleeper sleeper;
  private long nextFreeNanos;
  private boolean used;

  /** A device without a positioning cost. */
  public DevicePacer(long bytesPerSecond) {
    this(bytesPerSecond, 0);
  }

  /** A device that moves {@code bytesPerSecond} and needs {@code positionNanos} for each positioning. */
  public DevicePacer(long bytesPerSecond, long positionNanos) {
    this(bytesPerSecond, positionNanos, System::nanoTime, LockSupport::parkNanos);
  }

  DevicePacer(long bytesPerSecond, LongSupplier clock, Sleeper sleeper) {
    this(bytesPerSecond, 0, clock, sleeper);
  }

  DevicePacer(long bytesPerSecond, long positionNanos, LongSupplier clock, Sleeper sleeper) {
    if (bytesPerSecond <= 0) {
      throw new IllegalArgumentException("bytesPerSecond must be > 0, got " + bytesPerSecond);
    }
    if (positionNanos < 0) {
      throw new IllegalArgumentException("positionNanos must be >= 0, got " + positionNanos);
    }
    this.bytesPerSecond = bytesPerSecond;
    this.positionNanos = positionNanos;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  /** Reserves device time for {@code bytes} and blocks until that time starts. */
  public void acquire(long bytes) {
    acquire(bytes, false);
  }

  /** Reserves device time for {@code bytes}, after one positioning when {@code positioned}, and blocks until it starts. */
  public void acquire(long bytes, boolean positioned) {
    long start;
    synchronized (this) {
      long now = clock.getAsLong();
      start = !used || nextFreeNanos - now < 0 ? now : nextFreeNanos;
      nextFreeNanos = start + deviceNanos(bytes, bytesPerSecond, positioned ? positionNanos : 0);
      used = true;
    }
    awaitSlot(start, clock, sleeper);
  }

  /** The device time of a transfer: {@code positionNanos} (0 when it needs none), then the bytes at the rate. */
  public static long deviceNanos(long bytes, long bytesPerSecond, long positionNanos) {
    return positionNanos + Math.round(Math.max(0, bytes) * 1e9 / bytesPerSecond);
  }

  /**
   * Blocks until {@code startNanos} on {@link System#nanoTime}'s clock, when a reserved slot of device time starts,
   * or until the thread is interrupted.
   */
  public static void awaitSlot(long startNanos) {
    awaitSlot(startNanos, System::nanoTime, LockSupport::parkNanos);
  }

  private static void awaitSlot(long startNanos, LongSupplier clock, Sleeper sleeper) {
    // Waits shorter than the OS can sleep are skipped: the reservation still moved the device clock, so the
    // next request waits for both and the average rate stays exact.
    long wait = startNanos - clock.getAsLong();
    while (wait > MIN_SLEEP_NANOS && !Thread.currentThread().isInterrupted()) {
      sleeper.sleepNanos(wait);
      wait = startNanos - clock.getAsLong();
    }
  }
}
