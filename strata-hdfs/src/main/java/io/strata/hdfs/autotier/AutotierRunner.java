package io.strata.hdfs.autotier;

import io.strata.core.popularity.AptStoreAdvisor;
import io.strata.core.popularity.AuditEvent;
import io.strata.core.popularity.AuditLogFollower;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PathHash;
import io.strata.core.popularity.Plan;
import io.strata.core.popularity.ReplicationAdvisor;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.tier.TierManager;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.fs.FileSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One autotier daemon's work: feeds the NameNode's audit log to the advisor, and at each reference time has it
 * plan for the files under a directory, journals the accepted plan and applies it. Unfinished plans in the
 * journal are finished before a new one is made.
 *
 * <p>Its own doings are not accesses: events on Strata's files ({@code /.strata}) and events whose caller context
 * starts with {@value #OWN_CONTEXT} (the daemon sets it, so the block lookups of its moves, which the NameNode
 * audits as {@code open}, do not make the files it moves look popular) are counted and ignored.
 *
 * <p>The predictor's state is not saved: it is rebuilt on start by reading the archived and live audit logs
 * ({@link #backfill()}), ending a reference time wherever the log crosses one of the boundaries the running
 * daemon plans at (multiples of RT since the epoch), so a restarted daemon predicts as the stopped one would have.
 */
public final class AutotierRunner implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(AutotierRunner.class);
  /** Caller contexts starting with this are Strata's own calls. */
  public static final String OWN_CONTEXT = "strata";

  /**
   * What one reference time did: the plan, the files it saw, and for an applied plan its journal id and result.
   *
   * @param erasureCoded erasure-coded files under the root, left out of the plan ({@link ClusterFiles.Listing})
   */
  public record Cycle(Plan plan, List<FileFacts> files, int erasureCoded, List<Change> changes, String planId,
      Applier.Result result) {}

  private final FileSystem fs;
  private final TierMap tierMap;
  private final ReplicationAdvisor advisor;
  private final Path auditLog;
  private final AuditLogFollower follower;
  private final AutotierJournal journal;
  private final Applier applier;
  private final AutotierMetrics metrics;
  private final String root;
  private final long referenceMillis;
  private long backfillReference = Long.MIN_VALUE;
  private long eventsIgnored;
  // The advisor's rename counters as far as cycles have reported them to the metrics.
  private long followedReported;
  private long forgottenReported;
  private long droppedReported;
  // Erasure-coded files under the root as last listed (sorted hashes): their events are not the advisor's.
  private long[] erasureCoded = new long[0];
  // Logged when it changes, not every cycle.
  private int erasureCodedReported;

  /**
   * @param auditZone       the time zone the NameNode writes the log's times in
   * @param applier         null for a dry run (nothing journaled or applied)
   * @param referenceMillis RT
   */
  public AutotierRunner(FileSystem fs, TierMap tierMap, ReplicationAdvisor advisor, Path auditLog,
      ZoneId auditZone, AutotierJournal journal, Applier applier, AutotierMetrics metrics, String root,
      long referenceMillis) {
    this.fs = fs;
    this.tierMap = tierMap;
    this.advisor = advisor;
    this.auditLog = auditLog;
    this.follower = new AuditLogFollower(auditLog, auditZone);
    this.journal = journal;
    this.applier = applier;
    this.metrics = metrics;
    this.root = root;
    this.referenceMillis = referenceMillis;
    if (advisor instanceof AptStoreAdvisor aptStore) {
      followedReported = aptStore.filesFollowedThroughRenames();
      forgottenReported = aptStore.forgottenFiles();
      droppedReported = aptStore.renamesDropped();
    }
  }

  public ReplicationAdvisor advisor() {
    return advisor;
  }

  /** The first reference-time boundary after {@code millis}. */
  public long nextBoundary(long millis) {
    return (Math.floorDiv(millis, referenceMillis) + 1) * referenceMillis;
  }

  /**
   * Reads the archived logs, oldest first, then the live log as far as it goes, ignoring the events of the
   * erasure-coded files under the root, listed first.
   */
  public void backfill() throws IOException {
    backfill(ClusterFiles.erasureCoded(fs, new org.apache.hadoop.fs.Path(root)));
  }

  /**
   * Reads the archived logs, oldest first, then the live log as far as it goes, ignoring the events of the
   * erasure-coded files given ({@link ClusterFiles#erasureCoded}, taken before: the first plan's listing comes too
   * late to keep their reads out of the popularity).
   */
  public void backfill(long[] erasureCodedHashes) throws IOException {
    erasureCoded = erasureCodedHashes.clone();
    Arrays.sort(erasureCoded);
    for (Path archive : AuditLogFollower.archives(auditLog)) {
      follower.readArchive(archive, this::backfilled);
    }
    follower.poll(this::backfilled);
    backfillReference = Long.MAX_VALUE;
    counted();
  }

  /** Reads what the live log gained; returns the lines read. */
  public int poll() throws IOException {
    int lines = follower.poll(this::observe);
    counted();
    return lines;
  }

  private void backfilled(AuditEvent event) {
    long reference = Math.floorDiv(event.timeMillis(), referenceMillis);
    if (backfillReference != Long.MIN_VALUE && reference > backfillReference
        && advisor instanceof AptStoreAdvisor aptStore) {
      aptStore.predictor().endReferenceTime(hash -> {});
    }
    backfillReference = Math.max(backfillReference, reference);
    observe(event);
  }

  /** Whether {@code path} is {@code root} or below it: only files there are planned for. */
  private static boolean under(String path, String root) {
    return root.equals("/") || path.equals(root) || path.startsWith(root.endsWith("/") ? root : root + "/");
  }

  /**
   * Hands the event to the advisor unless it is Strata's own (counted as ignored), about no path under the root,
   * or about an erasure-coded file (neither planned for nor counted in AVG(P), and the plan would drop its state
   * again); false when not handed.
   */
  private boolean observe(AuditEvent event) {
    if (ownEvent(event)) {
      eventsIgnored++;
      return false;
    }
    if (!under(event.src(), root) && (event.dst() == null || !under(event.dst(), root))) {
      return false;
    }
    if (erasureCoded.length > 0 && Arrays.binarySearch(erasureCoded, PathHash.of(event.src())) >= 0) {
      return false;
    }
    advisor.observe(event, 0);
    return true;
  }

  private static boolean ownEvent(AuditEvent event) {
    String context = event.callerContext();
    return event.src().startsWith(TierManager.RESERVED_DIR + "/") || context != null && context.startsWith(OWN_CONTEXT);
  }

  private void counted() {
    metrics.auditLinesParsed.set(follower.parsed());
    metrics.auditLinesSkipped.set(follower.skipped());
    metrics.auditEventsIgnored.set(eventsIgnored);
  }

  /** Finishes the journal's unfinished plans, oldest first; stops early when {@code stopping}. */
  public List<Applier.Result> replay(BooleanSupplier stopping, BiConsumer<AutotierJournal.Entry, Integer> resuming)
      throws IOException, InterruptedException {
    List<Applier.Result> results = new ArrayList<>();
    if (applier == null) {
      return results;
    }
    for (AutotierJournal.Entry entry : journal.unfinished()) {
      if (stopping.getAsBoolean()) {
        break;
      }
      resuming.accept(entry, journal.done(entry.id()).size());
      results.add(applier.apply(entry, stopping));
    }
    return results;
  }

  /**
   * Ends the reference time: the advisor plans for the files under the root; an accepted plan's changes are
   * journaled and applied (unless this is a dry run).
   */
  public Cycle cycle(long nowMillis, BooleanSupplier stopping) throws IOException, InterruptedException {
    poll();
    ClusterFiles.Listing listing = ClusterFiles.list(fs, new org.apache.hadoop.fs.Path(root), tierMap);
    List<FileFacts> files = listing.files();
    erasureCoded = listing.erasureCodedHashes();
    if (listing.erasureCoded() != erasureCodedReported) {
      erasureCodedReported = listing.erasureCoded();
      LOG.info("autotier: {} erasure-coded file(s) under {} left alone: their block groups have no replicas to add "
          + "or remove", erasureCodedReported, root);
    }
    AptStoreAdvisor aptStore = advisor instanceof AptStoreAdvisor a ? a : null;
    Plan plan = advisor.plan(files, nowMillis);
    if (aptStore != null) {
      // Since the last cycle: renames are followed and dropped while lines are read, as well as at the plan.
      long followed = aptStore.filesFollowedThroughRenames() - followedReported;
      long forgotten = aptStore.forgottenFiles() - forgottenReported;
      long dropped = aptStore.renamesDropped() - droppedReported;
      followedReported += followed;
      forgottenReported += forgotten;
      droppedReported += dropped;
      metrics.filesFoundThroughRenames.incr(followed);
      metrics.filesForgotten.incr(forgotten);
      metrics.renamesDropped.incr(dropped);
      if (followed > 0 || forgotten > 0) {
        LOG.info("autotier: {} file(s) found through renames the log named a directory in, {} forgotten (no longer "
            + "under {})", followed, forgotten, root);
      }
      if (dropped > 0) {
        LOG.warn("autotier: {} rename(s) came in too great a number between two plans and were not followed; "
            + "files moved by them start again at the average popularity", dropped);
      }
    }
    metrics.cycles.incr();
    Map<String, FileFacts> byPath = new HashMap<>();
    files.forEach(f -> byPath.put(f.path(), f));
    List<Change> changes = Change.of(plan, byPath);
    if (!plan.accepted()) {
      metrics.plansRefused.incr();
      LOG.warn("autotier: plan refused, nothing applied: {}", plan.rejection());
      return new Cycle(plan, files, listing.erasureCoded(), changes, null, null);
    }
    if (applier == null || changes.isEmpty()) {
      return new Cycle(plan, files, listing.erasureCoded(), changes, null, null);
    }
    AutotierJournal.Entry entry = journal.write(advisor.name(), plan.lossProbability(), changes, nowMillis);
    LOG.info("autotier: plan {} journaled, {} change(s) for {} file(s) under {}", entry.id(), changes.size(),
        files.size(), root);
    return new Cycle(plan, files, listing.erasureCoded(), changes, entry.id(),
        applier.apply(entry, stopping));
  }

  public long linesParsed() {
    return follower.parsed();
  }

  public long linesSkipped() {
    return follower.skipped();
  }

  /** {@link AuditLogFollower#liveSkewMillis()} of the log read so far. */
  public OptionalLong auditSkewMillis() throws IOException {
    return follower.liveSkewMillis();
  }

  /** Events of Strata's own files or calls in the logs read so far. */
  public long eventsIgnored() {
    return eventsIgnored;
  }

  @Override
  public void close() throws IOException {
    follower.close();
  }
}
