package io.strata.embedded.emulation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider.OPERATION;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.junit.jupiter.api.Test;

/** The power gate brackets the device time: it hears of an I/O before the pacing and of its end after it. */
class VolumeBandwidthEventsTest {
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
}
