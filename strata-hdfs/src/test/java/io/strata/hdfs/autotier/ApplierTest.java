package io.strata.hdfs.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.placement.TierLayout;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The applier's journal replay, ordering and pacing, with the journal on the local file system (a real Hadoop
 * FileSystem), files held in memory and a fake clock: no HDFS here, that is AutotierRunIT's job.
 */
class ApplierTest {
  @TempDir
  java.nio.file.Path dir;
  private FileSystem local;
  private final FakeTicker clock = new FakeTicker();

  /** Files in memory; applying a step sets every block to the step's tiers, or resizes them for a count alone. */
  private static final class MemoryFiles implements FileOps {
    final Map<String, FileState> files = new HashMap<>();
    final Map<String, TierLayout> recorded = new HashMap<>();
    final List<String> applied = new ArrayList<>();
    /** Throws InterruptedIOException (a stopped process) on this call number, counting from 1; 0 never. */
    int stopAtCall;
    private int calls;
    /** Paths whose every step fails as a full tier makes it fail. */
    final Set<String> full = new HashSet<>();
    /** Every state a file went through, to check it never had fewer replicas than before without a filer one. */
    final List<FileState> history = new ArrayList<>();

    void put(String path, int replication, String... tiers) {
      List<List<String>> blocks = List.of(TierLayout.of(List.of(tiers), ChangeStepsTest.TIERS).tiers(),
          TierLayout.of(List.of(tiers), ChangeStepsTest.TIERS).tiers());
      files.put(path, new FileState(path, replication, 2L << 20, blocks));
    }

    /** Runs before a step is applied, outside the lock (lets a test hold steps of several files at once). */
    Consumer<String> beforeEachStep = path -> {};

    @Override
    public synchronized Optional<FileState> state(String path) {
      return Optional.ofNullable(files.get(path));
    }

    @Override
    public synchronized TierLayout recordedLayout(String path) {
      return recorded.get(path);
    }

    @Override
    public long apply(String path, Step step) throws IOException {
      beforeEachStep.accept(path);
      synchronized (this) {
        return applyNow(path, step);
      }
    }

    private long applyNow(String path, Step step) throws IOException {
      if (++calls == stopAtCall) {
        throw new InterruptedIOException("stopped");
      }
      if (full.contains(path)) {
        throw new IOException(path + ": no DataNode of tier filer can take a replica of the block");
      }
      applied.add(path + " " + step);
      FileState now = files.get(path);
      List<String> tiers;
      if (step.layout() == null) {
        tiers = new ArrayList<>(now.blockTiers().get(0));
        while (tiers.size() < step.replication()) {
          tiers.add("das");
        }
        tiers = tiers.subList(0, step.replication());
      } else {
        recorded.put(path, step.layout());
        tiers = step.layout().tiers();
      }
      FileState next = new FileState(path, step.replication(), now.length(), List.of(tiers, tiers));
      files.put(path, next);
      history.add(next);
      return step.layout() == null ? 0 : now.length();
    }
  }

  @BeforeEach
  void setUp() throws IOException {
    local = FileSystem.getLocal(new Configuration());
  }

  private AutotierJournal journal() {
    return new AutotierJournal(local, new Path(dir.toUri().toString(), "autotier"));
  }

  private Applier applier(AutotierJournal journal, MemoryFiles files, TokenBucket changes, TokenBucket bytes,
      AutotierMetrics metrics, List<String> outcomes) {
    return new Applier(journal, files, ChangeStepsTest.ROLES, ChangeStepsTest.TIERS, ChangeStepsTest.REDUNDANT_FILER,
        changes, bytes, metrics, (plan, change, outcome, detail) -> outcomes.add(change.path() + " " + outcome));
  }

  private static TokenBucket unlimited(FakeTicker clock) {
    return new TokenBucket(1e15, 1e15, clock);
  }

