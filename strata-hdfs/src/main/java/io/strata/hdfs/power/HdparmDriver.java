package io.strata.hdfs.power;

import io.strata.core.energy.PowerState;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code hdparm} driver for real disks: standby with {@code hdparm -y DEV}, the state read with
 * {@code hdparm -C DEV} (which asks the drive without waking it), I/O learned from the kernel's
 * {@code /proc/diskstats}, a wake by one direct read of the device. Commands run without a shell, each with a
 * timeout; a missing, failing or hanging tool leaves the disk awake, is logged once per disk and counted.
 *
 * <p>The device is the rotational disk that holds the volume's directory, resolved by {@link BlockDevices}, never
 * the system disk; a volume that does not qualify is refused when the driver is built.
 */
public final class HdparmDriver implements PowerDriver {
  private static final Logger LOG = LoggerFactory.getLogger(HdparmDriver.class);

  private final String hdparm;
  private final Duration timeout;
  private final BlockDevices devices;
  private final Map<String, BlockDevices.Disk> disks = new ConcurrentHashMap<>();
  private final Map<String, Long> lastIoCount = new ConcurrentHashMap<>();
  private final Map<String, Boolean> failureLogged = new ConcurrentHashMap<>();
  private final AtomicLong failures = new AtomicLong();

  /**
   * @param hdparm  the tool to run, a name looked up on PATH or a path
   * @param timeout how long a command may run before it is killed and counted as failed
   * @throws IllegalArgumentException when a backup volume's directory is not on a rotational, non-system disk
   */
  public HdparmDriver(List<PoweredVolume> volumes, String hdparm, Duration timeout, BlockDevices devices)
      throws IOException {
    this.hdparm = hdparm;
    this.timeout = timeout;
    this.devices = devices;
    for (PoweredVolume volume : volumes) {
      if (volume.backup()) {
        if (volume.directory() == null) {
          throw new IllegalArgumentException("backup volume " + volume.id() + " has no directory");
        }
        disks.put(volume.id(), devices.rotationalDiskOf(volume.directory()));
      }
    }
  }

  @Override
  public String name() {
    return "hdparm";
  }

  /** The disk a backup volume was resolved to. */
  public Optional<BlockDevices.Disk> disk(PoweredVolume volume) {
    return Optional.ofNullable(disks.get(volume.id()));
  }

  @Override
  public boolean standby(PoweredVolume volume) {
    BlockDevices.Disk disk = disks.get(volume.id());
    if (disk == null) {
      return false;
    }
    Optional<String> out = run(volume, List.of(hdparm, "-y", disk.deviceFile().toString()));
    if (out.isPresent()) {
      // The standby command itself is I/O in the counters; start counting after it.
      ioSinceLastPoll(volume);
    }
    return out.isPresent();
  }

  @Override
  public Optional<PowerState> readState(PoweredVolume volume) {
    BlockDevices.Disk disk = disks.get(volume.id());
    if (disk == null) {
      return Optional.empty();
    }
    return run(volume, List.of(hdparm, "-C", disk.deviceFile().toString())).flatMap(HdparmDriver::parseState);
  }

  /** {@code hdparm -C} prints {@code drive state is:  standby} (or {@code active/idle}, {@code sleeping}). */
  static Optional<PowerState> parseState(String output) {
    for (String line : output.split("\n")) {
      String l = line.toLowerCase(Locale.ROOT);
      if (l.contains("drive state is:")) {
        String state = l.substring(l.indexOf(':') + 1).trim();
        if (state.startsWith("standby") || state.startsWith("sleeping")) {
          return Optional.of(PowerState.STANDBY);
        }
        if (state.startsWith("active") || state.startsWith("idle")) {
          return Optional.of(PowerState.IDLE);
        }
      }
    }
    return Optional.empty();
  }

  @Override
  public void wake(PoweredVolume volume) {
    BlockDevices.Disk disk = disks.get(volume.id());
    if (disk == null) {
      return;
    }
    // One direct read makes the kernel spin the disk up; done on its own thread, since it waits for the spin-up.
    Thread waker = new Thread(() -> run(volume, List.of("dd", "if=" + disk.deviceFile(), "of=/dev/null", "bs=4096",
        "count=1", "iflag=direct")), "strata-power-wake-" + disk.name());
    waker.setDaemon(true);
    waker.start();
  }

  @Override
  public boolean ioSinceLastPoll(PoweredVolume volume) {
    BlockDevices.Disk disk = disks.get(volume.id());
    if (disk == null) {
      return false;
    }
    try {
      long count = devices.ioCount(disk.name());
      Long before = lastIoCount.put(volume.id(), count);
      return before != null && count != before;
    } catch (IOException | RuntimeException e) {
      return false;
    }
  }

  @Override
  public long failures() {
    return failures.get();
  }

  /** Runs a command without a shell; its output, or empty when it is missing, fails or outlives the timeout. */
  private Optional<String> run(PoweredVolume volume, List<String> command) {
    Process process;
    try {
      process = new ProcessBuilder(new ArrayList<>(command)).redirectErrorStream(true).start();
    } catch (IOException e) {
      return failed(volume, command, "cannot start: " + e.getMessage());
    }
    try {
      process.getOutputStream().close();
      if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        process.destroyForcibly();
        return failed(volume, command, "no answer within " + timeout.toSeconds() + " s; killed");
      }
      String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (process.exitValue() != 0) {
        return failed(volume, command, "exit " + process.exitValue() + ": " + out.trim());
      }
      return Optional.of(out);
    } catch (IOException e) {
      return failed(volume, command, e.toString());
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
      return failed(volume, command, "interrupted");
    }
  }

  private Optional<String> failed(PoweredVolume volume, List<String> command, String why) {
    failures.incrementAndGet();
    if (failureLogged.putIfAbsent(volume.id(), true) == null) {
      LOG.warn("{}: '{}' failed ({}); the disk is left awake. Further failures on this disk are only counted.",
          volume.label(), String.join(" ", command), why);
    }
    return Optional.empty();
  }
}
