package io.strata.embedded.hosts;

import java.util.List;

/**
 * The {@code tc tbf} shaper for one direction of one link. The bucket holds at least one kernel tick of tokens
 * (tbf refills per tick, so a smaller bucket caps the rate below the one asked for) and at least one full-size
 * GSO packet; the queue holds a short delay's worth of bytes on top so TCP keeps the link busy.
 */
record TokenBucket(long bitsPerSecond) {
  /** The lowest kernel tick rate in common use; assuming it keeps the bucket big enough on every kernel. */
  private static final int SLOWEST_KERNEL_HZ = 100;
  private static final long MIN_BURST_BYTES = 64 * 1024;
  private static final double QUEUE_SECONDS = 0.05;

  TokenBucket {
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException("rate must be positive, not " + bitsPerSecond + " bit/s");
    }
  }

  long burstBytes() {
    return Math.max(bytesPerSecond() / SLOWEST_KERNEL_HZ, MIN_BURST_BYTES);
  }

  long limitBytes() {
    return burstBytes() + Math.max((long) (bytesPerSecond() * QUEUE_SECONDS), MIN_BURST_BYTES);
  }

  /** The qdisc part of {@code tc qdisc replace dev IF root ...}. */
  List<String> qdiscArguments() {
    return List.of("tbf", "rate", bitsPerSecond + "bit", "burst", Long.toString(burstBytes()),
        "limit", Long.toString(limitBytes()));
  }

  private long bytesPerSecond() {
    return bitsPerSecond / 8;
  }
}
