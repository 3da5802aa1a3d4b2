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
 * bandwidth, as they would on a real device. With a {@link DataNodePageCache}, writes enter it (and are still
 * paced: the pages are written back) and the bytes of a read it holds come from memory, unpaced and unseen by the
 * gate, as the disk stays idle.
 */
public final class VolumeBandwidthEvents extends FaultInjectorFileIoEvents {
  /** Bandwidth of one volume, bytes per second, by direction. */
  public record VolumeSpeed(long readBytesPerSecond, long writeBytesPerSecond) {}

  private final Map<String, DevicePacer> readThrottlers = new ConcurrentHashMap<>();
  private final Map<String, DevicePacer> writeThrottlers = new ConcurrentHashMap<>();
  private final VolumeIoGate gate;
  private final DataNodePageCache pageCache;

  /** @param speedsByStorageId each volume's bandwidth, keyed by its storage ID; other volumes run unthrottled */
  public VolumeBandwidthEvents(Map<String, VolumeSpeed> speedsByStorageId) {
    this(speedsByStorageId, null);
  }

  /** As {@link #VolumeBandwidthEvents(Map)}, with {@code gate} (or null) seeing each I/O
   * before it is paced and after the pacing released it. */
  public VolumeBandwidthEvents(Map<String, VolumeSpeed> speedsByStorageId, VolumeIoGate gate) {
    this(speedsByStorageId, gate, null);
  }

  /** As {@link #VolumeBandwidthEvents(Map, VolumeIoGate)}, reading through {@code pageCache} (or null: none). */
  public VolumeBandwidthEvents(Map<String, VolumeSpeed> speedsByStorageId, VolumeIoGate gate,
      DataNodePageCache pageCache) {
    super(null);
    this.gate = gate;
    this.pageCache = pageCache;
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
    long deviceBytes = deviceBytes(throttlers == writeThrottlers, len);
    if (deviceBytes <= 0) {
      return;
    }
    Runnable afterIo = gate == null ? VolumeIoGate.NOTHING_AFTER
        : gate.beforeIo(volume.getStorageID(), throttlers == writeThrottlers, deviceBytes);
    try {
      DevicePacer throttler = throttlers.get(volume.getStorageID());
      if (throttler != null) {
        throttler.acquire(deviceBytes);
      }
    } finally {
      // The pacer held the thread for the device time queued ahead of this I/O: that is when the device was busy.
      afterIo.run();
    }
  }

  /** The bytes of an I/O the device moves: all of a write, the part of a read the page cache misses. */
  private long deviceBytes(boolean write, long len) {
    if (pageCache == null) {
      return len;
    }
    if (write) {
      pageCache.write(len);
      return len;
    }
    return pageCache.read(len);
  }
}
