package io.strata.core.device;

import java.util.Map;
import java.util.Objects;

/**
 * What one kind of storage device can do and what it costs: the numbers every Strata policy and the
 * simulator reason with, and that the embedded cluster emulates.
 *
 * @param name                unique profile name, e.g. {@code pcie-ssd}
 * @param storageKind         the HDFS storage type a volume of this device is exposed as
 * @param readMBps            sequential read bandwidth, MB/s (10^6 bytes per second)
 * @param writeMBps           sequential write bandwidth, MB/s
 * @param iops                random 4 KiB operations per second
 * @param activeWatts         power while transferring data
 * @param idleWatts           power while spun up but idle
 * @param standbyWatts        power in the lowest state the device can enter (equals idle where it has none)
 * @param spinUpSeconds       time from standby to ready; 0 for solid-state devices
 * @param spinUpJoules        energy spent by one wake-up
 * @param costPerGB           purchase cost, US dollars per GB
 * @param internallyRedundant true when the device protects its own data (RAID filer), so one HDFS replica
 *                            on it is not a single point of loss
 * @param ratedStartStops     start/stop (spin-down and spin-up) cycles the vendor rates the device for over its
 *                            service life; 0 when unrated (solid-state devices, or no figure known)
 * @param serviceLifeYears    the service life those cycles are rated over, years; 0 when unrated
 * @param sources             where each number comes from, keyed by field name
 * @param positionMillis      time to position before a random access (seek plus rotational latency on a disk,
 *                            1/IOPS on flash); 0 when unknown. Sequential bandwidth alone cannot describe the
 *                            small random reads of a MapReduce shuffle
 */
public record DeviceProfile(
    String name,
    StorageKind storageKind,
    double readMBps,
    double writeMBps,
    double iops,
    double activeWatts,
    double idleWatts,
    double standbyWatts,
    double spinUpSeconds,
    double spinUpJoules,
    double costPerGB,
    boolean internallyRedundant,
    long ratedStartStops,
    double serviceLifeYears,
    Map<String, String> sources,
    double positionMillis) {

  public DeviceProfile {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(storageKind, "storageKind");
    sources = sources == null ? Map.of() : Map.copyOf(sources);
  }

  /** A profile without a start/stop rating or a positioning cost. */
  public DeviceProfile(String name, StorageKind storageKind, double readMBps, double writeMBps, double iops,
      double activeWatts, double idleWatts, double standbyWatts, double spinUpSeconds, double spinUpJoules,
      double costPerGB, boolean internallyRedundant, Map<String, String> sources) {
    this(name, storageKind, readMBps, writeMBps, iops, activeWatts, idleWatts, standbyWatts, spinUpSeconds,
        spinUpJoules, costPerGB, internallyRedundant, 0, 0, sources, 0);
  }

  /** A profile with a start/stop rating and no positioning cost. */
  public DeviceProfile(String name, StorageKind storageKind, double readMBps, double writeMBps, double iops,
      double activeWatts, double idleWatts, double standbyWatts, double spinUpSeconds, double spinUpJoules,
      double costPerGB, boolean internallyRedundant, long ratedStartStops, double serviceLifeYears,
      Map<String, String> sources) {
    this(name, storageKind, readMBps, writeMBps, iops, activeWatts, idleWatts, standbyWatts, spinUpSeconds,
        spinUpJoules, costPerGB, internallyRedundant, ratedStartStops, serviceLifeYears, sources, 0);
  }

  /** A profile with a positioning cost and no start/stop rating. */
  public DeviceProfile(String name, StorageKind storageKind, double readMBps, double writeMBps, double iops,
      double activeWatts, double idleWatts, double standbyWatts, double spinUpSeconds, double spinUpJoules,
      double costPerGB, boolean internallyRedundant, Map<String, String> sources, double positionMillis) {
    this(name, storageKind, readMBps, writeMBps, iops, activeWatts, idleWatts, standbyWatts, spinUpSeconds,
        spinUpJoules, costPerGB, internallyRedundant, 0, 0, sources, positionMillis);
  }

  /** Positioning time in nanoseconds, the unit the local-dir emulation works in. */
  public long positionNanos() {
    return Math.round(positionMillis * 1_000_000d);
  }

  /** Seconds one random read of {@code bytes} takes: a positioning, then the transfer. */
  public double randomReadSeconds(long bytes) {
    return positionMillis / 1000d + bytes / (readMBps * 1_000_000d);
  }

  /** Read bandwidth in bytes per second, the unit the DataNode throttle works in. */
  public long readBytesPerSecond() {
    return Math.round(readMBps * 1_000_000d);
  }

  /** Write bandwidth in bytes per second. */
  public long writeBytesPerSecond() {
    return Math.round(writeMBps * 1_000_000d);
  }

  /** True when the device can enter a standby state that saves power (spinning disks). */
  public boolean canSpinDown() {
    return spinUpSeconds > 0 && standbyWatts < idleWatts;
  }

  /** True when the vendor rates how many times the device may start and stop over its service life. */
  public boolean hasStartStopRating() {
    return ratedStartStops > 0 && serviceLifeYears > 0;
  }
}
