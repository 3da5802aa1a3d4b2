package io.strata.core.spec;

import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;

/**
 * One device on one node, which becomes one DataNode volume.
 *
 * @param device        what the device is
 * @param capacityBytes how much HDFS may store on it
 * @param backup        true for a backup volume (energy-efficient HDFS keeps only non-primary replicas there)
 */
public record VolumeSpec(DeviceProfile device, long capacityBytes, boolean backup) {
  public StorageKind storageKind() {
    return device.storageKind();
  }
}
