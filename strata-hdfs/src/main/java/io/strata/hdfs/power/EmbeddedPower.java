package io.strata.hdfs.power;

import io.strata.core.energy.WriteGroup;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * The power manager over an in-JVM cluster (strata-embedded's {@code EmbeddedCluster}) with the {@code emulated}
 * driver: one manager for all of the cluster's hosts (they share one JVM), whose disks see every DataNode I/O
 * through the cluster's I/O hook. {@code strata cluster up --power}, {@code strata demo --energy} and
 * {@code strata bench energy} start it; the cluster stays an argument (an I/O hook and a web UI) because this
 * module does not depend on the embedded one.
 */
public final class EmbeddedPower implements AutoCloseable {
  /** Sees a DataNode's data I/O before it happens, on the thread doing it. */
  @FunctionalInterface
  public interface IoObserver {
    void beforeIo(String volumeId, boolean write, long bytes);
  }

  /**
   * Sees a DataNode's data I/O on the thread doing it, before the device's pacing, and returns what to run once the
   * device has done it.
   */
  @FunctionalInterface
  public interface IoGate {
    Runnable beforeIo(String volumeId, boolean write, long bytes);
  }

  /** Installs a gate as the cluster's I/O hook ({@code null} takes it out): {@code EmbeddedCluster::setIoGate}. */
  @FunctionalInterface
  public interface IoHook {
    void install(IoGate gate) throws IOException;
  }

  private final IoHook hook;
  private final EmulatedDisks disks;
  private final PowerManager manager;

  private EmbeddedPower(IoHook hook, EmulatedDisks disks, PowerManager manager) {
    this.hook = hook;
    this.disks = disks;
    this.manager = manager;
  }

  /**
   * Starts a manager over the cluster's {@code volumes}; {@code observer} (or null) sees each I/O before the disks
   * do, as the benchmark's counters do.
   *
   * @param nameNodeWebUi the NameNode's web UI, whose JMX tells of low redundancy and decommissions
   */
  public static EmbeddedPower start(List<PoweredVolume> volumes, URI nameNodeWebUi, IoHook hook,
      PowerManager.Settings settings, IoObserver observer) throws IOException {
    return start(volumes, nameNodeWebUi, hook, settings, observer, null);
  }

  /**
   * As {@link #start(List, URI, IoHook, PowerManager.Settings, IoObserver)}, keeping each host's backups awake
   * through its turns in {@code writeGroup} (null for none); the NameNode must have the same group
   * ({@code strata.energy.write-group}).
   */
  public static EmbeddedPower start(List<PoweredVolume> volumes, URI nameNodeWebUi, IoHook hook,
      PowerManager.Settings settings, IoObserver observer, WriteGroup writeGroup) throws IOException {
    EmulatedDisks disks = new EmulatedDisks();
    volumes.forEach(disks::add);
    PowerManager manager = new PowerManager(volumes, settings, disks, RedundancyWatch.nameNodeJmx(nameNodeWebUi),
        PowerManager.WALL_CLOCK);
    if (writeGroup != null) {
      manager.useWriteGroup(writeGroup, DataNodeList.nameNodeJmx(nameNodeWebUi));
    }
    disks.setListener(manager);
    hook.install((volumeId, write, bytes) -> {
      if (observer != null) {
        observer.beforeIo(volumeId, write, bytes);
      }
      return disks.beforeIo(volumeId, write, bytes);
    });
    manager.start();
    return new EmbeddedPower(hook, disks, manager);
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
    hook.install(null);
  }
}
