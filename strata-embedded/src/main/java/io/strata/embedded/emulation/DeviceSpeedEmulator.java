package io.strata.embedded.emulation;

import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Map;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.FaultInjectorFileIoEvents;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;

/**
 * Installs per-volume bandwidth limits into a running DataNode.
 *
 * <p>Why this hook: HDFS's own {@code dfs.datanode.data.read.bandwidthPerSec} limits a whole DataNode and
 * only its reads, so it cannot make one node's SSD faster than its HDD. The DataNode's {@link FileIoProvider}
 * sees every data read, write and transfer together with the volume it touches, and calls a fault-injection
 * hook before each. Hadoop builds that hook from configuration and offers no class-name key for it, so we
 * swap in {@link VolumeBandwidthEvents} by reflection right after the DataNode starts, before any block is
 * written. This is an emulation aid for embedded clusters only; the production plugins never do this.
 */
public final class DeviceSpeedEmulator {
  private static final Field HOOK_FIELD;
  /** Linux's default read-ahead ({@code read_ahead_kb} 128), what a DataNode without its own read-ahead gets. */
  private static final long KERNEL_READAHEAD_BYTES = 128L << 10;

  static {
    try {
      HOOK_FIELD = FileIoProvider.class.getDeclaredField("faultInjectorEventHook");
      HOOK_FIELD.setAccessible(true);
    } catch (NoSuchFieldException e) {
      throw new ExceptionInInitializerError("this Hadoop has no FileIoProvider.faultInjectorEventHook: " + e);
    }
  }

  private DeviceSpeedEmulator() {}

  /** Limits each listed volume (by storage ID) of {@code dataNode} to its speed. */
  public static void install(DataNode dataNode, Map<String, VolumeBandwidthEvents.VolumeSpeed> speedsByStorageId)
      throws IOException {
    install(dataNode, speedsByStorageId, null);
  }

  /**
   * Limits each listed volume of {@code dataNode} to its speed (none when the map is empty) and has {@code gate}
   * (or null) see every data I/O first.
   */
  public static void install(DataNode dataNode, Map<String, VolumeBandwidthEvents.VolumeSpeed> speedsByStorageId,
      VolumeIoGate gate) throws IOException {
    install(dataNode, speedsByStorageId, gate, null);
  }

  /**
   * As {@link #install(DataNode, Map, VolumeIoGate)}, reading through {@code pageCache} (or null: none); a device
   * moves a block in windows of the DataNode's read-ahead ({@code dfs.datanode.readahead.bytes}).
   */
  public static void install(DataNode dataNode, Map<String, VolumeBandwidthEvents.VolumeSpeed> speedsByStorageId,
      VolumeIoGate gate, DataNodePageCache pageCache) throws IOException {
    FileIoProvider provider = dataNode.getFileIoProvider();
    long readahead = dataNode.getConf().getLong(DFSConfigKeys.DFS_DATANODE_READAHEAD_BYTES_KEY,
        DFSConfigKeys.DFS_DATANODE_READAHEAD_BYTES_DEFAULT);
    long windowBytes = readahead > 0 ? readahead : KERNEL_READAHEAD_BYTES;
    try {
      HOOK_FIELD.set(provider, new VolumeBandwidthEvents(speedsByStorageId, gate, pageCache, windowBytes));
    } catch (IllegalAccessException e) {
      throw new IOException("cannot install the device speed emulation into DataNode " + dataNode.getDisplayName(), e);
    }
  }

  /** True when {@code dataNode} currently runs with emulated device speeds. */
  public static boolean isInstalled(DataNode dataNode) {
    try {
      FaultInjectorFileIoEvents hook = (FaultInjectorFileIoEvents) HOOK_FIELD.get(dataNode.getFileIoProvider());
      return hook instanceof VolumeBandwidthEvents;
    } catch (IllegalAccessException e) {
      return false;
    }
  }
}
