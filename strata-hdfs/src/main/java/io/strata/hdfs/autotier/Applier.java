package io.strata.hdfs.autotier;

import io.strata.core.config.ByteSize;
import io.strata.core.tier.TierMap;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies a journaled plan, change by change or several files' changes at once, at a low priority: at most so
 * many changes per interval, and the bytes HDFS copies for it within a rate (the block moves are paced one block
 * at a time as they start, by the tier API's move listener; the replicas HDFS is asked to add are paced here,
 * before the call). Each change starts from the file's state now, so a change found done (before a crash, or by
 * someone else) is only marked; it is marked done in the journal after it is applied, and a change that did not
 * finish stays unmarked and is tried again by the next pass over the journal, up to {@value #MAX_ATTEMPTS}
 * attempts in all (counted in the journal, so across runs and restarts), then marked {@code failed}.
 */
public final class Applier {
  private static final Logger LOG = LoggerFactory.getLogger(Applier.class);
  static final int MAX_ATTEMPTS = 3;

  /**
   * Hears the outcome of each change: {@code applied}, {@code in-place}, {@code gone}, {@code refused},
   * {@code failed} or {@code retry}.
   */
  public interface Listener {
    Listener NONE = (plan, change, outcome, detail) -> {};

    void changed(AutotierJournal.Entry plan, Change change, String outcome, String detail);
  }

  /** What one pass over a plan did. */
  public record Result(int doneBefore, int applied, int inPlace, int skipped, int failed, boolean finished) {}

  private final AutotierJournal journal;
  private final FileOps ops;
  private final TierRoles roles;
  private final TierMap tierMap;
  private final ChangeSteps.Floors floors;
  private final TokenBucket changes;
  private final TokenBucket bytes;
  private final AutotierMetrics metrics;
  private final Listener listener;
  private final int filesAtOnce;

  public Applier(AutotierJournal journal, FileOps ops, TierRoles roles, TierMap tierMap, ChangeSteps.Floors floors,
      TokenBucket changes, TokenBucket bytes, AutotierMetrics metrics, Listener listener) {
    this(journal, ops, roles, tierMap, floors, changes, bytes, metrics, listener, 1);
  }

  /**
   * @param filesAtOnce changes applied at once, each to its own file; the changes that free room on the primary
   *                    tier all finish before any that takes room starts, as when they run one by one
   */
  public Applier(AutotierJournal journal, FileOps ops, TierRoles roles, TierMap tierMap, ChangeSteps.Floors floors,
      TokenBucket changes, TokenBucket bytes, AutotierMetrics metrics, Listener listener, int filesAtOnce) {
    if (filesAtOnce < 1) {
      throw new IllegalArgumentException("files at once must be >= 1, got " + filesAtOnce);
    }
    this.filesAtOnce = filesAtOnce;
    this.journal = journal;
    this.ops = ops;
    this.roles = roles;
    this.tierMap = tierMap;
    this.floors = floors;
    this.changes = changes;
    this.bytes = bytes;
    this.metrics = metrics;
    this.listener = listener;
  }

  /**
   * Applies the changes of {@code plan} not marked done yet, until done or {@code stopping}; finishes the plan in
   * the journal when every change is marked.
   */
  public Result apply(AutotierJournal.Entry plan, BooleanSupplier stopping) throws IOException, InterruptedException {
    Map<Integer, String> done = journal.done(plan.id());
    int doneBefore = 0;
    List<Change> freeing = new ArrayList<>();
    List<Change> taking = new ArrayList<>();
    for (Change change : plan.changes()) {
      if (done.containsKey(change.index())) {
        doneBefore++;
      } else {
        (change.freesPrimary() ? freeing : taking).add(change);
      }
    }
    List<String> outcomes = new ArrayList<>();
    ExecutorService pool = filesAtOnce == 1 ? null : Executors.newFixedThreadPool(filesAtOnce, runnable -> {
      Thread thread = new Thread(runnable, "autotier-apply");
      thread.setDaemon(true);
      return thread;
    });
    try {
      // Everything that frees room on the primary tier first, so the plan never overfills it halfway.
      for (List<Change> group : List.of(freeing, taking)) {
        List<String> groupOutcomes = applyGroup(plan, group, stopping, pool == null ? Runnable::run : pool);
        outcomes.addAll(groupOutcomes);
        if (groupOutcomes.size() < group.size()) {
          break; // stopping
        }
      }
    } finally {
      if (pool != null) {
        pool.shutdownNow();
      }
    }
    int applied = 0;
    int inPlace = 0;
    int skipped = 0;
    int failed = 0;
    for (String outcome : outcomes) {
      switch (outcome) {
        case "applied" -> applied++;
        case "in-place" -> inPlace++;
        case "retry" -> failed++;
        default -> skipped++;
      }
    }
    int marked = doneBefore + outcomes.size() - failed;
    boolean finished = marked == plan.changes().size();
    if (finished) {
      journal.finish(plan.id());
    }
    return new Result(doneBefore, applied, inPlace, skipped, failed, finished);
  }

  /**
   * Applies {@code group} on {@code executor}, each change paced as it starts: in this thread one after another
   * ({@code Runnable::run}), or on a pool, at most its size at once. Returns when every change started has
   * finished, with their outcomes: fewer than the group when {@code stopping} came first. A failure that ends the
   * run (a stopped process) starts no further change and is thrown once the others have finished.
   */
  private List<String> applyGroup(AutotierJournal.Entry plan, List<Change> group, BooleanSupplier stopping,
      Executor executor) throws IOException, InterruptedException {
    AtomicBoolean ending = new AtomicBoolean();
    List<FutureTask<String>> started = new ArrayList<>();
    BooleanSupplier halted = () -> stopping.getAsBoolean() || ending.get();
    for (Change change : group) {
      if (halted.getAsBoolean()) {
        break;
      }
      changes.acquire(1);
      if (halted.getAsBoolean()) {
        break; // while paced
      }
      FutureTask<String> task = new FutureTask<>(() -> {
        try {
          return applyOne(plan, change);
        } catch (Exception | Error e) {
          ending.set(true);
          throw e;
        }
      });
      started.add(task);
      executor.execute(task);
    }
    List<String> outcomes = new ArrayList<>();
    Exception ended = null;
    for (Future<String> future : started) {
      try {
        outcomes.add(future.get());
      } catch (ExecutionException e) {
        if (e.getCause() instanceof Error error) {
          throw error;
        }
        ended = ended == null ? (Exception) e.getCause() : ended;
      }
    }
    if (ended instanceof IOException io) {
      throw io;
    }
    if (ended instanceof InterruptedException interrupted) {
      throw interrupted;
    }
    if (ended instanceof RuntimeException runtime) {
      throw runtime;
    }
    if (ended != null) {
      throw new IllegalStateException("applying a change failed", ended);
    }
    return outcomes;
  }

  private String applyOne(AutotierJournal.Entry plan, Change change) throws IOException, InterruptedException {
    Optional<FileState> found = ops.state(change.path());
    if (found.isEmpty()) {
      return finish(plan, change, "gone", "deleted since the plan was made");
    }
    FileState now = found.get();
    int unreachable = now.firstBlockWithoutReplica();
    if (unreachable >= 0) {
      // HDFS could neither copy nor move it; setReplication would only be recorded, and reported as applied.
      return notFinished(plan, change, change.path() + ": block " + unreachable
          + " has no live replica (the DataNodes holding it are down)");
    }
    List<Step> steps;
    try {
      steps = ChangeSteps.steps(now, ops.recordedLayout(change.path()), change, roles, tierMap, floors);
    } catch (ChangeSteps.Refused refused) {
      return finish(plan, change, "refused", refused.getMessage());
    }
    Step target = steps.get(steps.size() - 1);
    boolean there = target.layout() == null ? now.replication() == target.replication()
        : now.has(target.layout(), target.replication());
    if (there) {
      return finish(plan, change, "in-place", "already " + target);
    }
    int highest = steps.stream().mapToInt(Step::replication).max().orElse(now.replication());
    long replicated = Math.max(0, highest - now.replication()) * now.length();
    bytes.acquire(replicated);
    long moved = 0;
    try {
      for (Step step : steps) {
        moved += ops.apply(change.path(), step);
      }
    } catch (InterruptedIOException e) {
      throw e;
    } catch (IOException e) {
      return notFinished(plan, change, e.getMessage());
    }
    switch (change.kind()) {
      case PROMOTE -> metrics.filesPromoted.incr();
      case DEMOTE -> metrics.filesDemoted.incr();
      default -> {
      }
    }
    long delta = (long) (target.replication() - now.replication()) * now.blockTiers().size();
    (delta > 0 ? metrics.replicasAdded : metrics.replicasRemoved).incr(Math.abs(delta));
    metrics.bytesMoved.incr(moved);
    metrics.bytesReplicated.incr(replicated);
    return finish(plan, change, "applied", String.join(", then ", steps.stream().map(Step::toString).toList())
        + "; " + ByteSize.format(moved) + " moved");
  }

  /** Counts an attempt that did not finish: {@code retry} on the next pass, or {@code failed} after the last. */
  private String notFinished(AutotierJournal.Entry plan, Change change, String why) throws IOException {
    metrics.changesFailed.incr();
    int tries = journal.recordAttempt(plan.id(), change.index());
    if (tries >= MAX_ATTEMPTS) {
      return finish(plan, change, "failed", "gave up after " + tries + " attempts: " + why);
    }
    LOG.warn("autotier {} {}: attempt {} did not finish, tried again on the next pass: {}", change.kind(),
        change.path(), tries, why);
    listener.changed(plan, change, "retry", why);
    return "retry";
  }

  private String finish(AutotierJournal.Entry plan, Change change, String outcome, String detail) throws IOException {
    journal.markDone(plan.id(), change.index(), outcome);
    switch (outcome) {
      case "applied" -> metrics.changesApplied.incr();
      case "in-place" -> metrics.changesInPlace.incr();
      default -> metrics.changesSkipped.incr();
    }
    LOG.info("autotier {} {} {}: {}x{} -> {}x{} because {}; {}", outcome, change.kind(), change.path(),
        change.fromReplication(), change.fromSecondary() ? " secondary" : " primary", change.toReplication(),
        change.toSecondary() ? " secondary" : " primary", change.reason(), detail);
    listener.changed(plan, change, outcome, detail);
    return outcome;
  }
}
