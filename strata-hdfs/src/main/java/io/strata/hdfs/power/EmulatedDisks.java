package io.strata.hdfs.power;

import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;

/**
 * The {@code emulated} driver: disks whose power state lives here instead of in hardware. It stands where the
 * kernel and the disk stand for a real volume: every data I/O of a DataNode passes {@link #beforeIo} (the
 * embedded cluster's I/O hook), which tells the power manager and, on a sleeping disk, really makes the I/O wait
 * the device's spin-up time. HDFS never sees the volume go away. The disks outlive a power manager, so one can be
 * stopped and another started over the same disks, as with real ones.
 */
public final class EmulatedDisks implements PowerDriver {
  /** What the disks tell about I/O; the power manager. */
  public interface IoListener {
    void ioStarted(String volumeId, WakeCause cause);

    void ioFinished(String volumeId);
  }

  private static final class Disk {
    final double spinUpSeconds;
    boolean asleep;
    double readyAt;

    Disk(double spinUpSeconds) {
      this.spinUpSeconds = spinUpSeconds;
    }
  }

  private static final Runnable NOTHING_AFTER = () -> {};

  private final Map<String, Disk> disks = new ConcurrentHashMap<>();
  /** Waits on the I/O thread; replaceable so tests need no real time. */
  public interface Sleeper {
    void sleep(double seconds);
  }

  private final DoubleSupplier clock;
  private final Sleeper sleeper;
  private volatile IoListener listener;

  /**
   * @param clock   seconds, the same clock the power manager uses
   * @param sleeper how an I/O waits for a spin-up
   */
  public EmulatedDisks(DoubleSupplier clock, Sleeper sleeper) {
    this.clock = clock;
    this.sleeper = sleeper;
  }

  /** Disks on the wall clock whose spin-ups really hold the I/O back. */
  public EmulatedDisks() {
    this(PowerManager.WALL_CLOCK, EmulatedDisks::sleep);
  }

  @Override
  public String name() {
    return "emulated";
  }

  /** Adds a disk for a volume (awake); I/O on volumes never added passes untouched. */
  public void add(PoweredVolume volume) {
    disks.putIfAbsent(volume.id(), new Disk(volume.device().spinUpSeconds()));
  }

  public void setListener(IoListener listener) {
    this.listener = listener;
  }

  @Override
  public boolean standby(PoweredVolume volume) {
    Disk disk = disks.get(volume.id());
    if (disk == null) {
      return false;
    }
    synchronized (disk) {
      disk.asleep = true;
    }
    return true;
  }

  @Override
  public Optional<PowerState> readState(PoweredVolume volume) {
    Disk disk = disks.get(volume.id());
    if (disk == null) {
      return Optional.empty();
    }
    synchronized (disk) {
      if (disk.asleep) {
        return Optional.of(PowerState.STANDBY);
      }
      return Optional.of(clock.getAsDouble() < disk.readyAt ? PowerState.SPINNING_UP : PowerState.IDLE);
    }
  }

  /** True when the disk of {@code volumeId} is in standby. */
  public boolean asleep(String volumeId) {
    Disk disk = disks.get(volumeId);
    return disk != null && disk.asleep;
  }

  /**
   * A DataNode is about to read or write {@code bytes} on the volume: a sleeping disk starts spinning up and the
   * calling thread waits until it is ready, as it would in the kernel. The cause is told apart by the DataNode
   * thread doing it (its block scanner threads are named {@code VolumeScannerThread}). The disk counts as busy, at
   * its active power, until the returned action runs: the caller runs it once the device has done the I/O.
   */
  public Runnable beforeIo(String volumeId, boolean write, long bytes) {
    Disk disk = disks.get(volumeId);
    if (disk == null) {
      return NOTHING_AFTER;
    }
    WakeCause cause = Thread.currentThread().getName().startsWith("VolumeScannerThread") ? WakeCause.BACKGROUND_SCAN
        : write ? WakeCause.WRITE : WakeCause.READ;
    IoListener current = listener;
    if (current != null) {
      current.ioStarted(volumeId, cause);
    }
    double wait;
    synchronized (disk) {
      double now = clock.getAsDouble();
      if (disk.asleep) {
        disk.asleep = false;
        disk.readyAt = now + disk.spinUpSeconds;
      }
      wait = disk.readyAt - now;
    }
    if (wait > 0) {
      sleeper.sleep(wait);
    }
    // The listener told of the start hears of the end, even if another one was set in between.
    return current == null ? NOTHING_AFTER : () -> current.ioFinished(volumeId);
  }

  @Override
  public void wake(PoweredVolume volume) {
    Disk disk = disks.get(volume.id());
    if (disk == null) {
      return;
    }
    synchronized (disk) {
      if (disk.asleep) {
        disk.asleep = false;
        disk.readyAt = clock.getAsDouble() + disk.spinUpSeconds;
      }
    }
  }

  private static void sleep(double seconds) {
    try {
      TimeUnit.NANOSECONDS.sleep((long) (seconds * 1e9));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
