package io.strata.embedded.pagecache;

/**
 * The sizes and timings of one node's page cache ({@link PageCache}).
 *
 * @param capacityBytes memory the cache may hold (clean and dirty pages)
 * @param backgroundDirtyBytes dirty bytes above which the flusher starts writing back ({@code
 *     vm.dirty_background_ratio})
 * @param dirtyLimitBytes dirty bytes (those under writeback included) above which a writer waits for the device
 *     ({@code vm.dirty_ratio})
 * @param extentBytes the grain the cache tracks files in: a power of two of at least 4 KiB
 * @param expireNanos age at which a dirty page is written back whatever the dirty total ({@code
 *     vm.dirty_expire_centisecs})
 * @param flusherIntervalNanos how often the flusher looks for expired pages ({@code vm.dirty_writeback_centisecs})
 */
public record PageCacheSettings(long capacityBytes, long backgroundDirtyBytes, long dirtyLimitBytes,
    int extentBytes, long expireNanos, long flusherIntervalNanos) {

  /** Linux's defaults: 10% and 20% dirty ratios, 30 s expiry, a flusher every 5 s. */
  public static final double BACKGROUND_RATIO = 0.10;
  public static final double DIRTY_RATIO = 0.20;
  public static final long EXPIRE_NANOS = 30_000_000_000L;
  public static final long FLUSHER_INTERVAL_NANOS = 5_000_000_000L;
  /** Extents per cache at most: a fixed-size table that several processes can share through one mapped file. */
  static final long MAX_EXTENTS = 4096;
  static final int PAGE_BYTES = 4096;

  public PageCacheSettings {
    if (capacityBytes <= 0) {
      throw new IllegalArgumentException("page cache capacity must be > 0, got " + capacityBytes);
    }
    if (backgroundDirtyBytes < 0 || dirtyLimitBytes < backgroundDirtyBytes || dirtyLimitBytes > capacityBytes) {
      throw new IllegalArgumentException("dirty limits must satisfy 0 <= background (" + backgroundDirtyBytes
          + ") <= limit (" + dirtyLimitBytes + ") <= capacity (" + capacityBytes + ")");
    }
    if (extentBytes < PAGE_BYTES || Integer.bitCount(extentBytes) != 1) {
      throw new IllegalArgumentException("extent must be a power of two >= 4096, got " + extentBytes);
    }
    if (expireNanos <= 0 || flusherIntervalNanos <= 0) {
      throw new IllegalArgumentException("expiry and flusher interval must be > 0");
    }
  }

  /** A cache of {@code capacityBytes} with Linux's default dirty ratios and timings. */
  public static PageCacheSettings linuxDefaults(long capacityBytes) {
    return new PageCacheSettings(capacityBytes, Math.round(capacityBytes * BACKGROUND_RATIO),
        Math.round(capacityBytes * DIRTY_RATIO), extentFor(capacityBytes), EXPIRE_NANOS, FLUSHER_INTERVAL_NANOS);
  }

  /** The smallest power-of-two grain, at least a page, that covers {@code capacityBytes} in 4096 extents. */
  static int extentFor(long capacityBytes) {
    long perExtent = Math.max(PAGE_BYTES, (capacityBytes + MAX_EXTENTS - 1) / MAX_EXTENTS);
    long extent = Long.highestOneBit(perExtent);
    if (extent < perExtent) {
      extent <<= 1;
    }
    if (extent > (1 << 30)) {
      throw new IllegalArgumentException("page cache too large to model: " + capacityBytes + " bytes");
    }
    return (int) extent;
  }
}
