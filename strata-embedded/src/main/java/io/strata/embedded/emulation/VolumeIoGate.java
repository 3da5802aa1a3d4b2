package io.strata.embedded.emulation;

/**
 * Sees each data read and write a DataNode makes on a volume, from before it reaches the device until the device
 * released it, and may hold it back: the emulated power manager uses it to learn of I/O, to charge the device's
 * active power while the I/O holds it, and to make the first I/O on a sleeping volume wait the device's spin-up
 * time, as the kernel would on a real disk.
 */
@FunctionalInterface
public interface VolumeIoGate {
  /** What a gate returns when it has nothing to do once the I/O is done. */
  Runnable NOTHING_AFTER = () -> {};

  /**
   * Called on the DataNode thread doing the I/O, before the device's bandwidth pacing.
   *
   * @param storageId the volume's storage ID
   * @param write     true for a write, false for a read or transfer
   * @param bytes     the length of the I/O
   * @return run on the same thread once the device's pacing released the I/O, also when the pacing failed
   */
  Runnable beforeIo(String storageId, boolean write, long bytes);
}
