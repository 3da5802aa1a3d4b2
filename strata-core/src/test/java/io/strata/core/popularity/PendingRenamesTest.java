package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A plan finds the popularity of files the audit log did not name in their renames: files of a renamed directory,
 * a file or a directory renamed onto an existing directory, and files renamed again after their directory was.
 * Each case is played twice, with the renames and without them (a reference advisor that sees the same reads and
 * plans over the old paths): after the plan, a renamed file must be exactly as popular as it is in the reference
 * at its old path.
 */
class PendingRenamesTest {
  private static final long MIN = 60_000;
  private final AptStoreAdvisor advisor = advisor();
  private final AptStoreAdvisor reference = advisor();
  private long clock;

  private static AptStoreAdvisor advisor() {
    return new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), 64);
  }

  /** An event both advisors see. */
  private void both(AuditEvent.Command command, String src) {
    clock += 1000;
    advisor.observe(AuditEvent.of(clock, command, src, null), 1);
    reference.observe(AuditEvent.of(clock, command, src, null), 1);
  }

  /** A rename only the advisor sees. */
  private void rename(String src, String dst) {
    clock += 1000;
    advisor.observe(AuditEvent.of(clock, AuditEvent.Command.RENAME, src, dst), 1);
  }

  /** Reads {@code paths} ten times each, a minute apart, in turn. */
  private void readOften(String... paths) {
    for (int i = 0; i < 10; i++) {
      for (String path : paths) {
        both(AuditEvent.Command.OPEN, path);
      }
      clock += MIN;
    }
  }

  private static double popularity(AptStoreAdvisor advisor, String path) {
    return advisor.predictor().popularity(PathHash.of(path));
  }

  /** After both plans: the file at {@code now} is exactly as popular as the reference's at {@code before}. */
  private void assertFollowed(String before, String now) {
    assertEquals(popularity(reference, before), popularity(advisor, now), 1e-4, before + " -> " + now);
  }

  /** As {@link #assertFollowed}, and popular: the state is the hot file's, not a fresh one at AVG(P). */
  private void assertFollowedHot(String before, String now) {
    assertFollowed(before, now);
    assertTrue(popularity(advisor, now) > 1, "popular: " + popularity(advisor, now));
  }

  private static List<FileFacts> listing(String... paths) {
    List<FileFacts> files = new ArrayList<>();
    for (String path : paths) {
      files.add(new FileFacts(path, 3, false, 1 << 20, 1));
    }
    return files;
  }

  @Test
  void aRenamedDirectorysFilesKeepTheirPopularity() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/d1/a", "/hot", "/d1/sub/b");
    rename("/d1", "/d2");

    advisor.plan(listing("/hot", "/cold", "/d2/a", "/d2/sub/b"), clock);
    reference.plan(listing("/hot", "/cold", "/d1/a", "/d1/sub/b"), clock);
    assertFollowedHot("/d1/a", "/d2/a");
    assertFollowed("/d1/sub/b", "/d2/sub/b");
    assertFalse(advisor.predictor().tracks(PathHash.of("/d1/a")));
    assertEquals(2, advisor.filesFollowedThroughRenames());
    assertEquals(4, advisor.predictor().files());
  }

  @Test
  void aFileRenamedOntoAnExistingDirectoryKeepsItsPopularity() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/f3", "/hot");
    rename("/f3", "/dir"); // HDFS's rename onto a directory logs the directory

    advisor.plan(listing("/hot", "/cold", "/dir/f3"), clock);
    reference.plan(listing("/hot", "/cold", "/f3"), clock);
    assertFollowedHot("/f3", "/dir/f3");
    assertFalse(advisor.predictor().tracks(PathHash.of("/dir")), "a directory is not a file");
  }

  @Test
  void aDirectoryRenamedOntoAnExistingDirectoryKeepsItsFilesPopularity() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/d1/a", "/hot");
    both(AuditEvent.Command.CREATE, "/d2/x");
    rename("/d1", "/d2"); // /d2 exists: HDFS moves /d1 to /d2/d1 and logs /d2

    advisor.plan(listing("/hot", "/cold", "/d2/x", "/d2/d1/a"), clock);
    reference.plan(listing("/hot", "/cold", "/d2/x", "/d1/a"), clock);
    assertFollowedHot("/d1/a", "/d2/d1/a");
    assertFollowed("/d2/x", "/d2/x");
  }

  @Test
  void aFileRenamedAfterItsDirectoryWasIsTracedBackThroughBoth() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/x/f", "/hot");
    rename("/x", "/y");
    rename("/y/f", "/y/g"); // its state is still at /x/f: nothing to move yet
    rename("/y", "/z/");

    advisor.plan(listing("/hot", "/cold", "/z/g"), clock);
    reference.plan(listing("/hot", "/cold", "/x/f"), clock);
    assertFollowedHot("/x/f", "/z/g");
    assertEquals(3, advisor.predictor().files());
  }

  @Test
  void aFileAtTheOldPathKeepsItsStateAndTheRenamesAreGoneAfterThePlan() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/d1/a", "/hot");
    rename("/d1", "/d2");

    // /d1/a exists again (written after the rename): its state is not taken for /d2/a, which starts afresh.
    advisor.plan(listing("/hot", "/cold", "/d1/a", "/d2/a"), clock);
    assertTrue(popularity(advisor, "/d1/a") > popularity(advisor, "/d2/a"),
        popularity(advisor, "/d1/a") + " > " + popularity(advisor, "/d2/a"));
    assertEquals(0, advisor.filesFollowedThroughRenames());

    // The next plan has no renames left to follow: a listing without /d1/a forgets it instead.
    advisor.plan(listing("/hot", "/cold", "/d2/a"), clock + 3_600_000);
    assertFalse(advisor.predictor().tracks(PathHash.of("/d1/a")));
    assertEquals(0, advisor.filesFollowedThroughRenames());
  }

  @Test
  void aFileRenamedOntoTheRootKeepsItsPopularity() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/d/f", "/hot");
    rename("/d/f", "/"); // HDFS moves it to /f and logs "/"

    advisor.plan(listing("/hot", "/cold", "/f"), clock);
    reference.plan(listing("/hot", "/cold", "/d/f"), clock);
    assertFollowedHot("/d/f", "/f");
  }

  @Test
  void filesRenamedOneAfterAnotherOntoOneDirectoryEachKeepTheirPopularity() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/f3", "/f4", "/hot");
    readOften("/f4"); // /f4 ends unlike /f3
    rename("/f3", "/dir"); // both land in /dir, and the log names /dir each time
    rename("/f4", "/dir");

    advisor.plan(listing("/hot", "/cold", "/dir/f3", "/dir/f4"), clock);
    reference.plan(listing("/hot", "/cold", "/f3", "/f4"), clock);
    assertFollowed("/f3", "/dir/f3");
    assertFollowed("/f4", "/dir/f4");
    assertTrue(Math.abs(popularity(reference, "/f3") - popularity(reference, "/f4")) > 1,
        "the two states differ, so a swap would show: " + popularity(reference, "/f3") + " "
            + popularity(reference, "/f4"));
    assertFalse(advisor.predictor().tracks(PathHash.of("/dir")), "a directory is not a file");
  }

  @Test
  void aFileReadAfterItWasRenamedOntoADirectoryKeepsItsPopularity() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/f3", "/hot");
    rename("/f3", "/dir");
    clock += MIN;
    advisor.observe(AuditEvent.of(clock, AuditEvent.Command.OPEN, "/dir/f3", null), 1);
    reference.observe(AuditEvent.of(clock, AuditEvent.Command.OPEN, "/f3", null), 1);

    advisor.plan(listing("/hot", "/cold", "/dir/f3"), clock);
    reference.plan(listing("/hot", "/cold", "/f3"), clock);
    assertFollowed("/f3", "/dir/f3");
    assertEquals(3, advisor.predictor().files());
  }

  @Test
  void aFileRenamedWithOptionsOverAnotherTakesItsPlace() {
    both(AuditEvent.Command.OPEN, "/cold");
    readOften("/a", "/b", "/hot");
    // rename (options=[OVERWRITE]) twice onto /t: the destination is the new path, never a directory
    clock += 1000;
    advisor.observe(AuditEvent.of(clock, AuditEvent.Command.RENAME, "/b", "/t").withRenameOptions(), 1);
    advisor.observe(AuditEvent.of(clock, AuditEvent.Command.RENAME, "/a", "/t").withRenameOptions(), 1);
    reference.observe(AuditEvent.of(clock, AuditEvent.Command.DELETE, "/b", null), 1); // what the overwrite did

    advisor.plan(listing("/hot", "/cold", "/t"), clock);
    reference.plan(listing("/hot", "/cold", "/a"), clock);
    assertFollowedHot("/a", "/t");
    assertEquals(3, advisor.predictor().files());
  }

  @Test
  void beyondItsCapacityTheOldestRenamesAreDropped() {
    PopularityPredictor predictor = new PopularityPredictor(PpaSettings.defaults(), 16);
    PendingRenames renames = new PendingRenames(3);
    renames.renamed("/a", "/b", true, predictor);
    renames.renamed("/c", "/d", true, predictor);
    renames.renamed("/c2", "/d", true, predictor);
    assertEquals(3, renames.size(), "a destination named again keeps both renames");
    assertEquals(0, renames.dropped());
    renames.renamed("/e", "/f", true, predictor);
    assertEquals(3, renames.size());
    assertEquals(1, renames.dropped(), "the oldest destination goes");
    renames.renamed("/g", "/h", true, predictor);
    assertEquals(2, renames.size(), "/d goes with both its renames");
    assertEquals(3, renames.dropped());
  }
}
