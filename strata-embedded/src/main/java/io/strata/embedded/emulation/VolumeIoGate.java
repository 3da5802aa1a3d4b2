package io.strata.embedded.emulation;

/**
 * Sees each data read and write a DataNode makes on a volume before it happens, and may hold it back: the
 * emulated power manager uses it to learn of I/O and to make the first I/O on a sleeping volume wait the
 * device's spin-up time, as the kernel would on a real disk.
 */
@FunctionalInterface
public interface VolumeIoGate {
  /**
   * Called on the DataNode thread doing the I/O, before the device's bandwidth pacing.
   *
   * @param storageId the volume's storage ID
   * @param write     true for a write, false for a read or transfer
   * @param bytes     the length of the I/O
   */
  void beforeIo(String storageId, boolean write, long bytes);
}
