package io.strata.embedded.emulation;

import io.strata.embedded.pagecache.PageCache;
import io.strata.embedded.pagecache.PageCacheSettings;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A DataNode's page cache over all its volumes, as Linux keeps one per node ({@link PageCache}): block bytes read or
 * written stay in memory, least recently used out, and a read of cached bytes never reaches the device.
 *
 * <p>The DataNode's I/O hook sees only a volume, an operation and a length. A block is moved by one DataXceiver
 * thread, in order, and that thread names the block it serves ({@code [Sending block BP-..:blk_1_1001]}, likewise
 * receiving, copying, replacing); so each thread keeps a cursor into its block, and the cache keys bytes by block
 * and cursor. Checksum bytes interleave with data the same way on write and read, so a whole-block re-read walks
 * the extents its write filled. A second read of a block on a kept-alive connection starts again at 0 once the
 * cursor reaches the bytes the block's write moved. I/O on other threads (block scanner, disk checks) is not cached.
 * Writes enter the cache; the caller still charges the device for them (the pages are written back).
 * Thread-safe: DataNode threads call concurrently.
 */
public final class DataNodePageCache {
  private static final Pattern BLOCK_IN_THREAD_NAME = Pattern
      .compile("\\[(?:Sending|Receiving|Copying|Replacing) block (\\S+?:blk_-?\\d+)");
  /** The caller's device pacer already charged every write, so the model's own writeback costs nothing more. */
  private static final long WRITES_ALREADY_CHARGED = Long.MAX_VALUE;

  /**
   * Where one DataXceiver thread is in the block it moves, reading and writing apart (a receiver may read back a
   * partial chunk's checksum before it writes on).
   */
  private static final class Cursor {
    String threadName;
    long block;
    long readOffset;
    long writeOffset;
  }

  private final PageCacheSettings settings;
  private final ByteBuffer state;
  private final ThreadLocal<Cursor> cursors = ThreadLocal.withInitial(Cursor::new);
  /** Bytes each block's write moved (data and checksums): where a re-read on the same thread starts over. */
  private final Map<Long, Long> writtenBytes = new HashMap<>();
  private PageCache cache;

  /** An empty cache of {@code capacityBytes} with Linux's default dirty ratios. */
  public DataNodePageCache(long capacityBytes) {
    this.settings = PageCacheSettings.linuxDefaults(capacityBytes);
    this.state = ByteBuffer.allocate(PageCache.bytesNeeded(settings));
    this.cache = PageCache.format(state, settings);
  }

  /**
   * The current thread reads {@code length} bytes of its block; returns the bytes that missed the cache, which the
   * device must serve (all of them when the thread moves no block).
   */
  public long read(long length) {
    Cursor cursor = cursor();
    if (cursor == null) {
      return length;
    }
    synchronized (this) {
      if (cursor.readOffset >= writtenBytes.getOrDefault(cursor.block, Long.MAX_VALUE)) {
        cursor.readOffset = 0; // the same thread reads the block again
      }
      long offset = cursor.readOffset;
      cursor.readOffset += length;
      return cache.read(cursor.block, 0, offset, length, System.nanoTime(), WRITES_ALREADY_CHARGED).missBytes();
    }
  }

  /** The current thread writes {@code length} bytes of its block: they enter the cache. */
  public void write(long length) {
    Cursor cursor = cursor();
    if (cursor == null) {
      return;
    }
    synchronized (this) {
      long offset = cursor.writeOffset;
      cursor.writeOffset += length;
      writtenBytes.merge(cursor.block, length, Long::sum);
      cache.write(cursor.block, 0, offset, length, System.nanoTime(), WRITES_ALREADY_CHARGED);
    }
  }

  /** Empties the cache, as {@code echo 3 > /proc/sys/vm/drop_caches} does once dirty pages are written. */
  public synchronized void drop() {
    cache = PageCache.format(state, settings);
  }

  public synchronized PageCache.Stats stats() {
    return cache.stats();
  }

  /** The current thread's cursor, reset when it moves another block; null when it moves no block. */
  private Cursor cursor() {
    String name = Thread.currentThread().getName();
    Cursor cursor = cursors.get();
    if (!name.equals(cursor.threadName)) {
      Matcher block = BLOCK_IN_THREAD_NAME.matcher(name);
      if (!block.find()) {
        return null;
      }
      cursor.threadName = name;
      cursor.block = PageCache.key(block.group(1));
      cursor.readOffset = 0;
      cursor.writeOffset = 0;
    }
    return cursor;
  }
}
