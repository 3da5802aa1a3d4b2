package io.strata.embedded.emulation;

import io.strata.embedded.pagecache.PageCache;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in its block each DataNode I/O falls. The DataNode's I/O hook sees only a volume, an operation and a length.
 * A block is moved by one DataXceiver thread, in order, and that thread names the block it serves
 * ({@code [Sending block BP-..:blk_1_1001]}, likewise receiving, copying, replacing); so each thread keeps a cursor
 * into its block, reading and writing apart (a receiver may read back a partial chunk's checksum before it writes
 * on). Checksum bytes interleave with data the same way on write and read, so a block is one stream of bytes and a
 * whole-block re-read walks the offsets its write filled. A second read of a block on a kept-alive connection starts
 * again at 0 once the cursor reaches the bytes the block's write moved. I/O on other threads (block scanner, disk
 * checks) falls in no block. Thread-safe: DataNode threads call concurrently.
 */
public final class BlockStreams {
  /** A block (its {@link PageCache#key}) and an offset in it. */
  public record At(long block, long offset) {}

  private static final Pattern BLOCK_IN_THREAD_NAME = Pattern
      .compile("\\[(?:Sending|Receiving|Copying|Replacing) block (\\S+?:blk_-?\\d+)");
  /**
   * Blocks whose written length is remembered, least recently moved out (one entry per block ever written would grow
   * without end): it only matters while a thread still moves the block, and a DataNode runs at most
   * {@code dfs.datanode.max.transfer.threads} (4096 by default) at once.
   */
  static final int REMEMBERED_BLOCKS = 8192;

  private static final class Cursor {
    String threadName;
    long block;
    long readOffset;
    long writeOffset;
  }

  private final ThreadLocal<Cursor> cursors = ThreadLocal.withInitial(Cursor::new);
  /** Bytes each recently moved block's write moved (data and checksums): where a re-read on one thread starts over. */
  private final Map<Long, Long> writtenBytes;

  public BlockStreams() {
    this(REMEMBERED_BLOCKS);
  }

  BlockStreams(int rememberedBlocks) {
    this.writtenBytes = new LinkedHashMap<>(16, 0.75f, true) {
      @Override
      protected boolean removeEldestEntry(Map.Entry<Long, Long> eldest) {
        return size() > rememberedBlocks;
      }
    };
  }

  /**
   * Where the current thread's I/O of {@code length} bytes falls, advancing its cursor; null when the thread moves no
   * block.
   */
  public At next(boolean write, long length) {
    Cursor cursor = cursor();
    if (cursor == null) {
      return null;
    }
    long offset;
    synchronized (writtenBytes) {
      if (write) {
        offset = cursor.writeOffset;
        cursor.writeOffset += length;
        writtenBytes.merge(cursor.block, length, Long::sum);
      } else {
        Long written = writtenBytes.get(cursor.block);
        if (written != null && cursor.readOffset >= written) {
          cursor.readOffset = 0; // the same thread reads the block again
        }
        offset = cursor.readOffset;
        cursor.readOffset += length;
      }
    }
    return new At(cursor.block, offset);
  }

  /** How many blocks' written lengths are remembered. */
  int rememberedBlocks() {
    synchronized (writtenBytes) {
      return writtenBytes.size();
    }
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
