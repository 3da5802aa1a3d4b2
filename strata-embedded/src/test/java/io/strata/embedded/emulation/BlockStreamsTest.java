package io.strata.embedded.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.strata.embedded.pagecache.PageCache;
import org.junit.jupiter.api.Test;

/** Each DataXceiver thread's place in its block, from its own cursor alone: nothing is kept per block. */
class BlockStreamsTest {
  private static final int KIB = 1024;

  @Test
  void aThreadMovesThroughItsBlockReadingAndWritingApart() {
    BlockStreams streams = new BlockStreams();
    onThread("Receiving block BP-1:blk_1_1001", () -> {
      assertEquals(at("blk_1", 0), streams.next(true, 64 * KIB));
      assertEquals(at("blk_1", 0), streams.next(false, 4 * KIB), "a checksum read back has its own cursor");
      assertEquals(at("blk_1", 64 * KIB), streams.next(true, 64 * KIB));
    });
    onThread("VolumeScannerThread(/data/1)", () -> assertNull(streams.next(false, 4 * KIB), "no block, no place"));
  }

  @Test
  void aReadOperationStartsAtTheBlocksStartWhenItOpensTheBlock() {
    BlockStreams streams = new BlockStreams();
    onThread("Sending block BP-1:blk_1_1001", () -> {
      streams.opened();
      streams.next(false, 64 * KIB);
      // The client stopped halfway; its next read of the block comes on the same connection and thread.
      streams.opened();
      assertEquals(at("blk_1", 0), streams.next(false, 64 * KIB), "a new read starts over");
      assertEquals(at("blk_1", 64 * KIB), streams.next(false, 64 * KIB));
    });
    onThread("Receiving block BP-1:blk_2_1001", () -> {
      streams.next(true, 64 * KIB);
      streams.opened(); // reading back a partial chunk's checksum
      assertEquals(at("blk_2", 64 * KIB), streams.next(true, 64 * KIB), "the write goes on");
    });
  }

  private static BlockStreams.At at(String block, long offset) {
    return new BlockStreams.At(PageCache.key("BP-1:" + block), offset);
  }

  /** Runs {@code io} on the current thread under a DataXceiver's name for {@code status}. */
  private static void onThread(String status, Runnable io) {
    Thread thread = Thread.currentThread();
    String before = thread.getName();
    thread.setName(status.startsWith("Volume") ? status
        : "DataXceiver for client DFSClient_1 at /127.0.0.1:50000 [" + status + "]");
    try {
      io.run();
    } finally {
      thread.setName(before);
    }
  }
}
