package io.strata.cli.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
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
    for (String command : new String[] {"run", "plan"}) {
      assertTrue(refused("autotier", command, "--audit-log", log, "--audit-log-zone", "Mars/Olympus", "--preset",
          "aptstore").contains("--audit-log-zone 'Mars/Olympus': not a time zone"), command);
    }
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

  /** A log read in the wrong time zone is stamped hours away from its last write: the command says so. */
  @Test
  void aLogWhoseTimesLookHoursOffIsWarnedAbout() throws Exception {
    Path audit = Files.writeString(dir.resolve("ny-audit.log"), "2026-01-01 07:00:00,000 INFO FSNamesystem.audit: "
        + "allowed=true\tugi=u\tip=/1.1.1.1\tcmd=open\tsrc=/f\tdst=null\tperm=null\tproto=rpc\n");
    // Written at 12:00 UTC by a NameNode in New York (UTC-5 in January).
    Files.setLastModifiedTime(audit, FileTime.from(
        Instant.parse("2026-01-01T12:00:00Z")));
    CliRun cli = new CliRun();
    cli.strata("autotier", "plan", "--audit-log", audit.toString(), "--audit-log-zone", "UTC", "--preset",
        "aptstore", "--fs", "file:///", "--path", dir.toString());
    assertTrue(cli.stderr().contains("strata autotier plan: warning: the last record of " + audit + ", read in time "
        + "zone UTC, is stamped 5.0 h before the file was last written"), cli.stderr());
    cli.strata("autotier", "plan", "--audit-log", audit.toString(), "--audit-log-zone", "America/New_York",
        "--preset", "aptstore", "--fs", "file:///", "--path", dir.toString());
    assertFalse(cli.stderr().contains("warning"), cli.stderr());

    // The same log copied at 15:07:23 UTC: the gap is no whole number of quarter hours, so it says nothing of the
    // zone and nothing is said.
    Files.setLastModifiedTime(audit, FileTime.from(
        Instant.parse("2026-01-01T15:07:23Z")));
    cli.strata("autotier", "plan", "--audit-log", audit.toString(), "--audit-log-zone", "America/New_York",
        "--preset", "aptstore", "--fs", "file:///", "--path", dir.toString());
    assertFalse(cli.stderr().contains("warning"), cli.stderr());
  }

  @Test
  void onlyAGapOfWholeQuarterHoursOrARecordAfterTheWriteLooksLikeAWrongZone() {
    long minute = 60_000L;
    assertFalse(AuditLogOptions.zoneLooksWrong(-5 * minute), "a flush apart");
    assertTrue(AuditLogOptions.zoneLooksWrong(-300 * minute - 2_000), "UTC-5 read as UTC, 2 s flush");
    assertTrue(AuditLogOptions.zoneLooksWrong(-345 * minute), "5 h 45 min off, as Nepal's offset");
    assertFalse(AuditLogOptions.zoneLooksWrong(-307 * minute), "copied 7 minutes past a quarter hour");
    assertTrue(AuditLogOptions.zoneLooksWrong(307 * minute), "stamped after the write: no copy does that");
  }
}
