package io.strata.hdfs.power;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * One rotational data disk on a fake host, for the {@code hdparm} driver: a mount table, {@code /sys/class/block}
 * and {@code /proc/diskstats} under {@code root}, and an {@code hdparm} script that keeps the drive's power state in
 * a file and hangs while a flag file exists. The device is named {@code sdzz}, which no real machine has, so a wake
 * ({@code dd} on {@code /dev/sdzz}) never touches a real disk.
 */
final class FakeDisk {
  static final String VOLUME_ID = "fake-sdzz";

  final Path root;
  final Path volumeDir;
  final Path hdparm;
  final Path driveState;
  final Path hangFlag;
  private long reads = 100;

  FakeDisk(Path dir) throws IOException {
    root = dir.resolve("root");
    volumeDir = Files.createDirectories(dir.resolve("mnt/backup/dn"));
    Files.createDirectories(root.resolve("proc/self"));
    Files.writeString(root.resolve("proc/self/mountinfo"), String.join("\n",
        "22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw",
        "30 22 8:17 / " + dir.resolve("mnt/backup").toRealPath() + " rw,relatime shared:2 - ext4 /dev/sdzz1 rw", ""));
    for (String disk : new String[] {"sda", "sdzz"}) {
      Path device = Files.createDirectories(root.resolve("sys/devices/" + disk));
      Files.createDirectories(device.resolve("queue"));
      Files.writeString(device.resolve("queue/rotational"), "1\n");
      Files.createDirectories(root.resolve("sys/class/block"));
      Files.createSymbolicLink(root.resolve("sys/class/block/" + disk), device);
      Path part = Files.createDirectories(device.resolve(disk + "1"));
      Files.writeString(part.resolve("partition"), "1\n");
      Files.createSymbolicLink(root.resolve("sys/class/block/" + disk + "1"), part);
    }
    driveState = dir.resolve("drive.state");
    hangFlag = dir.resolve("hang");
    hdparm = dir.resolve("hdparm");
    Files.writeString(hdparm, String.join("\n", "#!/bin/sh",
        "if [ -e " + hangFlag + " ]; then sleep 30; fi",
        "case \"$1\" in",
        "  -y) echo standby > " + driveState + "; echo ' issuing standby command' ;;",
        "  -C) echo \" drive state is:  $(cat " + driveState + ")\" ;;",
        "esac", ""));
    Files.setPosixFilePermissions(hdparm, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(driveState, "active/idle\n");
    writeDiskstats();
  }

  /** I/O reached the disk: the kernel counts a read, and a sleeping drive spins up by itself. */
  void read() throws IOException {
    reads++;
    writeDiskstats();
    Files.writeString(driveState, "active/idle\n");
  }

  boolean asleep() throws IOException {
    return Files.readString(driveState).trim().equals("standby");
  }

  private void writeDiskstats() throws IOException {
    Files.writeString(root.resolve("proc/diskstats"), "   8      16 sdzz " + reads
        + " 0 800 10 50 0 400 5 0 15 15 0 0 0 0\n");
  }
}
