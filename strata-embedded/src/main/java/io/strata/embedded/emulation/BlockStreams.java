package io.strata.embedded.emulation;

import io.strata.embedded.pagecache.PageCache;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where in its block each DataNode I/O falls. The DataNode's I/O hook sees only a volume, an operation and a length.
 * A block is moved by one DataXceiver thread, in order, and that thread names the block it serves
 * ({@code [Sending block BP-..:blk_1_1001]}, likewise receiving, copying, replacing); so each thread keeps a cursor
 * into its block, reading and writing apart (a receiver may read back a partial chunk's checksum before it writes
 * on). Checksum bytes interleave with data the same way on write and read, so a block is one stream of bytes and a
 * whole-block re-read walks the offsets its write filled. Each read operation opens the block's files ({@link
 * #opened}), so a second read of a block on a kept-alive connection, whose thread keeps its name, starts again at 0;
 * nothing is kept per block. I/O on other threads (block scanner, disk checks) falls in no block. Thread-safe:
 * DataNode threads call concurrently.
 */
public final class BlockStreams {
  /** A block (its {@link PageCache#key}) and an offset in it. */
  public record At(long block, long offset) {}

  private static final Pattern BLOCK_IN_THREAD_NAME = Pattern
      .compile("\\[(?:Sending|Receiving|Copying|Replacing) block (\\S+?:blk_-?\\d+)");

  private static final class Cursor {
    String threadName;
    long block;
    long readOffset;
    long writeOffset;
  }

  private final ThreadLocal<Cursor> cursors = ThreadLocal.withInitial(Cursor::new);

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
    if (write) {
      offset = cursor.writeOffset;
      cursor.writeOffset += length;
    } else {
      offset = cursor.readOffset;
      cursor.readOffset += length;
    }
    return new At(cursor.block, offset);
  }

  /**
   * The current thread opened a file of its block: a new operation on it starts, so its next read starts at 0 (the
   * DataNode sends a block from its start, or reads back a partial chunk before writing on); its writes go on.
   */
  public void opened() {
    Cursor cursor = cursor();
    if (cursor != null) {
      cursor.readOffset = 0;
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
