package io.strata.hdfs.power;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.VolumeSpec;
import java.nio.file.Path;
import java.util.Objects;

/**
 * One DataNode volume the power manager knows.
 *
 * @param id        the name it goes by in status and state files: the DataNode's storage ID when known, else the
 *                  volume directory
 * @param host      the DataNode host
 * @param directory the volume's directory ({@code dfs.datanode.data.dir} entry)
 * @param device    its device profile: powers, spin-up time and energy
 * @param backup    true for a backup volume, the only kind the manager puts to sleep
 */
public record PoweredVolume(String id, String host, Path directory, DeviceProfile device, boolean backup) {
  public PoweredVolume {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(host, "host");
    Objects.requireNonNull(device, "device");
  }

  /** A volume of a cluster spec, by its DataNode storage ID: its device and role come from the spec. */
  public static PoweredVolume of(String storageId, String host, Path directory, VolumeSpec spec) {
    return new PoweredVolume(storageId, host, directory, spec.device(), spec.backup());
  }

  /** {@code host:directory}, for messages. */
  public String label() {
    return host + ":" + (directory == null ? id : directory.toString());
  }
}