  private static List<Change> fourChanges() {
    return List.of(
        new Change(0, "/c0", 3, false, 1, true, 2L << 20, 2, "unpopular"),
        new Change(1, "/c1", 3, false, 1, true, 2L << 20, 2, "unpopular"),
        new Change(2, "/c2", 3, false, 1, true, 2L << 20, 2, "unpopular"),
        new Change(3, "/hot", 3, false, 5, false, 2L << 20, 2, "popular"));
  }

  private static MemoryFiles fourFiles() {
    MemoryFiles files = new MemoryFiles();
    for (String f : List.of("/c0", "/c1", "/c2", "/hot")) {
      files.put(f, 3, "das", "das", "das");
    }
    return files;
  }

  @Test
  void aStoppedRunLeavesTheRestToTheNextWhichRepeatsNothing() throws Exception {
    MemoryFiles files = fourFiles();
    files.stopAtCall = 4; // /c0 takes two calls, /c1 two: the process stops in /c1's second call
    AutotierJournal first = journal();
    AutotierJournal.Entry plan = first.write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = new ArrayList<>();
    AutotierMetrics before = new AutotierMetrics();
    assertThrows(InterruptedIOException.class, () -> applier(first, files, unlimited(clock), unlimited(clock), before,
        outcomes).apply(plan, () -> false));
    assertEquals(List.of("/c0 applied"), outcomes, "only /c0 finished before the stop");
    assertEquals(Map.of(0, "applied"), first.done(plan.id()));

    // A new process: a fresh journal object over the same directory finds the plan and what is left of it.
    AutotierJournal restarted = journal();
    List<AutotierJournal.Entry> unfinished = restarted.unfinished();
    assertEquals(1, unfinished.size());
    assertEquals(fourChanges(), unfinished.get(0).changes(), "the journal holds the plan as written");
    files.stopAtCall = 0;
    int callsBefore = files.applied.size();
    List<String> resumed = new ArrayList<>();
    AutotierMetrics after = new AutotierMetrics();
    Applier.Result result = applier(restarted, files, unlimited(clock), unlimited(clock), after, resumed)
        .apply(unfinished.get(0), () -> false);

    assertEquals(new Applier.Result(1, 3, 0, 0, 0, true), result);
    assertEquals(List.of("/c1 applied", "/c2 applied", "/hot applied"), resumed, "/c0 is not touched again");
    assertFalse(files.applied.subList(callsBefore, files.applied.size()).stream().anyMatch(c -> c.startsWith("/c0 ")));
    assertEquals(3, after.changesApplied());
    assertEquals(2, after.filesDemoted());
    assertEquals(0, after.filesPromoted(), "more replicas on the same tier is not a promotion");
    assertTrue(restarted.unfinished().isEmpty(), "the finished plan left plans/");
    for (String f : List.of("/c0", "/c1", "/c2")) {
      assertEquals(new FileState(f, 1, 2L << 20, List.of(List.of("filer"), List.of("filer"))), files.files.get(f));
    }
    assertEquals(5, files.files.get("/hot").replication());
  }

