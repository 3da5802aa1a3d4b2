package io.strata.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.SpecParser;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The per-volume device model on {@link BandwidthSharingTest}'s tiny cluster: node c has two disks of 100 MB/s
 * read. Times are worked out by hand: 100 MB alone on a disk takes 1 s, two flows on one disk 50 MB/s each, 2 s.
 */
class PerVolumeDevicesTest {
  static final long MB = 1_000_000;
  static final int C = BandwidthSharingTest.C;
  static final int DISK = BandwidthSharingTest.DISK;

  /** Two block keys whose replicas on c land on the same volume, and one landing on the other volume. */
  private static long[] sameSameOther(SimCluster cluster) {
    long first = 1;
    long same = -1;
    long other = -1;
    int firstDevice = cluster.device(C, DISK, first);
    for (long key = 2; same < 0 || other < 0; key++) {
      if (cluster.device(C, DISK, key) == firstDevice) {
        same = same < 0 ? key : same;
      } else {
        other = other < 0 ? key : other;
      }
    }
    return new long[] {first, same, other};
  }

  private static Map<String, Double> readConcurrently(SimCluster cluster, long... keys) {
    FlowNetwork network = cluster.network();
    Map<String, Double> finished = new LinkedHashMap<>();
    for (long key : keys) {
      String name = "block " + key + " #" + finished.size() + "/" + network.flowsStarted();
      network.start(0, 100 * MB, false, cluster.readPath(C, DISK, C, key), (flow, now) -> finished.put(name, now));
    }
    while (network.activeFlows() > 0) {
      network.finishNext();
    }
    return finished;
  }

  private static SimCluster cluster(DeviceModel model) {
    return new SimCluster(SpecParser.parse("tiny", BandwidthSharingTest.SPEC), model);
  }

  @Test
  void twoReadsOfBlocksOnOneVolumeShareOneDisk() {
    SimCluster cluster = cluster(DeviceModel.PER_VOLUME);
    long[] keys = sameSameOther(cluster);
    Map<String, Double> finished = readConcurrently(cluster, keys[0], keys[1]);
    assertEquals(2, finished.size());
    finished.values().forEach(t -> assertEquals(2.0, t, 1e-9, "100 MB at half of one disk's 100 MB/s"));
    int volume = cluster.device(C, DISK, keys[0]);
    int idle = cluster.device(C, DISK, keys[2]);
    assertEquals(2.0, cluster.network().busyDeviceSeconds(volume, 2.0), 1e-9, "the shared disk busy 2 s");
    assertEquals(0.0, cluster.network().busyDeviceSeconds(idle, 2.0), 1e-9, "the other disk idle");
  }

  @Test
  void twoReadsOfBlocksOnDifferentVolumesEachGetADisk() {
    SimCluster cluster = cluster(DeviceModel.PER_VOLUME);
    long[] keys = sameSameOther(cluster);
    Map<String, Double> finished = readConcurrently(cluster, keys[0], keys[2]);
    finished.values().forEach(t -> assertEquals(1.0, t, 1e-9, "100 MB at one disk's 100 MB/s"));
  }

  @Test
  void twoReadersOfOneReplicaShareItsDiskWhereThePooledModelGaveEachADisk() {
    Map<String, Double> perVolume = readConcurrently(cluster(DeviceModel.PER_VOLUME), 7, 7);
    perVolume.values().forEach(t -> assertEquals(2.0, t, 1e-9, "one replica, one disk: 50 MB/s each"));
    Map<String, Double> pooled = readConcurrently(cluster(DeviceModel.POOLED), 7, 7);
    pooled.values().forEach(t -> assertEquals(1.0, t, 1e-9, "pooled: the tier's 200 MB/s, one disk's per flow"));
  }

  @Test
  void eachVolumeIsOneEnergyDeviceAndReplicasSpreadOverTheVolumes() {
    SimCluster cluster = cluster(DeviceModel.PER_VOLUME);
    assertEquals(2, cluster.deviceCount(C, DISK));
    assertEquals(4, cluster.deviceGroups().size(), "a, b and c's two volumes");
    cluster.deviceGroups().forEach(group -> assertEquals(1, group.devices()));
    int onFirst = 0;
    int blocks = 10_000;
    int first = cluster.device(C, DISK, 0);
    for (long key = 0; key < blocks; key++) {
      onFirst += cluster.device(C, DISK, key) == first ? 1 : 0;
    }
    assertTrue(onFirst > blocks * 0.45 && onFirst < blocks * 0.55, "even spread, got " + onFirst + " of " + blocks);
    assertNotEquals(cluster.device(C, DISK, 0), -1);
    assertEquals(1, cluster(DeviceModel.POOLED).deviceCount(C, DISK));
  }

  @Test
  void anUnknownDeviceModelIsNamedInTheError() {
    ConfigException error = assertThrows(ConfigException.class, () -> DeviceModel.parse("raid0"));
    assertTrue(error.getMessage().contains("'raid0'") && error.getMessage().contains("per-volume"), error.getMessage());
    assertEquals(DeviceModel.PER_VOLUME, DeviceModel.parse("per-volume"));
  }
}
