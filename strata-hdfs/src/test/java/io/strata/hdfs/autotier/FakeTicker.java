package io.strata.hdfs.autotier;

/** A clock that moves only when someone sleeps on it. */
final class FakeTicker implements Ticker {
  private long now = 1_000_000_000L;
  private long slept;

  @Override
  public synchronized long nanoTime() {
    return now;
  }

  @Override
  public synchronized void sleep(long nanos) {
    now += Math.max(0, nanos);
    slept += Math.max(0, nanos);
  }

  synchronized void advance(long nanos) {
    now += nanos;
  }

  synchronized double sleptSeconds() {
    return slept / 1e9;
  }
}
