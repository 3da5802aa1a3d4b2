package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata autotier run} refuses bad input with exit code 2 and a message naming it, before it connects. */
class AutotierRunCommandTest {
  @TempDir
  Path dir;

  private String refused(String... args) {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata(args), cli.stderr());
    return cli.stderr();
  }

  @Test
  void badInputIsNamed() throws Exception {
    Path audit = Files.writeString(dir.resolve("hdfs-audit.log"), "");
    String log = audit.toString();
    assertTrue(refused("autotier", "run", "--audit-log", dir.resolve("nope.log").toString(), "--preset", "aptstore")
        .contains("nope.log: no such audit log"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--reference-time", "0s", "--preset", "aptstore")
        .contains("--reference-time must be at least 1s"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--reference-time", "soon", "--preset", "aptstore")
        .contains("--reference-time: not a duration: 'soon'"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--max-bytes-per-second", "lots", "--preset", "aptstore")
        .contains("--max-bytes-per-second: not a byte size: 'lots'"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--max-changes", "0", "--preset", "aptstore")
        .contains("--max-changes must be >= 1"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--files-at-once", "0", "--preset", "aptstore")
        .contains("--files-at-once must be >= 1, got 0"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--advisor", "lru", "--preset", "aptstore")
        .contains("unknown advisor 'lru'"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--path", "data", "--preset", "aptstore")
        .contains("--path must be absolute"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--secondary-tier", "das", "--preset", "aptstore")
        .contains("--secondary-tier: tier 'das' is not a secondary tier"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--preset", "hats")
        .contains("no secondary tier to demote to"));
    assertTrue(refused("autotier", "run", "--audit-log", log, "--config", dir.resolve("none.yaml").toString(),
        "--preset", "aptstore").contains("--config " + dir.resolve("none.yaml") + ": no such file"));
    Path settings = Files.writeString(dir.resolve("autotier.yaml"), "scheduled:\n  - {path: /d, cron: '0 2 * *'}\n");
    assertTrue(refused("autotier", "plan", "--audit-log", log, "--config", settings.toString(), "--preset",
        "aptstore").contains("autotier.yaml:2:22: scheduled[0].cron: scheduled read of /d: not a crontab expression"));
    // Scarlett never demotes: no secondary tier needed, so it gets as far as the (missing) HDFS.
    assertTrue(refused("autotier", "run", "--audit-log", log, "--preset", "hats", "--advisor", "scarlett",
        "--fs", "file:///").contains("is not HDFS"));
  }
}
