package io.strata.hdfs.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The audit counts a runner publishes, over the logs it has read; no cluster is needed to read them. */
class AutotierRunnerTest {
  @TempDir
  Path dir;

  private static String line(String time, String src, String context) {
    return "2026-11-22 " + time + " INFO FSNamesystem.audit: allowed=true\tugi=alice (auth:SIMPLE)\t"
        + "ip=/10.0.0.2\tcmd=open\tsrc=" + src + "\tdst=null\tperm=null\tproto=rpc"
        + (context == null ? "" : "\tcallerContext=" + context);
  }

  private static AutotierRunner runner(Path log, AutotierMetrics metrics) {
    return new AutotierRunner(null, null, ReplicationAdvisors.create("aptstore", PpaSettings.defaults(),
        DecisionRules.defaults(3, false), 10), log, java.time.ZoneOffset.UTC, null, null, metrics, "/data",
        3_600_000L);
  }

  @Test
  void aRunnerBuiltAgainOverTheSameLogsCountsTheirIgnoredEventsOnceNotTwice() throws IOException {
    Path log = dir.resolve("hdfs-audit.log");
    Files.write(log, List.of(
        line("00:00:01,000", "/data/a", null),
        line("00:00:02,000", "/data/a", "strata_autotier:sig"),
        line("00:00:03,000", "/.strata/journal/1", null),
        "not an audit line",
        line("00:00:04,000", "/data/b", "mr_job_1:sig")));
    AutotierMetrics metrics = new AutotierMetrics();
    try (AutotierRunner first = runner(log, metrics)) {
      first.backfill();
      assertEquals(2, first.eventsIgnored(), "Strata's own call and its own file; a job's context is a read");
      assertEquals(2, metrics.toJson().get("auditEventsIgnored").asLong());

      Files.write(log, List.of(line("00:00:05,000", "/data/c", "strata_mover")), StandardOpenOption.APPEND);
      first.poll();
      assertEquals(3, metrics.toJson().get("auditEventsIgnored").asLong(), "the live log's new lines count");
    }
    // A config reload (or a restart) builds a new runner that reads every log again into the same metrics.
    try (AutotierRunner reloaded = runner(log, metrics)) {
      reloaded.backfill();
      assertEquals(3, metrics.toJson().get("auditEventsIgnored").asLong(), "the same events, not counted again");
      assertEquals(5, metrics.toJson().get("auditLinesParsed").asLong());
      assertEquals(1, metrics.toJson().get("auditLinesSkipped").asLong());
    }
  }
}
