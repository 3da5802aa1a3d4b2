package io.strata.hdfs.autotier;

import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.HdfsFileSystems;
import io.strata.hdfs.rescue.FilerRescue;
import io.strata.hdfs.tier.MoveListener;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierSettings;
import io.strata.hdfs.tier.TierUsage;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * The autotier daemon (AptStore, or Scarlett) against a live cluster, run on the calling thread until
 * {@link #stop()}. On start it finishes any plan left unfinished in its journal, then rebuilds popularity from the
 * archived and live audit logs; at every reference time it plans the files under its path, journals the plan and
 * applies it, paced by its change and byte budgets. When the advisor's settings change it starts over with them
 * in the process, as a restart would. Every call it makes carries {@link #CALLER_CONTEXT}, so the runner skips its
 * own block lookups in the audit log; its counts are Hadoop metrics. What it does goes to a {@link Listener}.
 */
public final class AutotierDaemon {
  /** The caller context the daemon's calls carry, which it skips in the audit log. */
  public static final String CALLER_CONTEXT = AutotierRunner.OWN_CONTEXT + "_autotier";

  /**
   * What the daemon runs with.
   *
   * @param auditLog          the NameNode's audit log (its rotated siblings are read first)
   * @param auditZone         the time zone the NameNode writes the log's times in
   * @param path              the directory whose files are managed
   * @param primaryTier       where promoted files go, or null for the fastest tier that is neither backup nor ARCHIVE
   * @param secondaryTier     where demoted files go, or null for the fastest backup or ARCHIVE tier
   * @param maxChanges        files changed per {@code changeInterval} at most
   * @param changeInterval    the interval {@code maxChanges} counts over
   * @param maxBytesPerSecond replica bytes copied per second at most, over the whole cluster
   * @param parallelMoves     blocks moved at once
   * @param filesAtOnce       changes applied at once, each to its own file
   * @param balancerBandwidth every DataNode's block-move bandwidth to set on start, or null to leave it
   * @param filerShares       the secondary tier's shared storage as mounted here, to make blocks behind down
   *                          DataNodes readable again; null for none
   * @param once              finish the journal, plan once, apply and return
   * @param dryRun            plan only: journal and apply nothing
   */
  public record Settings(Path auditLog, ZoneId auditZone, String path, String primaryTier, String secondaryTier,
      int maxChanges, Duration changeInterval, long maxBytesPerSecond, int parallelMoves, int filesAtOnce,
      Long balancerBandwidth, List<Path> filerShares, boolean once, boolean dryRun) {
    public Settings {
      Objects.requireNonNull(auditLog, "auditLog");
      Objects.requireNonNull(auditZone, "auditZone");
      if (path == null || !path.startsWith("/")) {
        throw new IllegalArgumentException("path must be absolute, got " + path);
      }
      if (maxChanges < 1 || changeInterval.toMillis() <= 0 || maxBytesPerSecond <= 0 || parallelMoves < 1
          || filesAtOnce < 1 || balancerBandwidth != null && balancerBandwidth <= 0) {
        throw new IllegalArgumentException("limits must be positive: " + maxChanges + " change(s) per "
            + changeInterval + ", " + maxBytesPerSecond + " B/s, " + parallelMoves + " move(s) and " + filesAtOnce
            + " file(s) at once, balancer bandwidth " + balancerBandwidth);
      }
      filerShares = filerShares == null ? null : List.copyOf(filerShares);
    }

    /** The settings {@code strata autotier run} has by default, over {@code auditLog} read in this machine's zone. */
    public static Builder builder(Path auditLog) {
      return new Builder(auditLog);
    }

    /** Builds {@link Settings} from the defaults of {@code strata autotier run}. */
    public static final class Builder {
      private final Path auditLog;
      private ZoneId auditZone = ZoneId.systemDefault();
      private String path = "/";
      private String primaryTier;
      private String secondaryTier;
      private int maxChanges = 100;
      private Duration changeInterval = Duration.ofSeconds(60);
      private long maxBytesPerSecond = 64L << 20;
      private int parallelMoves = 2;
      private int filesAtOnce = 1;
      private Long balancerBandwidth;
      private List<Path> filerShares;
      private boolean once;
      private boolean dryRun;

      private Builder(Path auditLog) {
        this.auditLog = auditLog;
      }

      public Builder auditZone(ZoneId zone) {
        this.auditZone = zone;
        return this;
      }

      public Builder path(String directory) {
        this.path = directory;
        return this;
      }

      public Builder tiers(String primary, String secondary) {
        this.primaryTier = primary;
        this.secondaryTier = secondary;
        return this;
      }

      public Builder maxChanges(int changes, Duration interval) {
        this.maxChanges = changes;
        this.changeInterval = interval;
        return this;
      }

      public Builder maxBytesPerSecond(long bytes) {
        this.maxBytesPerSecond = bytes;
        return this;
      }

      public Builder parallelMoves(int moves) {
        this.parallelMoves = moves;
        return this;
      }

      public Builder filesAtOnce(int files) {
        this.filesAtOnce = files;
        return this;
      }

      public Builder balancerBandwidth(Long bytesPerSecond) {
        this.balancerBandwidth = bytesPerSecond;
        return this;
      }

      public Builder filerShares(List<Path> shares) {
        this.filerShares = shares;
        return this;
      }

      public Builder once(boolean planOnce) {
        this.once = planOnce;
        return this;
      }

      public Builder dryRun(boolean planOnly) {
        this.dryRun = planOnly;
        return this;
      }

      public Settings build() {
        return new Settings(auditLog, auditZone, path, primaryTier, secondaryTier, maxChanges, changeInterval,
            maxBytesPerSecond, parallelMoves, filesAtOnce, balancerBandwidth, filerShares, once, dryRun);
      }
    }
  }

  /** What the daemon does, as it does it; every method does nothing unless overridden. */
  public interface Listener extends Applier.Listener {
    /** A change of a plan was applied, failed or skipped (not in a dry run). */
    @Override
    default void changed(AutotierJournal.Entry plan, Change change, String outcome, String detail) {}

    /** Every DataNode's block-move bandwidth was set. */
    default void bandwidthSet(long bytesPerSecond) {}

    /** The daemon starts (or starts over) with this advice; roles are null in a dry run. */
    default void started(Advice advice, TierRoles roles) {}

    /** A block behind down DataNodes was rescued, or tried. */
    default void rescued(FilerRescue.BlockResult block) {}

    /** The filer rescue failed; the daemon plans anyway. */
    default void rescueFailed(Exception e) {}

    /** A plan left unfinished in the journal is being finished. */
    default void resuming(AutotierJournal.Entry plan, int doneBefore) {}

    /** How far the audit log's last record is stamped from the file's last write (see {@link AutotierRunner}). */
    default void auditLogSkew(OptionalLong skewMillis) {}

    /** The audit logs were read on start; the first plan comes at {@code nextPlan}. */
    default void backfilled(long linesParsed, long linesSkipped, Instant nextPlan) {}

    /** A plan was made (and unless a dry run, applied). */
    default void planned(AutotierRunner runner, AutotierRunner.Cycle cycle, AutotierMetrics totals) {}

    /** A cycle failed; the next reference time tries again. */
    default void cycleFailed(IOException e) {}

    /** The advisor's settings changed to a bad file; the ones in force are kept. */
    default void settingsRefused(String error) {}

    /** The advisor's settings changed: the daemon starts over with them. */
    default void restarting() {}

    /** The daemon's thread was interrupted without {@link #stop()}. */
    default void interruptedWithoutStop(Exception e) {}
  }

  private final Configuration conf;
  private final TierMap tierMap;
  private final Settings settings;
  private final AdvisorSource advisors;
  private final Listener listener;
  /** The tiers chosen, even in a dry run when the filer rescue needs the secondary one; else null. */
  private final TierRoles chosen;
  private volatile boolean stopping;
  private Thread running;
  /** Null without filer shares. */
  private FilerRescue rescue;

  /**
   * @throws io.strata.core.config.ConfigException when the tiers named are unknown or of the wrong class, or a
   *                                               tier the advisor needs is missing
   */
  public AutotierDaemon(Configuration conf, TierMap tierMap, Settings settings, AdvisorSource advisors,
      Listener listener) {
    this.conf = conf;
    this.tierMap = tierMap;
    this.settings = settings;
    this.advisors = advisors;
    this.listener = listener;
    // Advisors that only change replica counts run on clusters without a secondary tier too; filer shares are the
    // secondary tier's volumes, so they need one.
    boolean needsSecondary = ReplicationAdvisors.entry(advisors.advisorName()).movesBetweenTiers()
        || settings.filerShares() != null;
    this.chosen = settings.dryRun() && settings.filerShares() == null ? null
        : TierRoles.choose(tierMap, settings.primaryTier(), settings.secondaryTier(), needsSecondary);
  }

  /** Asks the running daemon to stop: a change cut short is not marked done and is finished on the next start. */
  public synchronized void stop() {
    stopping = true;
    if (running != null) {
      running.interrupt();
    }
  }

  /**
   * Runs until {@link #stop()} (or, with {@link Settings#once()}, after one plan). Every call of this thread, and of
   * the move threads it starts, carries {@link #CALLER_CONTEXT}; the caller's own context comes back on return.
   */
  public void run() throws Exception {
    synchronized (this) {
      running = Thread.currentThread();
    }
    TierRoles roles = settings.dryRun() ? null : chosen;
    StorageType filerType = settings.filerShares() == null ? null
        : StorageType.valueOf(tierMap.get(chosen.secondary()).storageKind().name());
    CallerContext callersContext = CallerContext.getCurrent();
    CallerContext.setCurrent(new CallerContext.Builder(CALLER_CONTEXT).build());
    // In a test JVM the embedded NameNode owns the metrics system; the daemon only adds its source there.
    boolean ownMetrics = !DefaultMetricsSystem.inMiniClusterMode();
    if (ownMetrics) {
      DefaultMetricsSystem.initialize("StrataAutotier");
    }
    try {
      AutotierMetrics metrics = new AutotierMetrics().register();
      long bytesPerSecond = settings.maxBytesPerSecond();
      TokenBucket bytes = new TokenBucket(bytesPerSecond, bytesPerSecond, Ticker.SYSTEM);
      TokenBucket changes = TokenBucket.perInterval(settings.maxChanges(),
          settings.changeInterval().toMillis() / 1000.0, Ticker.SYSTEM);
      MoveListener pacing = new MoveListener() {
        @Override
        public void starting(Move move) {
          try {
            bytes.acquire(move.bytes());
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
        }
      };
      try (DistributedFileSystem fs = HdfsFileSystems.open(conf);
           TierManager tiers = new TierManager(fs, tierMap, TierSettings.from(conf)
               .withParallelMoves(settings.parallelMoves()).withListener(pacing));
           FilerRescue filerRescue = filerType == null ? null
               : new FilerRescue(fs, conf, settings.filerShares(), filerType, settings.parallelMoves())) {
        rescue = filerRescue;
        if (settings.balancerBandwidth() != null && !settings.dryRun()) {
          fs.setBalancerBandwidth(settings.balancerBandwidth());
          listener.bandwidthSet(settings.balancerBandwidth());
        }
        // Changed settings restart everything they shape (the advisor, its rules, the applier's floors) here, in
        // the process, the way a restart would: the journal is replayed and popularity rebuilt from the audit logs.
        while (runWithSettings(fs, tiers, roles, metrics, bytes, changes)) {
          listener.restarting();
        }
      }
    } finally {
      CallerContext.setCurrent(callersContext);
      if (ownMetrics) {
        DefaultMetricsSystem.shutdown();
      }
      synchronized (this) {
        running = null;
      }
    }
  }

  /** Blocks behind down DataNodes, made readable before the journal or a plan touches their files. */
  private void rescueMissing(AutotierMetrics metrics) throws InterruptedException {
    if (rescue == null) {
      return;
    }
    try {
      rescue.run(settings.path(), settings.dryRun(), block -> rescued(block, metrics));
    } catch (InterruptedIOException e) {
      throw new InterruptedException("stopped during the filer rescue: " + e.getMessage());
    } catch (IOException | RuntimeException e) {
      listener.rescueFailed(e);
    }
  }

  private synchronized void rescued(FilerRescue.BlockResult block, AutotierMetrics metrics) {
    if (!settings.dryRun()) {
      metrics.blockRescued(block.outcome() == FilerRescue.Outcome.RECOVERED);
    }
    listener.rescued(block);
  }

  /** Runs with the current settings until stopped (false) or until they change to good ones (true). */
  private boolean runWithSettings(DistributedFileSystem fs, TierManager tiers, TierRoles roles,
      AutotierMetrics metrics, TokenBucket bytes, TokenBucket changes) throws Exception {
    int nodes = Advice.dataNodes(fs);
    int primaryNodes = nodes;
    if (roles != null) {
      for (TierUsage usage : tiers.tiers()) {
        if (usage.tier().equals(roles.primary())) {
          primaryNodes = usage.dataNodes();
        }
      }
    }
    Advice advice = advisors.make(nodes, primaryNodes);
    DecisionRules rules = advice.rules();
    int hdfsMinimum = Math.max(1, conf.getInt("dfs.namenode.replication.min", 1));
    int primaryFloor = Math.max(rules.minReplication(), hdfsMinimum);
    ChangeSteps.Floors floors = new ChangeSteps.Floors(primaryFloor,
        rules.secondaryRedundant() ? hdfsMinimum : primaryFloor);
    AutotierJournal journal = new AutotierJournal(fs, new org.apache.hadoop.fs.Path(AutotierJournal.DIR));
    Applier applier = settings.dryRun() ? null : new Applier(journal, new HdfsFileOps(fs, tiers), roles, tierMap,
        floors, changes, bytes, metrics, this::changed, settings.filesAtOnce());
    try (AutotierRunner runner = new AutotierRunner(fs, tierMap, advice.advisor(), settings.auditLog(),
        settings.auditZone(), journal, applier, metrics, settings.path(), advice.referenceSeconds() * 1000)) {
      return loop(runner, metrics, advice, roles);
    }
  }

  private synchronized void changed(AutotierJournal.Entry plan, Change change, String outcome, String detail) {
    listener.changed(plan, change, outcome, detail);
  }

  /** Plans at every reference time until stopped (false) or until the settings change to good ones (true). */
  private boolean loop(AutotierRunner runner, AutotierMetrics metrics, Advice advice, TierRoles roles)
      throws Exception {
    try {
      listener.started(advice, roles);
      rescueMissing(metrics);
      runner.replay(() -> stopping, listener::resuming);
      runner.backfill();
      listener.auditLogSkew(runner.auditSkewMillis());
      if (settings.once()) {
        cycle(runner, metrics);
        return false;
      }
      long next = runner.nextBoundary(System.currentTimeMillis());
      listener.backfilled(runner.linesParsed(), runner.linesSkipped(), Instant.ofEpochMilli(next));
      while (!stopping) {
        if (advisors.reload(listener::settingsRefused)) {
          return true;
        }
        long now = System.currentTimeMillis();
        if (now >= next) {
          cycle(runner, metrics);
          next = runner.nextBoundary(System.currentTimeMillis());
        } else {
          runner.poll();
          Thread.sleep(Math.min(1000, next - now));
        }
      }
    } catch (InterruptedException | InterruptedIOException e) {
      // A stop request (SIGTERM or Ctrl-C): a change cut short is not marked done and is finished on the next start
      if (!stopping) {
        listener.interruptedWithoutStop(e);
      }
    }
    return false;
  }

  private void cycle(AutotierRunner runner, AutotierMetrics metrics) throws Exception {
    AutotierRunner.Cycle cycle;
    try {
      // A plan a failed cycle cut short (or one with changes to retry) is finished first, as after a crash; left
      // in the journal it would only be replayed at the next start, by then stale. (A run of one plan replayed the
      // journal a moment ago, on start: a second pass now would only spend another of a failing change's attempts.)
      if (!settings.once()) {
        rescueMissing(metrics);
        runner.replay(() -> stopping, listener::resuming);
      }
      cycle = runner.cycle(System.currentTimeMillis(), () -> stopping);
    } catch (InterruptedException e) {
      throw e;
    } catch (IOException e) {
      // A socket timeout is an InterruptedIOException too: only a stop request ends the daemon.
      if (e instanceof InterruptedIOException && (stopping || Thread.currentThread().isInterrupted())) {
        throw e;
      }
      listener.cycleFailed(e);
      return;
    }
    listener.planned(runner, cycle, metrics);
  }
}
