package io.strata.bench.energy;

import io.strata.core.energy.WriteGroup;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.emulation.VolumeIoGate;
import io.strata.hdfs.power.DataNodeList;
import io.strata.hdfs.power.EmulatedDisks;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PoweredVolume;
import io.strata.hdfs.power.RedundancyWatch;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * The power manager over an embedded cluster with the {@code emulated} driver: one manager for all of the
 * cluster's hosts (they share one JVM), whose disks see every DataNode I/O through the cluster's I/O hook.
 */
public final class EmbeddedPower implements AutoCloseable {
  private final EmbeddedCluster cluster;
  private final EmulatedDisks disks;
  private final PowerManager manager;

  private EmbeddedPower(EmbeddedCluster cluster, EmulatedDisks disks, PowerManager manager) {
    this.cluster = cluster;
    this.disks = disks;
    this.manager = manager;
  }

  /** Each volume of the cluster as the power manager knows it: storage ID, host, directory, device, role. */
  public static List<PoweredVolume> volumes(EmbeddedCluster cluster) {
    return cluster.volumes().stream().map(v -> new PoweredVolume(v.storageId(), v.host(), v.directory(),
        v.spec().device(), v.spec().backup())).toList();
  }

  /**
   * Starts a manager over {@code cluster}; {@code observer} (or null) sees each I/O before the disks do, as the
   * benchmark's counters do.
   */
  public static EmbeddedPower start(EmbeddedCluster cluster, PowerManager.Settings settings, VolumeIoGate observer)
      throws IOException {
    return start(cluster, settings, observer, null);
  }

  /**
   * As {@link #start(EmbeddedCluster, PowerManager.Settings, VolumeIoGate)}, keeping the backups of each host in
   * {@code writeGroup} (or null for none) awake through its turns; the NameNode must have the same group
   * ({@code strata.energy.write-group}).
   */
  public static EmbeddedPower start(EmbeddedCluster cluster, PowerManager.Settings settings, VolumeIoGate observer,
      WriteGroup writeGroup) throws IOException {
    List<PoweredVolume> volumes = volumes(cluster);
    EmulatedDisks disks = new EmulatedDisks();
    volumes.forEach(disks::add);
    PowerManager manager = new PowerManager(volumes, settings, disks,
        RedundancyWatch.nameNodeJmx(URI.create(cluster.webUi())), PowerManager.WALL_CLOCK);
    if (writeGroup != null) {
      manager.useWriteGroup(writeGroup, DataNodeList.nameNodeJmx(URI.create(cluster.webUi())));
    }
    disks.setListener(manager);
    cluster.setIoGate((storageId, write, bytes) -> {
      if (observer != null) {
        observer.beforeIo(storageId, write, bytes);
      }
      disks.beforeIo(storageId, write, bytes);
    });
    manager.start();
    return new EmbeddedPower(cluster, disks, manager);
  }

  public PowerManager manager() {
    return manager;
  }

  public EmulatedDisks disks() {
    return disks;
  }

  /** Stops the manager and takes the hook out; sleeping disks wake at their next I/O no more. */
  @Override
  public void close() throws IOException {
    manager.close();
    cluster.setIoGate(null);
  }
}
