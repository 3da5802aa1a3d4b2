package io.strata.embedded.emulation;

import io.strata.core.device.DeviceProfile;
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
 * bandwidth, as they would on a real device. An I/O that does not go on where the volume's last one left off (a new
 * block, another block's turn, a jump) pays the device's positioning first ({@link VolumeHead}). With a
 * {@link DataNodePageCache}, writes enter it (and are still paced: the pages are written back) and the bytes of a
 * read it holds come from memory, unpaced and unseen by the gate, as the disk stays idle.
 */
public final class VolumeBandwidthEvents extends FaultInjectorFileIoEvents {
  /**
   * What one volume's device does: bandwidth, bytes per second, by direction, and the time of one positioning.
   */
  public record VolumeSpeed(long readBytesPerSecond, long writeBytesPerSecond, long positionNanos) {
    /** A device that never pays a positioning. */
    public VolumeSpeed(long readBytesPerSecond, long writeBytesPerSecond) {
      this(readBytesPerSecond, writeBytesPerSecond, 0);
    }

    /** {@code device} with {@code speedScale} times its bandwidth and 1/{@code speedScale} its positioning time. */
    public static VolumeSpeed scaled(DeviceProfile device, double speedScale) {
      return new VolumeSpeed(Math.max(1, Math.round(device.readBytesPerSecond() * speedScale)),
          Math.max(1, Math.round(device.writeBytesPerSecond() * speedScale)),
          Math.round(device.positionNanos() / speedScale));
    }

    /**
     * A DataNode volume of {@code device}: as {@link #scaled}, but without positionings unless the system property
     * {@value #POSITIONING_PROPERTY} is true. Off by default because the simulator charges none on block reads yet,
     * and with them on, whatif's prediction of the all-SSD layout against the embedded cluster erred by 37% (the
     * HDD baseline's 2 MiB blocks pay two positionings each).
     */
    public static VolumeSpeed ofDataNodeVolume(DeviceProfile device, double speedScale) {
      VolumeSpeed scaled = scaled(device, speedScale);
      return Boolean.getBoolean(POSITIONING_PROPERTY) ? scaled
          : new VolumeSpeed(scaled.readBytesPerSecond(), scaled.writeBytesPerSecond());
    }
  }

  /** Set to {@code true} to charge DataNode volumes their device's positionings ({@link VolumeSpeed}). */
  public static final String POSITIONING_PROPERTY = "strata.emulation.datanode-positioning";

  /** The device moves a stream in windows of this many bytes: HDFS's default DataNode read-ahead. */
  public static final long DEFAULT_WINDOW_BYTES = 4L << 20;

  private final Map<String, DevicePacer> readThrottlers = new ConcurrentHashMap<>();
  private final Map<String, DevicePacer> writeThrottlers = new ConcurrentHashMap<>();
  private final Map<String, VolumeHead> heads = new ConcurrentHashMap<>();
  private final BlockStreams streams = new BlockStreams();
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
    this(speedsByStorageId, gate, pageCache, DEFAULT_WINDOW_BYTES);
  }

  /**
   * As {@link #VolumeBandwidthEvents(Map, VolumeIoGate, DataNodePageCache)}, each device moving a block's stream in
   * windows of {@code windowBytes} (the DataNode's read-ahead).
   */
  public VolumeBandwidthEvents(Map<String, VolumeSpeed> speedsByStorageId, VolumeIoGate gate,
      DataNodePageCache pageCache, long windowBytes) {
    super(null);
    this.gate = gate;
    this.pageCache = pageCache;
    speedsByStorageId.forEach((storageId, speed) -> {
      readThrottlers.put(storageId, new DevicePacer(speed.readBytesPerSecond(), speed.positionNanos()));
      writeThrottlers.put(storageId, new DevicePacer(speed.writeBytesPerSecond(), speed.positionNanos()));
      heads.put(storageId, new VolumeHead(windowBytes));
    });
  }

  /** A DataNode thread opens a block's file: an operation on the block starts. */
  @Override
  public void beforeMetadataOp(FsVolumeSpi volume, FileIoProvider.OPERATION op) {
    if (op == FileIoProvider.OPERATION.OPEN) {
      streams.opened();
    }
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
    boolean write = throttlers == writeThrottlers;
    BlockStreams.At at = streams.next(write, len);
    long deviceBytes = deviceBytes(write, at, len);
    if (deviceBytes <= 0) {
      return;
    }
    String storageId = volume.getStorageID();
    Runnable afterIo = gate == null ? VolumeIoGate.NOTHING_AFTER : gate.beforeIo(storageId, write, deviceBytes);
    try {
      DevicePacer throttler = throttlers.get(storageId);
      if (throttler != null) {
        VolumeHead head = heads.get(storageId);
        // I/O in no block (block scanner, disk checks) is paced for its bytes and leaves the head where it was.
        throttler.acquire(deviceBytes, at != null && head.positions(at));
      }
    } finally {
      // The pacer held the thread for the device time queued ahead of this I/O: that is when the device was busy.
      afterIo.run();
    }
  }

  /** The bytes of an I/O the device moves: all of a write, the part of a read the page cache misses. */
  private long deviceBytes(boolean write, BlockStreams.At at, long len) {
    if (pageCache == null) {
      return len;
    }
    if (write) {
      pageCache.write(at, len);
      return len;
    }
    return pageCache.read(at, len);
  }
}
