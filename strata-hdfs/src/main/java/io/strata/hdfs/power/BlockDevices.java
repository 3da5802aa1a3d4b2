package io.strata.hdfs.power;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Finds the block device that holds a directory, from the kernel's own tables ({@code /proc/self/mountinfo},
 * {@code /sys/class/block}), and refuses what the power manager must never spin down: a directory on no block
 * device, a solid-state device, or the disk that holds the system ({@code /}).
 *
 * @param root where {@code /proc} and {@code /sys} are found: {@code /} on a real host, a prepared tree in tests
 */
public record BlockDevices(Path root) {
  public static final BlockDevices HOST = new BlockDevices(Path.of("/"));

  /** A whole disk: its kernel name ({@code sdb}) and device file ({@code /dev/sdb}). */
  public record Disk(String name, Path deviceFile) {}

  /**
   * The rotational disk holding {@code directory}.
   *
   * @throws IllegalArgumentException naming the directory and the reason when it is not one the manager may drive
   */
  public Disk rotationalDiskOf(Path directory) throws IOException {
    Path real;
    try {
      real = directory.toRealPath();
    } catch (java.nio.file.NoSuchFileException e) {
      throw new IllegalArgumentException("volume directory " + directory + " does not exist", e);
    }
    Mount mount = mountOf(real).orElseThrow(() -> new IllegalArgumentException(
        "volume directory " + directory + ": no mount found for it in /proc/self/mountinfo"));
    if (!mount.source().startsWith("/dev/")) {
      throw new IllegalArgumentException("volume directory " + directory + " is on " + mount.source() + " (mounted at "
          + mount.point() + "), not a block device: there is no disk to spin down");
    }
    String disk = wholeDisk(Path.of(mount.source()).getFileName().toString());
    Mount system = mountOf(Path.of("/")).orElse(null);
    if (system != null && system.source().startsWith("/dev/")
        && wholeDisk(Path.of(system.source()).getFileName().toString()).equals(disk)) {
      throw new IllegalArgumentException("volume directory " + directory + " is on /dev/" + disk
          + ", the system disk (it holds /): the power manager never spins it down");
    }
    Path rotational = sys("class/block/" + disk + "/queue/rotational");
    if (!Files.exists(rotational) || !Files.readString(rotational).trim().equals("1")) {
      throw new IllegalArgumentException("volume directory " + directory + " is on /dev/" + disk
          + ", which is not a rotational disk (" + rotational + " is not 1): there is nothing to spin down");
    }
    return new Disk(disk, Path.of("/dev", disk));
  }

  /** Reads and writes completed on the disk so far, from {@code /proc/diskstats}; -1 when it is not listed. */
  public long ioCount(String disk) throws IOException {
    for (String line : Files.readAllLines(proc("diskstats"))) {
      String[] f = line.trim().split("\\s+");
      if (f.length > 7 && f[2].equals(disk)) {
        return Long.parseLong(f[3]) + Long.parseLong(f[7]);
      }
    }
    return -1;
  }

  private record Mount(Path point, String source) {}

  /** The mount whose mount point is the longest prefix of {@code path} (the last such mount wins, as in the kernel). */
  private Optional<Mount> mountOf(Path path) throws IOException {
    Mount best = null;
    List<String> lines = Files.readAllLines(proc("self/mountinfo"));
    for (String line : lines) {
      // id parent major:minor root mount-point options [optional...] - fstype source super-options
      String[] f = line.split(" ");
      int dash = List.of(f).indexOf("-");
      if (f.length < 5 || dash < 0 || dash + 2 >= f.length) {
        continue;
      }
      Path point = Path.of(f[4].replace("\\040", " "));
      if (path.startsWith(point) && (best == null || point.getNameCount() >= best.point().getNameCount())) {
        best = new Mount(point, f[dash + 2]);
      }
    }
    return Optional.ofNullable(best);
  }

  /** {@code sdb1} to {@code sdb}, {@code nvme0n1p2} to {@code nvme0n1}: a partition's parent disk. */
  private String wholeDisk(String name) throws IOException {
    Path partition = sys("class/block/" + name + "/partition");
    if (Files.exists(partition)) {
      Path parent = sys("class/block/" + name).toRealPath().getParent();
      return parent.getFileName().toString();
    }
    return name;
  }

  private Path sys(String relative) {
    return root.resolve("sys").resolve(relative);
  }

  private Path proc(String relative) {
    return root.resolve("proc").resolve(relative);
  }
}
