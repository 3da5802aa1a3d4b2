package io.strata.hdfs.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.popularity.AptStoreAdvisor;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.PathHash;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisors;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a runner makes of the logs it reads, without a cluster: the audit counts it publishes, and how renames move
 * popularity (over a local file system standing in for the namespace).
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
        DecisionRules.defaults(3, false), 10), log, java.time.ZoneOffset.UTC, null, null, metrics, root,
        3_600_000L);
  }

  private static String rename(String time, String src, String dst) {
    return line(time, src, null).replace("cmd=open", "cmd=rename").replace("dst=null", "dst=" + dst);
  }

  private static boolean tracked(AutotierRunner runner, String path) {
    return ((AptStoreAdvisor) runner.advisor()).predictor().tracks(PathHash.of(path));
  }

  /**
   * The log names only a renamed directory; the live log's rename moves each file's popularity to its new path,
   * found by listing the new directory when it is under the managed root. A renamed file is not listed for. The
   * log read at the start is not expanded.
   */
  @Test
  void aRenamedDirectoryTakesItsFilesPopularityAlong() throws IOException {
    String ns = dir.resolve("ns").toString();
    Files.createDirectories(dir.resolve("ns/new/sub"));
    Files.writeString(dir.resolve("ns/new/a"), "a");
    Files.writeString(dir.resolve("ns/new/sub/b"), "b");
    Files.writeString(dir.resolve("ns/g2"), "g");
    Path log = dir.resolve("hdfs-audit.log");
    Files.write(log, List.of(
        line("00:00:01,000", ns + "/old/a", null),
        line("00:00:02,000", ns + "/old/sub/b", null),
        line("00:00:03,000", ns + "/g", null),
        rename("00:00:04,000", ns + "/old", ns + "/new"),
        rename("00:00:05,000", ns + "/g", ns + "/g2")));
    FileSystem local = FileSystem.getLocal(new Configuration());
    try (AutotierRunner elsewhere = runner(local, log, new AutotierMetrics(), ns + "/other")) {
      elsewhere.poll();
      assertFalse(tracked(elsewhere, ns + "/new/a"), "not listed outside the managed root");
    }
    try (AutotierRunner live = runner(local, log, new AutotierMetrics(), ns)) {
      live.poll();
      for (String moved : List.of("/new/a", "/new/sub/b", "/g2")) {
        assertTrue(tracked(live, ns + moved), moved);
      }
      for (String old : List.of("/old/a", "/old/sub/b", "/g")) {
        assertFalse(tracked(live, ns + old), old);
      }
    }
    try (AutotierRunner backfilled = runner(local, log, new AutotierMetrics(), ns)) {
      backfilled.backfill();
      assertTrue(tracked(backfilled, ns + "/old/a"), "the history is not rewritten from today's namespace");
      assertFalse(tracked(backfilled, ns + "/new/a"));
      assertTrue(tracked(backfilled, ns + "/g2"), "a file's own rename is in the log");
    }
  }

  /**
   * HDFS's rename onto an existing directory logs the directory as the destination: the live log's rename is
   * resolved to the file's path inside. A rename to the trash (a rename with options) takes the file's state out of
   * the root, and events about paths outside the root are not tracked at all.
   */
  @Test
  void aFileRenamedOntoADirectoryKeepsItsPopularityAndPathsOutsideTheRootAreNotTracked() throws IOException {
    String ns = dir.resolve("ns").toString();
    Files.createDirectories(dir.resolve("ns/dir"));
    Files.writeString(dir.resolve("ns/dir/f3"), "moved in");
    Files.writeString(dir.resolve("ns/g2"), "renamed");
    Path log = dir.resolve("hdfs-audit.log");
    Files.write(log, List.of(
        line("00:00:01,000", ns + "/f3", null),
        line("00:00:02,000", ns + "/g", null),
        line("00:00:03,000", ns + "/old", null),
        line("00:00:04,000", dir + "/elsewhere/y", null),
        rename("00:00:05,000", ns + "/f3", ns + "/dir"),
        rename("00:00:06,000", ns + "/g", ns + "/g2"),
        rename("00:00:07,000", ns + "/old", "/user/alice/.Trash/Current" + ns + "/old")
            .replace("cmd=rename", "cmd=rename (options=[TO_TRASH])")));
    FileSystem local = FileSystem.getLocal(new Configuration());
    try (AutotierRunner live = runner(local, log, new AutotierMetrics(), ns)) {
      live.poll();
      assertTrue(tracked(live, ns + "/dir/f3"), "moved into the directory");
      assertFalse(tracked(live, ns + "/dir"), "the directory is not a file");
      assertFalse(tracked(live, ns + "/f3"));
      assertTrue(tracked(live, ns + "/g2"), "a rename to a new name is taken as logged");
      assertFalse(tracked(live, ns + "/old"), "moved to the trash");
      assertFalse(tracked(live, dir + "/elsewhere/y"), "outside the root");
    }
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