  @Test
  void changesOfSeveralFilesRunAtOnceAndEveryDemotionFinishesBeforeThePromotionStarts() throws Exception {
    MemoryFiles files = fourFiles();
    // The three demotions must all be inside a step at once to pass this barrier: one by one, they would time out.
    CyclicBarrier threeAtOnce = new CyclicBarrier(3);
    Set<String> met = ConcurrentHashMap.newKeySet();
    files.beforeEachStep = path -> {
      if (path.startsWith("/c") && met.add(path)) {
        try {
          threeAtOnce.await(10, TimeUnit.SECONDS);
        } catch (Exception e) {
          throw new IllegalStateException(path + " waited alone for the other demotions", e);
        }
      }
    };
    AutotierJournal journal = journal();
    AutotierJournal.Entry plan = journal.write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = Collections.synchronizedList(new ArrayList<>());
    Applier applier = new Applier(journal, files, ChangeStepsTest.ROLES, ChangeStepsTest.TIERS,
        ChangeStepsTest.REDUNDANT_FILER, unlimited(clock), unlimited(clock), new AutotierMetrics(),
        (p, change, outcome, detail) -> outcomes.add(change.path() + " " + outcome), 4);

    Applier.Result result = applier.apply(plan, () -> false);

    assertEquals(new Applier.Result(0, 4, 0, 0, 0, true), result);
    assertEquals("/hot applied", outcomes.get(3), "the promotion comes after every demotion: " + outcomes);
    int firstHotStep = 0;
    while (!files.applied.get(firstHotStep).startsWith("/hot")) {
      firstHotStep++;
    }
    assertEquals(6, firstHotStep, "each demotion's two steps came before the promotion's: " + files.applied);
    for (String cold : List.of("/c0", "/c1", "/c2")) {
      assertEquals(1, files.files.get(cold).replication(), cold);
    }
    assertEquals(List.of(), journal.unfinished());
  }

  @Test
  void aStopWhileSeveralFilesChangeAtOnceLeavesTheUnmarkedOnesToTheNextRunAndStartsNoPromotion() throws Exception {
    MemoryFiles files = fourFiles();
    files.stopAtCall = 3;
    AutotierJournal.Entry plan = journal().write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = Collections.synchronizedList(new ArrayList<>());
    Applier stopped = new Applier(journal(), files, ChangeStepsTest.ROLES, ChangeStepsTest.TIERS,
        ChangeStepsTest.REDUNDANT_FILER, unlimited(clock), unlimited(clock), new AutotierMetrics(),
        (p, change, outcome, detail) -> outcomes.add(change.path()), 4);
    assertThrows(InterruptedIOException.class, () -> stopped.apply(plan, () -> false));
    assertTrue(files.applied.stream().noneMatch(step -> step.startsWith("/hot")), "no promotion started: "
        + files.applied);
    Set<String> markedBefore = Set.copyOf(outcomes);
    assertTrue(markedBefore.size() < 3, "the stopped demotion is not marked: " + markedBefore);

    files.stopAtCall = 0;
    int callsBefore = files.applied.size();
    List<String> resumed = Collections.synchronizedList(new ArrayList<>());
    Applier.Result result = new Applier(journal(), files, ChangeStepsTest.ROLES, ChangeStepsTest.TIERS,
        ChangeStepsTest.REDUNDANT_FILER, unlimited(clock), unlimited(clock), new AutotierMetrics(),
        (p, change, outcome, detail) -> resumed.add(change.path() + " " + outcome), 4)
        .apply(journal().unfinished().get(0), () -> false);

    assertEquals(markedBefore.size(), result.doneBefore());
    assertEquals(4 - markedBefore.size(), result.applied());
    assertTrue(result.finished());
    for (String step : files.applied.subList(callsBefore, files.applied.size())) {
      assertFalse(markedBefore.contains(step.substring(0, step.indexOf(' '))), "redone after its mark: " + step);
    }
    for (String f : List.of("/c0", "/c1", "/c2")) {
      assertEquals(new FileState(f, 1, 2L << 20, List.of(List.of("filer"), List.of("filer"))), files.files.get(f));
    }
    assertEquals(5, files.files.get("/hot").replication());
  }

