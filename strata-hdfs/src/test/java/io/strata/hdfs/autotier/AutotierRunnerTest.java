package io.strata.hdfs.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.popularity.AptStoreAdvisor;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PathHash;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a runner makes of the logs it reads, without a cluster: the audit counts it publishes, and how renames move
 * popularity (with a listing standing in for the namespace).
 */
class AutotierRunnerTest {
  @TempDir
  Path dir;

  private static String line(String time, String src, String context) {
    return "2026-11-22 " + time + " INFO FSNamesystem.audit: allowed=true\tugi=alice (auth:SIMPLE)\t"
        + "ip=/10.0.0.2\tcmd=open\tsrc=" + src + "\tdst=null\tperm=null\tproto=rpc"
        + (context == null ? "" : "\tcallerContext=" + context);
  }

  private static AutotierRunner runner(Path log, AutotierMetrics metrics) {
    return runner(null, log, metrics);
  }

  private static AutotierRunner runner(FileSystem fs, Path log, AutotierMetrics metrics) {
    return runner(fs, log, metrics, "/data");
  }

  private static AutotierRunner runner(FileSystem fs, Path log, AutotierMetrics metrics, String root) {
    return new AutotierRunner(fs, null, ReplicationAdvisors.create("aptstore", PpaSettings.defaults(),
        DecisionRules.defaults(3, false), 10), log, ZoneOffset.UTC, null, null, metrics, root,
        3_600_000L);
  }

  private static String rename(String time, String src, String dst) {
    return line(time, src, null).replace("cmd=open", "cmd=rename").replace("dst=null", "dst=" + dst);
  }

  private static boolean tracked(AutotierRunner runner, String path) {
    return ((AptStoreAdvisor) runner.advisor()).predictor().tracks(PathHash.of(path));
  }

  private static List<FileFacts> listing(String... paths) {
    return Arrays.stream(paths).map(p -> new FileFacts(p, 3, false, 1 << 20, 1)).toList();
  }

  /**
   * The log names only a renamed directory, and for a file renamed onto an existing directory only the directory:
   * the plan finds those files' popularity under their new paths from its listing, alike for the live log and for
   * the log read at a start (so a restarted daemon predicts as the stopped one did). A file moved to the trash
   * (a rename with options) and a deleted directory's files are forgotten at the plan; events about paths outside
   * the root are not tracked at all.
   */
  @Test
  void renamesTheLogNamesADirectoryInKeepPopularityLiveAndAfterARestart() throws IOException {
    Path log = dir.resolve("hdfs-audit.log");
    Files.write(log, List.of(
        line("00:00:01,000", "/data/old/a", null),
        line("00:00:02,000", "/data/old/sub/b", null),
        line("00:00:03,000", "/data/g", null),
        line("00:00:04,000", "/data/f3", null),
        line("00:00:05,000", "/data/trashed", null),
        line("00:00:06,000", "/data/tmp/x", null),
        line("00:00:07,000", "/elsewhere/y", null),
        rename("00:00:08,000", "/data/old", "/data/new"),
        rename("00:00:09,000", "/data/g", "/data/g2"),
        rename("00:00:10,000", "/data/f3", "/data/dir"),
        rename("00:00:11,000", "/data/trashed", "/user/alice/.Trash/Current/data/trashed")
            .replace("cmd=rename", "cmd=rename (options=[TO_TRASH])"),
        line("00:00:12,000", "/data/tmp", null).replace("cmd=open", "cmd=delete")));
    List<FileFacts> now = listing("/data/new/a", "/data/new/sub/b", "/data/g2", "/data/dir/f3", "/data/dir/x");
    try (AutotierRunner live = runner(null, log, new AutotierMetrics(), "/data");
         AutotierRunner restarted = runner(null, log, new AutotierMetrics(), "/data")) {
      live.poll();
      restarted.backfill(new long[0]);
      assertFalse(tracked(live, "/elsewhere/y"), "outside the root");
      for (AutotierRunner runner : List.of(live, restarted)) {
        runner.advisor().plan(now, Instant.parse("2026-11-22T01:00:00Z").toEpochMilli());
        for (String moved : List.of("/data/new/a", "/data/new/sub/b", "/data/g2", "/data/dir/f3")) {
          assertTrue(tracked(runner, moved), moved);
        }
        for (String gone : List.of("/data/old/a", "/data/g", "/data/f3", "/data/dir", "/data/trashed",
            "/data/tmp/x", "/elsewhere/y")) {
          assertFalse(tracked(runner, gone), gone);
        }
        AptStoreAdvisor advisor = (AptStoreAdvisor) runner.advisor();
        assertEquals(3, advisor.filesFollowedThroughRenames(), "two files of /data/old, and /data/f3");
        assertEquals(2, advisor.forgottenFiles(), "/data/tmp/x, deleted with its directory, and the trashed file");
        assertEquals(popularity(live, "/data/new/a"), popularity(runner, "/data/new/a"));
      }
    }
  }

  private static double popularity(AutotierRunner runner, String path) {
    return ((AptStoreAdvisor) runner.advisor()).predictor().popularity(PathHash.of(path));
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
      first.backfill(new long[0]);
      assertEquals(2, first.eventsIgnored(), "Strata's own call and its own file; a job's context is a read");
      assertEquals(2, metrics.toJson().get("auditEventsIgnored").asLong());

      Files.write(log, List.of(line("00:00:05,000", "/data/c", "strata_mover")), StandardOpenOption.APPEND);
      first.poll();
      assertEquals(3, metrics.toJson().get("auditEventsIgnored").asLong(), "the live log's new lines count");
    }
    // A config reload (or a restart) builds a new runner that reads every log again into the same metrics.
    try (AutotierRunner reloaded = runner(log, metrics)) {
      reloaded.backfill(new long[0]);
      assertEquals(3, metrics.toJson().get("auditEventsIgnored").asLong(), "the same events, not counted again");
      assertEquals(5, metrics.toJson().get("auditLinesParsed").asLong());
      assertEquals(1, metrics.toJson().get("auditLinesSkipped").asLong());
    }
  }

  @Test
  void readsOfErasureCodedFilesAreNotCounted() throws IOException {
    Path log = dir.resolve("hdfs-audit.log");
    Files.write(log, List.of(line("00:00:01,000", "/data/ec/hot", null), line("00:00:02,000", "/data/a", null),
        line("00:00:03,000", "/data/ec/hot", null)));
    try (AutotierRunner runner = runner(log, new AutotierMetrics())) {
      runner.backfill(new long[] {PathHash.of("/data/ec/hot")});
      assertFalse(tracked(runner, "/data/ec/hot"), "an erasure-coded file has no replicas to plan");
      assertTrue(tracked(runner, "/data/a"));
      assertEquals(1, ((AptStoreAdvisor) runner.advisor()).predictor().files());
    }
  }
}
