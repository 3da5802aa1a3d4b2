package io.strata.cli.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.shared.ExitCodes;
import io.strata.core.device.DeviceCatalog;
import io.strata.hdfs.power.EmulatedDisks;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PoweredVolume;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata power run} and {@code status} as a user runs them, without disks to spin down. */
class PowerCommandTest {
  private final CliRun cli = new CliRun();

  @TempDir
  Path dir;

  @Test
  void aBackupDirectoryNotOnARotationalDataDiskIsRefusedByName() {
    // This machine's temporary directory is on the system disk or on no block device at all: refused either way.
    assertEquals(ExitCodes.BAD_INPUT, cli.strata("power", "run", "--backup", dir.toString(), "--namenode",
        "http://localhost:9870", "--state-dir", dir.resolve("state").toString()), cli.stdout());
    String err = cli.stderr();
    assertTrue(err.contains("--backup: volume directory " + dir), err);
    assertTrue(err.contains("system disk") || err.contains("not a block device")
        || err.contains("not a rotational disk"), err);
  }

  @Test
  void aBadWriteGroupIsRefusedNamingTheOption() {
    assertEquals(ExitCodes.BAD_INPUT, cli.strata("power", "run", "--backup", dir.toString(), "--namenode",
        "http://localhost:1", "--state-dir", dir.toString(), "--write-group", "25%"));
    assertTrue(cli.stderr().contains("--write-group: '25%' is not a write group; write SIZE/PERIOD"), cli.stderr());
    assertEquals(ExitCodes.BAD_INPUT, cli.strata("cluster", "up", "--preset", "energy", "--write-group",
        "25%/1h", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains("--write-group is for --power only"), cli.stderr());
  }

  @Test
  void powerOnASpecWithoutBackupVolumesIsRefused() {
    assertEquals(ExitCodes.BAD_INPUT, cli.strata("cluster", "up", "--preset", "hats", "--power",
        "--dir", dir.toString()), cli.stdout());
    assertTrue(cli.stderr().contains("has no backup volumes"), cli.stderr());
  }

  @Test
  void statusPrintsWhatTheManagerWroteAsATableOrJson() throws Exception {
    PoweredVolume backup = new PoweredVolume("b1", "e1", dir, DeviceCatalog.builtin().get("backup-array"), true);
    EmulatedDisks disks = new EmulatedDisks(() -> 100, s -> {});
    disks.add(backup);
    try (PowerManager manager = new PowerManager(List.of(backup), PowerManager.Settings.defaults(dir)
        .withIdleTimeout(Duration.ofMinutes(5)), disks, null, () -> 100)) {
      manager.tick();
    }
    assertEquals(0, cli.strata("power", "status", "--state-dir", dir.toString()), cli.stderr());
    assertTrue(cli.stdout().contains("backup-array"), cli.stdout());
    assertTrue(cli.stdout().contains("idle 0 s of the 300 s timeout"), cli.stdout());
    assertEquals(0, cli.strata("power", "status", "--state-dir", dir.toString(), "--json"), cli.stderr());
    assertEquals("IDLE", new ObjectMapper().readTree(cli.stdout()).path("volumes").path(0).path("state").asText());
    assertEquals(ExitCodes.BAD_INPUT,
        cli.strata("power", "status", "--state-dir", dir.resolve("none").toString()));
    assertTrue(cli.stderr().contains("is not a directory"), cli.stderr());
    Path empty = Files.createDirectories(dir.resolve("empty"));
    assertEquals(ExitCodes.FAILED, cli.strata("power", "status", "--state-dir", empty.toString()));
    assertTrue(cli.stderr().contains("no power status in " + empty), cli.stderr());
  }
}