  /**
   * Several files at once: once a change fails in a way that ends the run (a stopped process), no change that had
   * not started yet is started. The pacing clock holds the second change back until the first has failed.
   */
  @Test
  void aStopWhileSeveralFilesChangeAtOnceStartsNoFurtherChange() throws Exception {
    MemoryFiles files = fourFiles();
    files.stopAtCall = 1;
    CountDownLatch firstStep = new CountDownLatch(1);
    files.beforeEachStep = path -> firstStep.countDown();
    Ticker heldUntilTheFirstStep = new Ticker() {
      @Override
      public long nanoTime() {
        return clock.nanoTime();
      }

      @Override
      public void sleep(long nanos) throws InterruptedException {
        assertTrue(firstStep.await(30, TimeUnit.SECONDS));
        Thread.sleep(200); // the step throws as soon as it starts; this is ample time for it to end the run
        clock.sleep(nanos);
      }
    };
    AutotierJournal.Entry plan = journal().write("aptstore", 1e-9, fourChanges(), 0);
    Applier applier = new Applier(journal(), files, ChangeStepsTest.ROLES, ChangeStepsTest.TIERS,
        ChangeStepsTest.REDUNDANT_FILER, TokenBucket.perInterval(1, 10, heldUntilTheFirstStep), unlimited(clock),
        new AutotierMetrics(), (p, change, outcome, detail) -> {}, 2);
    assertThrows(InterruptedIOException.class, () -> applier.apply(plan, () -> false));
    assertEquals(List.of(), files.applied, "nothing started after the first change ended the run");
    assertEquals(1, journal().unfinished().size());
  }

  @Test
  void aChangeThatNeverFinishesIsGivenUpAfterItsAttemptsEvenWhenEachRunIsANewProcess() throws Exception {
    MemoryFiles files = fourFiles();
    files.full.add("/c1");
    AutotierJournal.Entry plan = journal().write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = new ArrayList<>();
    for (int run = 1; run <= Applier.MAX_ATTEMPTS; run++) {
      // As `autotier run --once` from cron: a new process, a new journal object and applier, every run.
      AutotierJournal journal = journal();
      List<AutotierJournal.Entry> unfinished = journal.unfinished();
      assertEquals(1, unfinished.size(), "run " + run + ": the plan is still open");
      Applier.Result result = applier(journal, files, unlimited(clock), unlimited(clock), new AutotierMetrics(),
          outcomes).apply(unfinished.get(0), () -> false);
      assertEquals(run == Applier.MAX_ATTEMPTS, result.finished(), "run " + run);
      if (!result.finished()) {
        assertEquals(Map.of(1, run), journal.failedAttempts(plan.id()), "run " + run + "'s count");
        assertEquals(Map.of(0, "applied", 2, "applied", 3, "applied"), journal.done(plan.id()));
      }
    }
    assertEquals(List.of("/c0 applied", "/c1 retry", "/c2 applied", "/hot applied", "/c1 retry", "/c1 failed"),
        outcomes);
    assertEquals(List.of(), journal().unfinished(), "the plan is closed, not replayed by every later run");
    assertEquals(List.of(plan.id()), journal().finished().stream().map(AutotierJournal.Entry::id).toList());
    assertEquals(3, files.files.get("/c1").replication(), "the file that could not move keeps its replicas");
    assertEquals(List.of(), Arrays.asList(local.listStatus(new Path(dir.toUri().toString(),
        "autotier/plans"))), "no attempt counts left behind");
    assertEquals(plan.id(), local.listStatus(new Path(dir.toUri().toString(), "autotier/done"))[0].getPath().getName()
        .replace(".json", ""));
  }

  @Test
  void aFileWithABlockNoLiveDataNodeHoldsIsNotTouchedAndTriedAgain() throws Exception {
    MemoryFiles files = fourFiles();
    // /c0's second block: its only holders are down, so the NameNode lists no replica for it.
    files.files.put("/c0", new FileState("/c0", 3, 2L << 20, List.of(List.of("das", "das", "das"), List.of())));
    AutotierJournal journal = journal();
    AutotierJournal.Entry plan = journal.write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = new ArrayList<>();
    Applier.Result result = applier(journal, files, unlimited(clock), unlimited(clock), new AutotierMetrics(),
        outcomes).apply(plan, () -> false);
    assertEquals(List.of("/c0 retry", "/c1 applied", "/c2 applied", "/hot applied"), outcomes);
    assertTrue(files.applied.stream().noneMatch(step -> step.startsWith("/c0 ")), files.applied.toString());
    assertFalse(result.finished(), "the change waits for the DataNodes to come back");
  }

