package io.strata.core.kat;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Key counts over a Bernoulli sample of the records: each record is counted with probability {@code rate}, so a
 * sample of a fixed share sees keys in proportion to their weight wherever they occur in the input.
 */
public final class KeySample {
  private final double rate;
  private final SplittableRandom random;
  private final Map<String, Long> counts = new HashMap<>();
  private long sampled;

  public KeySample(double rate, long seed) {
    this.rate = Math.max(0, Math.min(1, rate));
    this.random = new SplittableRandom(seed);
  }

  /** Offers one record's key to the sample. */
  public void offer(String key) {
    if (rate >= 1 || random.nextDouble() < rate) {
      counts.merge(key, 1L, Long::sum);
      sampled++;
    }
  }

  public Map<String, Long> counts() {
    return counts;
  }

  public long sampled() {
    return sampled;
  }
}
