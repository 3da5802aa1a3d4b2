package io.strata.hdfs.power;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.strata.core.device.DeviceCatalog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;

/**
 * Any bytes as the power manager's state file ({@code power-state.json}, the spin-ups counted against each disk's
 * daily budget): a restarted manager takes what it can from it and starts, never fails on it, since a daemon that
 * cannot start leaves every backup disk awake.
 */
class PowerStateFuzzTest {
  private static final PoweredVolume PRIMARY = new PoweredVolume("p1", "e1", Path.of("/d/p"),
      DeviceCatalog.builtin().get("primary-disk"), false);
  private static final PoweredVolume BACKUP = new PoweredVolume("b1", "e1", Path.of("/d/b"),
      DeviceCatalog.builtin().get("backup-array"), true);

  @TempDir
  static Path state;

  @FuzzTest
  void restart(byte[] input) throws IOException {
    Files.write(state.resolve(PowerManager.STATE_FILE), input);
    EmulatedDisks disks = new EmulatedDisks(() -> 1_000, seconds -> {});
    disks.add(PRIMARY);
    disks.add(BACKUP);
    PowerManager manager = new PowerManager(List.of(PRIMARY, BACKUP),
        PowerManager.Settings.defaults(state).withIdleTimeout(Duration.ofSeconds(120)), disks, null, () -> 1_000);
    manager.status().table();
  }
}