  @Test
  void aChangeAppliedButNotMarkedBeforeACrashIsOnlyMarked() throws Exception {
    MemoryFiles files = fourFiles();
    files.put("/c1", 1, "filer"); // applied by the crashed run, which died before writing its marker
    AutotierJournal journal = journal();
    AutotierJournal.Entry plan = journal.write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = new ArrayList<>();
    AutotierMetrics metrics = new AutotierMetrics();
    Applier.Result result = applier(journal, files, unlimited(clock), unlimited(clock), metrics, outcomes)
        .apply(plan, () -> false);
    assertEquals(1, result.inPlace());
    assertTrue(outcomes.contains("/c1 in-place"), outcomes.toString());
    assertFalse(files.applied.stream().anyMatch(c -> c.startsWith("/c1 ")), "no call for /c1: " + files.applied);
    assertEquals(2, metrics.filesDemoted(), "/c1 is not counted twice");
  }

  @Test
  void demotionsNeverDropReplicasBeforeAFilerReplicaExists() throws Exception {
    MemoryFiles files = fourFiles();
    AutotierJournal journal = journal();
    AutotierJournal.Entry plan = journal.write("aptstore", 1e-9, fourChanges(), 0);
    applier(journal, files, unlimited(clock), unlimited(clock), new AutotierMetrics(), new ArrayList<>())
        .apply(plan, () -> false);
    assertEquals(List.of("/c0 layout:das+das+filer", "/c0 layout:filer"), files.applied.subList(0, 2));
    for (FileState state : files.history) {
      for (List<String> block : state.blockTiers()) {
        assertTrue(block.size() >= 3 || block.contains("filer"), state + " dropped replicas before the move");
      }
    }
  }

  @Test
  void changesAndCopiedBytesArePacedOnTheClock() throws Exception {
    MemoryFiles files = fourFiles();
    AutotierJournal journal = journal();
    AutotierJournal.Entry plan = journal.write("aptstore", 1e-9, fourChanges(), 0);
    TokenBucket changes = TokenBucket.perInterval(1, 10, clock); // one change per 10 s
    TokenBucket bytes = new TokenBucket(1 << 20, 1 << 20, clock); // 1 MiB/s
    applier(journal, files, changes, bytes, new AutotierMetrics(), new ArrayList<>()).apply(plan, () -> false);
    // Changes 2-4 wait 10 s each; /hot's two extra replicas (4 MiB) go into debt that nothing follows.
    assertEquals(30.0, clock.sleptSeconds(), 1e-6);
  }

  @Test
  void aGoneFileIsSkippedAndAStopRequestEndsBetweenChanges() throws Exception {
    MemoryFiles files = fourFiles();
    files.files.remove("/c2");
    AutotierJournal journal = journal();
    AutotierJournal.Entry plan = journal.write("aptstore", 1e-9, fourChanges(), 0);
    List<String> outcomes = new ArrayList<>();
    // The stop request comes once the first change is done.
    Applier.Result stopped = applier(journal, files, unlimited(clock), unlimited(clock), new AutotierMetrics(),
        outcomes).apply(plan, () -> !outcomes.isEmpty());
    assertFalse(stopped.finished());
    assertEquals(List.of("/c0 applied"), outcomes);
    assertFalse(journal.markDone(plan.id(), 0, "applied"), "a marker is never written twice");
    Applier.Result rest = applier(journal, files, unlimited(clock), unlimited(clock), new AutotierMetrics(), outcomes)
        .apply(journal.unfinished().get(0), () -> false);
    assertTrue(rest.finished());
    assertEquals(1, rest.skipped());
    assertTrue(outcomes.contains("/c2 gone"), outcomes.toString());
  }
}
