package io.strata.bench.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.hdfs.power.EmulatedDisks;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PoweredVolume;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's accounted window opens before its input is written: the disks' active time during the write counts, so
 * native disk energy is idle watts x wall time plus the active share, and twice the bytes cost more.
 */
class EnergyWindowTest {
  private static final double BYTES_PER_SECOND = 100e6;

  private final DeviceProfile disk = DeviceCatalog.builtin().get("primary-disk");
  private final PoweredVolume volume = new PoweredVolume("p1", "e1", Path.of("/d/p"), disk, false);
  private double now = 1_000;
  private final EmulatedDisks disks = new EmulatedDisks(() -> now, seconds -> now += seconds);

  @TempDir
  Path state;

  private PowerManager nativeManager() throws Exception {
    disks.add(volume);
    PowerManager manager = new PowerManager(List.of(volume),
        PowerManager.Settings.defaults(state).withSleepBackups(false), disks, null, () -> now);
    disks.setListener(manager);
    return manager;
  }

  /** The volume moves {@code bytes} at the device rate, then the step idles until {@code seconds} have passed. */
  private EnergyBenchmark.Step<Void> io(long bytes, double seconds) {
    return () -> {
      double end = now + seconds;
      Runnable done = disks.beforeIo("p1", true, bytes);
      now += bytes / BYTES_PER_SECOND; // the device time the pacer holds the I/O
      done.run();
      now = end;
      return null;
    };
  }

  private double diskJoules(EnergyBenchmark.Window<?> window) {
    return window.after().diskJoules() - window.before().diskJoules();
  }

  @Test
  void theInputWriteIsInsideTheWindowAndChargedItsActiveShare() throws Exception {
    PowerManager manager = nativeManager();
    // The write moves 1 GB (10 s of device time) in 30 s; the job only idles on this disk for 60 s.
    EnergyBenchmark.Window<Void> window = EnergyBenchmark.accounted(manager, () -> now, io(1_000_000_000L, 30),
        io(0, 60));
    assertEquals(30, window.writeSeconds(), 1e-9);
    assertEquals(60, window.jobSeconds(), 1e-9);
    double idleOnly = disk.idleWatts() * 90;
    double activeShare = (disk.activeWatts() - disk.idleWatts()) * 10;
    assertEquals(idleOnly + activeShare, diskJoules(window), 1e-6,
        "idle watts x the window's wall time plus the write's active share");
    assertTrue(diskJoules(window) > idleOnly, "more than idling through the window");
  }

  @Test
  void twiceTheBytesInTheSameWindowCostMore() throws Exception {
    PowerManager manager = nativeManager();
    EnergyBenchmark.Window<Void> once = EnergyBenchmark.accounted(manager, () -> now, io(500_000_000L, 30),
        io(500_000_000L, 60));
    EnergyBenchmark.Window<Void> twice = EnergyBenchmark.accounted(manager, () -> now, io(1_000_000_000L, 30),
        io(1_000_000_000L, 60));
    assertEquals(once.writeSeconds() + once.jobSeconds(), twice.writeSeconds() + twice.jobSeconds(), 1e-9);
    assertEquals((disk.activeWatts() - disk.idleWatts()) * 10, diskJoules(twice) - diskJoules(once), 1e-6,
        "the 10 s more of device time, charged at active instead of idle watts");
  }
}
