package io.strata.hdfs.power;

import io.strata.core.energy.PowerState;
import java.util.Optional;

/**
 * How the power manager reaches a volume's device: put it into standby, read its power state without waking it,
 * and learn of I/O the manager was not told about directly. The manager decides (through the core's
 * {@code VolumePower}); a driver only carries out.
 */
public interface PowerDriver {
  /** The driver's name as {@code strata power run --driver} takes it. */
  String name();

  /**
   * Puts the device into standby. Returns false when that did not happen (the tool is missing, failed or hung):
   * the device is then taken to be awake, which never loses data.
   */
  boolean standby(PoweredVolume volume);

  /** Starts waking the device ahead of I/O (prediction, a hold); returns without waiting for the spin-up. */
  void wake(PoweredVolume volume);

  /** The device's power state, read without waking it; empty when it cannot be read. */
  Optional<PowerState> readState(PoweredVolume volume);

  /**
   * True when the device did I/O since the last call that the manager was not told of (for real disks: their
   * kernel I/O counters moved). Drivers that report every I/O themselves answer false.
   */
  default boolean ioSinceLastPoll(PoweredVolume volume) {
    return false;
  }

  /** Failures of the device tool so far (each left the device awake). */
  default long failures() {
    return 0;
  }
}
