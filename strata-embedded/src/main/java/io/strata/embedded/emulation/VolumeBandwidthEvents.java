package io.strata.embedded.emulation;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.hdfs.server.datanode.FaultInjectorFileIoEvents;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;

/**
 * Limits the bytes a DataNode reads from and writes to each volume to that volume's device bandwidth.
 *
 * <p>Every block and checksum byte a DataNode moves passes through its {@link FileIoProvider}, which calls
 * this hook before each read, write and sendfile transfer with the volume and the length. One pacer per
 * volume and direction is shared by all threads, so concurrent readers of one emulated device share its
 * bandwidth, as they would on a real device.
 */
public final class VolumeBandwidthEvents extends FaultInjectorFileIoEvents {
  /** Bandwidth of one volume, bytes per second, by direction. */
  public record VolumeSpeed(long readBytesPerSecond, long writeBytesPerSecond) {}

  private final Map<String, DevicePacer> readThrottlers = new ConcurrentHashMap<>();
  private final Map<String, DevicePacer> writeThrottlers = new ConcurrentHashMap<>();
  private final VolumeIoGate gate;

  /** @param speedsByStorageId each volume's bandwidth, keyed by its storage ID; other volumes run unthrottled */
  public VolumeBandwidthEvents(Map<String, VolumeSpeed> speedsByStorageId) {
    this(speedsByStorageId, null);
  }

  /** As {@link #VolumeBandwidthEvents(Map)}, with {@code gate} (or null) seeing each I/O
   * before it is paced and after the pacing released it. */
  public VolumeBandwidthEvents(Map<String, VolumeSpeed> speedsByStorageId, VolumeIoGate gate) {
    super(null);
    this.gate = gate;
    speedsByStorageId.forEach((storageId, speed) -> {
      readThrottlers.put(storageId, new DevicePacer(speed.readBytesPerSecond()));
      writeThrottlers.put(storageId, new DevicePacer(speed.writeBytesPerSecond()));
    });
  }

  @Override
  public void beforeFileIo(FsVolumeSpi volume, FileIoProvider.OPERATION op, long len) {
    if (volume == null || len <= 0) {
      return;
    }
    Map<String, DevicePacer> throttlers = switch (op) {
      case READ, TRANSFER -> readThrottlers;
      case WRITE, NATIVE_COPY -> writeThrottlers;
      default -> null;
    };
    if (throttlers == null) {
      return;
    }
    Runnable afterIo = gate == null ? VolumeIoGate.NOTHING_AFTER
        : gate.beforeIo(volume.getStorageID(), throttlers == writeThrottlers, len);
    try {
      DevicePacer throttler = throttlers.get(volume.getStorageID());
      if (throttler != null) {
        throttler.acquire(len);
      }
    } finally {
      // The pacer held the thread for the device time queued ahead of this I/O: that is when the device was busy.
      afterIo.run();
    }
  }
}
