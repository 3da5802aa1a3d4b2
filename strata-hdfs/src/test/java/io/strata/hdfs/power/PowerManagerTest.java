package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PowerManagerTest {
  private final DeviceProfile array = DeviceCatalog.builtin().get("backup-array");
  private final DeviceProfile disk = DeviceCatalog.builtin().get("primary-disk");
  private final PoweredVolume primary = new PoweredVolume("p1", "e1", Path.of("/d/p"), disk, false);
  private final PoweredVolume backup = new PoweredVolume("b1", "e1", Path.of("/d/b"), array, true);
  private double now = 1_000;
  private final List<Double> waits = new ArrayList<>();
  private final EmulatedDisks disks = new EmulatedDisks(() -> now, waits::add);

  @TempDir
  Path state;

  private PowerManager manager(RedundancyWatch watch) throws Exception {
    disks.add(primary);
    disks.add(backup);
    PowerManager manager = new PowerManager(List.of(primary, backup),
        PowerManager.Settings.defaults(state).withIdleTimeout(Duration.ofSeconds(120)), disks, watch, () -> now);
    disks.setListener(manager);
    return manager;
  }

  @Test
  void aBackupSleepsAfterItsTimeoutAndTheFirstIoWaitsTheSpinUp() throws Exception {
    PowerManager manager = manager(null);
    manager.tick();
    assertEquals(PowerState.IDLE, manager.state("b1"));
    now += 121;
    manager.tick();
    assertTrue(disks.asleep("b1"), "the backup sleeps after the idle timeout");
    assertTrue(!disks.asleep("p1"), "a primary never sleeps");
    now += 10;
    disks.beforeIo("b1", false, 4096).run();
    assertEquals(List.of(array.spinUpSeconds()), waits, "the first read on a sleeping disk waits its spin-up");
    PowerStatus status = manager.status();
    PowerStatus.Volume b = status.volumes().get(1);
    assertEquals(1, b.spinUpsByCause().get(WakeCause.READ));
    assertEquals(array.spinUpSeconds(), b.stallSeconds(), 1e-9);
    assertTrue(b.secondsByState().get(PowerState.STANDBY) >= 10);
    assertTrue(status.table().contains("backup"), status.table());
  }

  @Test
  void aDiskIsChargedItsActivePowerForTheDeviceTimeOfItsIo() throws Exception {
    PowerManager manager = manager(null);
    Runnable done = disks.beforeIo("p1", false, 1 << 20);
    now += 3; // the device time the pacer held the read
    done.run();
    now += 7;
    double oneRead = manager.status().volumes().get(0).joules();
    assertEquals(3 * disk.activeWatts() + 7 * disk.idleWatts(), oneRead, 1e-6,
        "idle watts x wall time plus the active share");
    done = disks.beforeIo("p1", false, 1 << 20);
    now += 3;
    done.run();
    now += 7;
    double twoReads = manager.status().volumes().get(0).joules();
    assertEquals(2 * oneRead, twoReads, 1e-6, "twice the device time, twice the energy over twice the wall time");
    assertTrue(twoReads - oneRead > 10 * disk.idleWatts(), "the second read costs more than idling through it");
  }

  @Test
  void theSavingIsAgainstTheSameDisksNeverSleepingAndIsSummedPerNode() throws Exception {
    PowerManager manager = manager(null);
    manager.tick();
    now += 121;
    manager.tick();
    now += 1_000;
    PowerStatus status = manager.status();
    PowerStatus.Volume b = status.volumes().get(1);
    // Never sleeping, the array would have idled all 1,121 s; it idled 121 s and slept 1,000 s.
    assertEquals(1_121 * array.idleWatts(), b.alwaysOnJoules(), 1e-6);
    assertEquals(121 * array.idleWatts() + 1_000 * array.standbyWatts(), b.joules(), 1e-6);
    assertEquals(1_000 * (array.idleWatts() - array.standbyWatts()), status.savedJoules(), 1e-6);
    PowerStatus.Node node = status.nodes().get(0);
    assertEquals("e1", node.host());
    assertEquals(1, node.backupsAsleep());
    assertEquals(1, node.backupVolumes());
    assertEquals(status.diskJoules(), node.diskJoules(), 1e-6);
    assertEquals(status.nodeJoules(), node.nodeJoules(), 1e-6);
    assertTrue(status.nodeTable().contains("1/1"), status.nodeTable());
    assertTrue(status.table().contains("saved"), status.table());
  }

  @Test
  void aNameNodeReportingLowRedundancyKeepsBackupsAwakeAndWakesSleepingOnes() throws Exception {
    long[] low = {0};
    PowerManager manager = manager(() -> new RedundancyWatch.Redundancy(low[0], 0));
    now += 121;
    manager.tick();
    assertTrue(disks.asleep("b1"));
    low[0] = 5;
    manager.tick();
    assertTrue(!disks.asleep("b1"), "low redundancy wakes the backups");
    assertEquals(1, manager.status().volumes().get(1).spinUpsByCause().get(WakeCause.LOW_REDUNDANCY));
    now += 1_000;
    manager.tick();
    assertTrue(!disks.asleep("b1"), "held awake while blocks are low on redundancy");
    low[0] = 0;
    manager.tick();
    assertTrue(disks.asleep("b1"), "released once the NameNode is done (the idle time already passed)");
  }

  @Test
  void aRestartedManagerFindsTheSleepingDiskAndKeepsCountingItsBudget() throws Exception {
    PowerManager first = manager(null);
    now += 121;
    first.tick();
    disks.beforeIo("b1", true, 1).run();
    now += 200;
    first.tick();
    assertTrue(disks.asleep("b1"));
    // No close(): as after a SIGKILL, only what the last tick wrote survives.
    now += 5;
    PowerManager second = new PowerManager(List.of(primary, backup),
        PowerManager.Settings.defaults(state).withIdleTimeout(Duration.ofSeconds(120)), disks, null, () -> now);
    assertEquals(PowerState.STANDBY, second.state("b1"), "the state is read from the disk");
    assertTrue(PowerManager.readStatus(state).isPresent());
    second.tick();
    assertTrue(disks.asleep("b1"));
  }

  @Test
  void aStatusFileWithoutItsVolumesOrTheirStatesIsRefused() throws Exception {
    // Found by PowerStatusFuzzTest: such a file was read, and strata power status, strata report and the dashboard's
    // energy page then failed on a NullPointerException printing it.
    PowerManager manager = manager(null);
    manager.tick();
    now += 121;
    manager.tick();
    disks.beforeIo("b1", false, 4096).run();
    manager.close();
    ObjectMapper json = new ObjectMapper();
    File file = state.resolve(PowerManager.STATUS_FILE).toFile();
    ObjectNode written = (ObjectNode) json.readTree(file);
    List<Consumer<ObjectNode>> breaks = List.of(status -> status.putNull("volumes"),
        status -> ((ObjectNode) status.get("volumes").get(0)).remove("state"),
        status -> ((ObjectNode) status.get("volumes").get(1).get("spinUpsByCause")).putNull("READ"));
    for (Consumer<ObjectNode> broken : breaks) {
      ObjectNode status = written.deepCopy();
      broken.accept(status);
      json.writeValue(file, status);
      assertThrows(IOException.class, () -> PowerManager.readStatus(state), status::toString);
    }
  }

  @Test
  void aStatusFileThatCannotBeReadIsNamedWithWhereAndWhy() throws Exception {
    // Found by PowerStatusFuzzTest: bytes Jackson takes for UTF-32 threw a CharConversionException, and every other
    // refusal was Jackson's message alone, none of them naming the file.
    Path file = state.resolve(PowerManager.STATUS_FILE);
    Files.write(file, new byte[] {'{', 0, 0, 0, 'a', 'b', 'c', 'd'});
    IOException undecodable = assertThrows(IOException.class, () -> PowerManager.readStatus(state));
    assertTrue(undecodable.getMessage().startsWith(file + ": not a power manager status: Invalid UTF-32"),
        undecodable.getMessage());
    Files.writeString(file, "{\"volumes\": [{\"id\": \"b1\", \"state\": \"STANDBY\"}]}");
    IOException incomplete = assertThrows(IOException.class, () -> PowerManager.readStatus(state));
    assertEquals(file + ":1:45: not a power manager status: volume b1 lacks its state, its seconds by state or its "
        + "spin-ups by cause", incomplete.getMessage());
  }
}
