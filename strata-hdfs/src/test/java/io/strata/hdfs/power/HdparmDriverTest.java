package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.energy.PowerState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hdparm driver against a fake {@code hdparm} that records its arguments and keeps the drive's state in a file,
 * over a fake {@code /proc} and {@code /sys}: there are no real disks to spin down here.
 */
class HdparmDriverTest {
  @TempDir
  Path dir;
  private Path root;
  private Path backupDir;
  private Path calls;
  private Path driveState;
  private BlockDevices devices;

  @BeforeEach
  void fakeHost() throws IOException {
    root = dir.resolve("root");
    backupDir = Files.createDirectories(dir.resolve("mnt/backup/dn"));
    Path ssdDir = Files.createDirectories(dir.resolve("mnt/ssd"));
    Path tmpfsDir = Files.createDirectories(dir.resolve("mnt/tmpfs"));
    Files.createDirectories(root.resolve("proc/self"));
    Files.writeString(root.resolve("proc/self/mountinfo"), String.join("\n",
        "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
        "30 22 8:17 / " + dir.resolve("mnt/backup").toRealPath() + " rw,relatime shared:2 - ext4 /dev/sdb1 rw",
        "31 22 259:0 / " + ssdDir.toRealPath() + " rw - ext4 /dev/nvme0n1 rw",
        "32 22 0:30 / " + tmpfsDir.toRealPath() + " rw - tmpfs tmpfs rw", ""));
    Files.writeString(root.resolve("proc/diskstats"),
        "   8      16 sdb 100 0 800 10 50 0 400 5 0 15 15 0 0 0 0\n");
    disk("sda", "1", "sda1");
    disk("sdb", "1", "sdb1");
    disk("nvme0n1", "0", null);
    devices = new BlockDevices(root);
    calls = dir.resolve("calls.log");
    driveState = dir.resolve("drive.state");
    Files.writeString(driveState, "active/idle");
  }

  private void disk(String name, String rotational, String partition) throws IOException {
    Path device = Files.createDirectories(root.resolve("sys/devices/" + name));
    Files.createDirectories(device.resolve("queue"));
    Files.writeString(device.resolve("queue/rotational"), rotational + "\n");
    Files.createDirectories(root.resolve("sys/class/block"));
    Files.createSymbolicLink(root.resolve("sys/class/block/" + name), device);
    if (partition != null) {
      Path part = Files.createDirectories(device.resolve(partition));
      Files.writeString(part.resolve("partition"), "1\n");
      Files.createSymbolicLink(root.resolve("sys/class/block/" + partition), part);
    }
  }

  private Path fakeHdparm(String body) throws IOException {
    Path tool = dir.resolve("hdparm");
    Files.writeString(tool, "#!/bin/sh\necho \"$@\" >> " + calls + "\n" + body + "\n");
    Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
    return tool;
  }

  private static final String WORKING = String.join("\n",
      "case \"$1\" in",
      "  -y) echo standby > STATE; echo \" issuing standby command\" ;;",
      "  -C) echo \" drive state is:  $(cat STATE)\" ;;",
      "esac");

  private PoweredVolume backup(Path directory) {
    return new PoweredVolume("b", "e1", directory, DeviceCatalog.builtin().get("backup-array"), true);
  }

  @Test
  void standbyAndStateRunTheToolOnTheDiskHoldingTheVolumeWithoutAShell() throws Exception {
    Path tool = fakeHdparm(WORKING.replace("STATE", driveState.toString()));
    PoweredVolume volume = backup(backupDir);
    HdparmDriver driver = new HdparmDriver(List.of(volume), tool.toString(), Duration.ofSeconds(5), devices);
    assertEquals(Path.of("/dev/sdb"), driver.disk(volume).orElseThrow().deviceFile(), "sdb1's whole disk");
    assertEquals(Optional.of(PowerState.IDLE), driver.readState(volume));
    assertTrue(driver.standby(volume));
    assertEquals(Optional.of(PowerState.STANDBY), driver.readState(volume));
    assertEquals(List.of("-C /dev/sdb", "-y /dev/sdb", "-C /dev/sdb"), Files.readAllLines(calls));
    assertEquals(0, driver.failures());
  }

  @Test
  void aFailingHangingOrMissingToolLeavesTheDiskAwakeAndIsCounted() throws Exception {
    PoweredVolume volume = backup(backupDir);
    HdparmDriver failing = new HdparmDriver(List.of(volume), fakeHdparm("echo 'SG_IO: bad' >&2; exit 5").toString(),
        Duration.ofSeconds(5), devices);
    assertFalse(failing.standby(volume));
    assertFalse(failing.standby(volume));
    assertEquals(Optional.empty(), failing.readState(volume));
    assertEquals(3, failing.failures());

    HdparmDriver hanging = new HdparmDriver(List.of(volume), fakeHdparm("sleep 30").toString(),
        Duration.ofMillis(300), devices);
    long started = System.nanoTime();
    assertFalse(hanging.standby(volume));
    assertTrue(System.nanoTime() - started < 20_000_000_000L, "a hung tool is killed at its timeout");
    assertEquals(1, hanging.failures());

    HdparmDriver missing = new HdparmDriver(List.of(volume), dir.resolve("no-such-hdparm").toString(),
        Duration.ofSeconds(5), devices);
    assertFalse(missing.standby(volume));
    assertEquals(1, missing.failures());
  }

  @Test
  void theSystemDiskASolidStateDiskAndANonBlockDeviceAreRefusedByName() {
    IllegalArgumentException system = assertThrows(IllegalArgumentException.class,
        () -> devices.rotationalDiskOf(dir.resolve("calls-dir-on-root").getParent()));
    assertTrue(system.getMessage().contains("the system disk"), system.getMessage());
    IllegalArgumentException ssd = assertThrows(IllegalArgumentException.class,
        () -> devices.rotationalDiskOf(dir.resolve("mnt/ssd")));
    assertTrue(ssd.getMessage().contains("/dev/nvme0n1, which is not a rotational disk"), ssd.getMessage());
    IllegalArgumentException tmpfs = assertThrows(IllegalArgumentException.class,
        () -> devices.rotationalDiskOf(dir.resolve("mnt/tmpfs")));
    assertTrue(tmpfs.getMessage().contains("not a block device"), tmpfs.getMessage());
    IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
        () -> new HdparmDriver(List.of(backup(dir.resolve("mnt/ssd"))), "hdparm", Duration.ofSeconds(1), devices));
    assertTrue(missing.getMessage().startsWith("volume directory " + dir.resolve("mnt/ssd")), missing.getMessage());
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
        () -> new HdparmDriver(List.of(backup(dir.resolve("mnt/bakcup"))), "hdparm", Duration.ofSeconds(1), devices));
    assertEquals("volume directory " + dir.resolve("mnt/bakcup") + " does not exist", typo.getMessage());
  }

  @Test
  void kernelIoCountersTellOfIoTheManagerWasNotToldOf() throws Exception {
    PoweredVolume volume = backup(backupDir);
    HdparmDriver driver = new HdparmDriver(List.of(volume), fakeHdparm(WORKING.replace("STATE",
        driveState.toString())).toString(), Duration.ofSeconds(5), devices);
    assertFalse(driver.ioSinceLastPoll(volume), "the first poll only reads the counters");
    assertFalse(driver.ioSinceLastPoll(volume));
    Files.writeString(root.resolve("proc/diskstats"), "   8      16 sdb 101 0 808 10 50 0 400 5 0 15 15 0 0 0 0\n");
    assertTrue(driver.ioSinceLastPoll(volume));
  }
}
