package io.strata.hdfs.autotier;

/**
 * Paces work to a rate: permits refill continuously at {@code perSecond} up to {@code burst}. A request waits
 * until the bucket holds what it asks (at most a full bucket) and then takes all it asked, going into debt when
 * it asked for more than the bucket holds, so a large request is not starved and the debt delays the next one:
 * over a long run the rate holds. (Hand-written because Guava's RateLimiter cannot run on a fake clock, which the
 * tests need.)
 */
public final class TokenBucket {
  private final double perSecond;
  private final double burst;
  private final Ticker ticker;
  private double tokens;
  private long last;

  public TokenBucket(double perSecond, double burst, Ticker ticker) {
    if (!(perSecond > 0) || !(burst > 0)) {
      throw new IllegalArgumentException("rate and burst must be > 0, got " + perSecond + " and " + burst);
    }
    this.perSecond = perSecond;
    this.burst = burst;
    this.ticker = ticker;
    this.tokens = burst;
    this.last = ticker.nanoTime();
  }

  /** {@code count} permits per {@code seconds}, all of them available at once. */
  public static TokenBucket perInterval(double count, double seconds, Ticker ticker) {
    return new TokenBucket(count / seconds, count, ticker);
  }

  /** Takes {@code permits}, waiting as long as the rate requires; returns the nanoseconds waited. */
  public synchronized long acquire(double permits) throws InterruptedException {
    if (permits <= 0) {
      return 0;
    }
    refill();
    double needed = Math.min(permits, burst);
    long waited = 0;
    while (tokens < needed) {
      long nanos = (long) Math.ceil((needed - tokens) / perSecond * 1e9);
      ticker.sleep(nanos);
      waited += nanos;
      refill();
    }
    tokens -= permits;
    return waited;
  }

  private void refill() {
    long now = ticker.nanoTime();
    tokens = Math.min(burst, tokens + (now - last) / 1e9 * perSecond);
    last = now;
  }
}
