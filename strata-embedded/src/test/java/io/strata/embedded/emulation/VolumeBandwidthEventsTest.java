package io.strata.embedded.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider.OPERATION;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.junit.jupiter.api.Test;

/**
 * The power gate brackets the device time: it hears of an I/O before the pacing and of its end after it. A volume
 * pays its device's positioning when its I/O does not go on where it left off.
 */
class VolumeBandwidthEventsTest {
  private static final int KIB = 1024;
  /** A tenth of the profiles' speeds: an HDD positioning takes 127 ms, long against a loaded machine's jitter. */
  private static final double SPEED_SCALE = 0.1;

  private final FsVolumeSpi volume = mock(FsVolumeSpi.class);

  VolumeBandwidthEventsTest() {
    when(volume.getStorageID()).thenReturn("DS-1");
  }

  @Test
  void theGateHearsOfTheEndOnlyOnceThePacerReleasedTheIo() {
    List<String> events = new ArrayList<>();
    long[] startedAt = new long[1];
    List<Long> heldNanos = new ArrayList<>();
    VolumeIoGate gate = (storageId, write, bytes) -> {
      events.add("before " + storageId + (write ? " write " : " read ") + bytes);
      startedAt[0] = System.nanoTime();
      return () -> {
        heldNanos.add(System.nanoTime() - startedAt[0]);
        events.add("after " + storageId);
      };
    };
    // 1 MB/s: the first 200 KB holds the device 0.2 s, so the second read waits that long in the pacer.
    var hook = new VolumeBandwidthEvents(Map.of("DS-1", new VolumeBandwidthEvents.VolumeSpeed(1_000_000, 500_000)),
        gate);
    hook.beforeFileIo(volume, OPERATION.READ, 200_000);
    hook.beforeFileIo(volume, OPERATION.READ, 1_000);
    hook.beforeFileIo(volume, OPERATION.WRITE, 10);
    hook.beforeFileIo(volume, OPERATION.FLUSH, 10);
    assertEquals(List.of("before DS-1 read 200000", "after DS-1", "before DS-1 read 1000", "after DS-1",
        "before DS-1 write 10", "after DS-1"), events, "every paced I/O is bracketed, other operations are not");
    assertTrue(heldNanos.get(1) >= 150_000_000L,
        "the second read is busy while it waits for the first one's device time: " + heldNanos.get(1) + " ns");
  }

  @Test
  void dataNodeVolumesPayPositioningsOnlyWhenTurnedOn() {
    DeviceProfile hdd = DeviceCatalog.builtin().get("hdd");
    String was = System.getProperty(VolumeBandwidthEvents.POSITIONING_PROPERTY);
    try {
      System.clearProperty(VolumeBandwidthEvents.POSITIONING_PROPERTY);
      assertEquals(0, VolumeBandwidthEvents.VolumeSpeed.ofDataNodeVolume(hdd, SPEED_SCALE).positionNanos());
      System.setProperty(VolumeBandwidthEvents.POSITIONING_PROPERTY, "true");
      assertEquals(VolumeBandwidthEvents.VolumeSpeed.scaled(hdd, SPEED_SCALE).positionNanos(),
          VolumeBandwidthEvents.VolumeSpeed.ofDataNodeVolume(hdd, SPEED_SCALE).positionNanos());
      assertTrue(VolumeBandwidthEvents.VolumeSpeed.ofDataNodeVolume(hdd, SPEED_SCALE).positionNanos() > 0);
    } finally {
      if (was == null) {
        System.clearProperty(VolumeBandwidthEvents.POSITIONING_PROPERTY);
      } else {
        System.setProperty(VolumeBandwidthEvents.POSITIONING_PROPERTY, was);
      }
    }
  }

  @Test
  void interleavedBlocksOnAnHddPayAPositioningAtEveryTurn() throws Exception {
    DeviceProfile hdd = DeviceCatalog.builtin().get("hdd");
    long positionNanos = VolumeBandwidthEvents.VolumeSpeed.scaled(hdd, SPEED_SCALE).positionNanos();
    long sequential = readTwoBlocks(hdd, false);
    long interleaved = readTwoBlocks(hdd, true);
    // Each block is 8 windows: read one after the other, the second block pays the one positioning waited for;
    // taking turns, every window but the first is waited behind a positioning (15), 14 more than sequential...
    // less the last one's, whose own positioning comes after its slot starts: 13 in all.
    double extra = (interleaved - sequential) / (double) positionNanos;
    assertTrue(extra > 13 * 0.8 && extra < 13 * 1.25,
        "interleaved " + interleaved / 1e6 + " ms, sequential " + sequential / 1e6 + " ms: " + extra + " positionings");
  }

  @Test
  void interleavedBlocksOnAnSsdCostAboutTheSame() throws Exception {
    DeviceProfile ssd = DeviceCatalog.builtin().get("sata-ssd");
    long sequential = readTwoBlocks(ssd, false);
    long interleaved = readTwoBlocks(ssd, true);
    assertTrue(Math.abs(interleaved - sequential) < 40_000_000L,
        "interleaved " + interleaved / 1e6 + " ms, sequential " + sequential / 1e6 + " ms");
  }

  /**
   * Reads two 512 KiB blocks in 64 KiB transfers, as two DataXceiver threads do, on a volume of {@code device} whose
   * stream windows are 64 KiB; returns the nanoseconds until the last transfer's device time started.
   */
  private long readTwoBlocks(DeviceProfile device, boolean interleaved) throws Exception {
    var hook = new VolumeBandwidthEvents(Map.of("DS-1", VolumeBandwidthEvents.VolumeSpeed.scaled(device, SPEED_SCALE)),
        null, null, 64 * KIB);
    ExecutorService first = sender("blk_1");
    ExecutorService second = sender("blk_2");
    Runnable read = () -> hook.beforeFileIo(volume, OPERATION.TRANSFER, 64 * KIB);
    long started = System.nanoTime();
    try {
      for (int i = 0; i < 16; i++) {
        ExecutorService sender = interleaved ? (i % 2 == 0 ? first : second) : (i < 8 ? first : second);
        sender.submit(read).get();
      }
      return System.nanoTime() - started;
    } finally {
      first.shutdownNow();
      second.shutdownNow();
    }
  }

  private static ExecutorService sender(String block) {
    return Executors.newSingleThreadExecutor(r -> new Thread(r,
        "DataXceiver for client DFSClient_1 at /127.0.0.1:50000 [Sending block BP-1:" + block + "_1001]"));
  }
}
