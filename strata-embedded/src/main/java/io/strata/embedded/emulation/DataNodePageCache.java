package io.strata.embedded.emulation;

import io.strata.embedded.pagecache.PageCache;
import io.strata.embedded.pagecache.PageCacheSettings;
import java.nio.ByteBuffer;

/**
 * A DataNode's page cache over all its volumes, as Linux keeps one per node ({@link PageCache}): block bytes read or
 * written stay in memory, least recently used out, and a read of cached bytes never reaches the device.
 *
 * <p>Bytes are keyed by block and offset in it, as {@link BlockStreams} places each I/O; I/O that falls in no block
 * (block scanner, disk checks) is not cached. Writes enter the cache; the caller still charges the device for them
 * (the pages are written back). Thread-safe: DataNode threads call concurrently.
 */
public final class DataNodePageCache {
  /** The caller's device pacer already charged every write, so the model's own writeback costs nothing more. */
  private static final long WRITES_ALREADY_CHARGED = Long.MAX_VALUE;

  private final PageCacheSettings settings;
  private final ByteBuffer state;
  private PageCache cache;

  /** An empty cache of {@code capacityBytes} with Linux's default dirty ratios. */
  public DataNodePageCache(long capacityBytes) {
    this.settings = PageCacheSettings.linuxDefaults(capacityBytes);
    this.state = ByteBuffer.allocate(PageCache.bytesNeeded(settings));
    this.cache = PageCache.format(state, settings);
  }

  /**
   * Reads {@code length} bytes at {@code at}; returns the bytes that missed the cache, which the device must serve
   * (all of them when the I/O falls in no block: {@code at} null).
   */
  public synchronized long read(BlockStreams.At at, long length) {
    if (at == null) {
      return length;
    }
    return cache.read(at.block(), 0, at.offset(), length, System.nanoTime(), WRITES_ALREADY_CHARGED).missBytes();
  }

  /** Writes {@code length} bytes at {@code at} (or nowhere: null): they enter the cache. */
  public synchronized void write(BlockStreams.At at, long length) {
    if (at != null) {
      cache.write(at.block(), 0, at.offset(), length, System.nanoTime(), WRITES_ALREADY_CHARGED);
    }
  }

  /** Empties the cache, as {@code echo 3 > /proc/sys/vm/drop_caches} does once dirty pages are written. */
  public synchronized void drop() {
    cache = PageCache.format(state, settings);
  }

  public synchronized PageCache.Stats stats() {
    return cache.stats();
  }
}
