package io.strata.embedded.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider.OPERATION;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.junit.jupiter.api.Test;

/**
 * A DataNode volume read through the page cache: bytes a DataXceiver wrote or read lately come from memory (the
 * device, here its gate, never sees them), the rest from the device, and what the cache cannot hold is evicted.
 */
class DataNodePageCacheTest {
  private static final int KIB = 1024;
  private final FsVolumeSpi volume = mock(FsVolumeSpi.class);
  /** The bytes of each I/O that reached the device, as its power gate sees them. */
  private final List<String> deviceIo = new ArrayList<>();
  private final DataNodePageCache cache = new DataNodePageCache(1024 * KIB);
  private final VolumeBandwidthEvents hook = new VolumeBandwidthEvents(
      Map.of("DS-1", new VolumeBandwidthEvents.VolumeSpeed(1L << 40, 1L << 40)),
      (storageId, write, bytes) -> {
        deviceIo.add((write ? "write " : "read ") + bytes);
        return VolumeIoGate.NOTHING_AFTER;
      }, cache);

  DataNodePageCacheTest() {
    when(volume.getStorageID()).thenReturn("DS-1");
  }

  @Test
  void aBlockJustWrittenIsReadFromMemoryAgainAndAgain() {
    write("blk_1", 128 * KIB);
    read("blk_1", 128 * KIB);
    read("blk_1", 128 * KIB); // the same thread reads it again on a kept-alive connection
    assertEquals(List.of("write 65536", "write 65536"), deviceIo, "writes are charged, the re-reads are not");
    assertEquals(256 * KIB, cache.stats().hitBytes());
  }

  @Test
  void aReceiverReadingBackAChecksumWritesOnWhereItWas() {
    onThread(xceiver("DFSClient_1", "Receiving block BP-1:blk_4_1001"), () -> {
      hook.beforeFileIo(volume, OPERATION.WRITE, 64 * KIB);
      hook.beforeFileIo(volume, OPERATION.READ, 4 * KIB);
      hook.beforeFileIo(volume, OPERATION.WRITE, 64 * KIB);
    });
    deviceIo.clear();
    read("blk_4", 128 * KIB);
    assertEquals(List.of(), deviceIo, "both writes are cached where they belong");
  }

  @Test
  void aBlockNeverCachedIsReadFromTheDeviceAndThenFromMemory() {
    read("blk_2", 64 * KIB);
    read("DFSClient_2", "blk_2", 64 * KIB);
    assertEquals(List.of("read 65536"), deviceIo, "the first read misses and fills the cache, the next one hits");
  }

  @Test
  void blocksBeyondTheCapacityEvictTheLeastRecentlyUsed() {
    write("blk_1", 512 * KIB);
    write("blk_2", 512 * KIB);
    write("blk_3", 512 * KIB);
    deviceIo.clear();
    read("blk_3", 512 * KIB);
    assertEquals(List.of(), deviceIo, "the newest block is still cached");
    read("blk_1", 512 * KIB);
    assertEquals(List.of("read 65536", "read 65536", "read 65536", "read 65536", "read 65536", "read 65536",
        "read 65536", "read 65536"), deviceIo, "the oldest block was evicted and comes from the device");
  }

  @Test
  void droppingTheCacheSendsReadsToTheDevice() {
    write("blk_1", 64 * KIB);
    cache.drop();
    deviceIo.clear();
    read("blk_1", 64 * KIB);
    assertEquals(List.of("read 65536"), deviceIo);
  }

  @Test
  void ioOnThreadsThatMoveNoBlockIsNeverCached() {
    onThread("VolumeScannerThread(/data/1)", () -> {
      hook.beforeFileIo(volume, OPERATION.READ, 4 * KIB);
      hook.beforeFileIo(volume, OPERATION.READ, 4 * KIB);
    });
    assertEquals(List.of("read 4096", "read 4096"), deviceIo);
  }

  private void write(String block, int bytes) {
    onThread(xceiver("DFSClient_1", "Receiving block BP-1:" + block + "_1001"), () -> {
      for (int at = 0; at < bytes; at += 64 * KIB) {
        hook.beforeFileIo(volume, OPERATION.WRITE, 64 * KIB);
      }
    });
  }

  private void read(String block, int bytes) {
    read("DFSClient_1", block, bytes);
  }

  private void read(String client, String block, int bytes) {
    onThread(xceiver(client, "Sending block BP-1:" + block + "_1001"), () -> {
      hook.beforeMetadataOp(volume, OPERATION.OPEN); // the DataNode opens the block to send it
      for (int at = 0; at < bytes; at += 64 * KIB) {
        hook.beforeFileIo(volume, OPERATION.TRANSFER, 64 * KIB);
      }
    });
  }

  private static String xceiver(String client, String status) {
    return "DataXceiver for client " + client + " at /127.0.0.1:50000 [" + status + "]";
  }

  /** Runs {@code io} on the current thread under {@code name}, as the DataNode's threads name themselves. */
  private static void onThread(String name, Runnable io) {
    Thread thread = Thread.currentThread();
    String before = thread.getName();
    thread.setName(name);
    try {
      io.run();
    } finally {
      thread.setName(before);
    }
  }
}
