package io.strata.bench.energy;

import io.strata.core.energy.WriteGroup;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.power.EmbeddedPower;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PoweredVolume;
import java.io.IOException;
import java.net.URI;
import java.util.List;

/**
 * The power manager over an embedded cluster, its emulated disks behind the cluster's I/O hook, as
 * {@code strata cluster up --power}, {@code strata demo --energy} and {@code strata bench energy} run it. Here
 * because strata-hdfs's {@link EmbeddedPower} cannot see strata-embedded's cluster.
 */
public final class EmbeddedClusterPower {
  private EmbeddedClusterPower() {}

  /** Starts the power manager over every volume of {@code cluster}. */
  public static EmbeddedPower start(EmbeddedCluster cluster, PowerManager.Settings settings) throws IOException {
    return start(cluster, settings, null, null);
  }

  /**
   * As {@link #start(EmbeddedCluster, PowerManager.Settings)}; {@code observer} (or null) sees each I/O before the
   * disks do, and each host's backups stay awake through its turns in {@code writeGroup} (or null).
   */
  public static EmbeddedPower start(EmbeddedCluster cluster, PowerManager.Settings settings,
      EmbeddedPower.IoObserver observer, WriteGroup writeGroup) throws IOException {
    return start(cluster, volumes(cluster), settings, observer, writeGroup);
  }

  /**
   * The power manager as an idle spin-down tool beside stock HDFS runs it: every volume of {@code cluster}, whatever
   * its role in the spec, sleeps after the idle timeout and wakes on I/O, by the same emulated driver.
   */
  public static EmbeddedPower startSleepingEveryVolume(EmbeddedCluster cluster, PowerManager.Settings settings,
      EmbeddedPower.IoObserver observer) throws IOException {
    List<PoweredVolume> every = volumes(cluster).stream()
        .map(v -> new PoweredVolume(v.id(), v.host(), v.directory(), v.device(), true)).toList();
    return start(cluster, every, settings, observer, null);
  }

  private static EmbeddedPower start(EmbeddedCluster cluster, List<PoweredVolume> volumes,
      PowerManager.Settings settings, EmbeddedPower.IoObserver observer, WriteGroup writeGroup) throws IOException {
    return EmbeddedPower.start(volumes, URI.create(cluster.webUi()),
        gate -> cluster.setIoGate(gate == null ? null : gate::beforeIo), settings, observer, writeGroup);
  }

  /** Each volume of the cluster as the power manager knows it. */
  public static List<PoweredVolume> volumes(EmbeddedCluster cluster) {
    return cluster.volumes().stream().map(v -> PoweredVolume.of(v.storageId(), v.host(), v.directory(), v.spec()))
        .toList();
  }
}
