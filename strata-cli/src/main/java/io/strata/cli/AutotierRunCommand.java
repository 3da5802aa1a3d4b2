package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.config.ByteSize;
import io.strata.core.config.ConfigException;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.autotier.Applier;
import io.strata.hdfs.autotier.AutotierJournal;
import io.strata.hdfs.autotier.AutotierMetrics;
import io.strata.hdfs.autotier.AutotierRunner;
import io.strata.hdfs.autotier.Change;
import io.strata.hdfs.autotier.ChangeSteps;
import io.strata.hdfs.autotier.HdfsFileOps;
import io.strata.hdfs.autotier.Ticker;
import io.strata.hdfs.autotier.TierRoles;
import io.strata.hdfs.autotier.TokenBucket;
import io.strata.hdfs.rescue.FilerRescue;
import io.strata.hdfs.tier.MoveListener;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierSettings;
import io.strata.hdfs.tier.TierUsage;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.ipc.CallerContext;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata autotier run}: the AptStore daemon, a process of its own beside the NameNode. */
@Command(name = "run", mixinStandardHelpOptions = true,
    description = {"Run AptStore (or Scarlett) against a live cluster until Ctrl-C or SIGTERM (or once, with --once).",
        "On start it finishes any plan left unfinished in its journal (/.strata/autotier), then rebuilds popularity "
            + "from the archived and live audit logs. It follows the live log across rotation and at every "
            + "reference time plans the replication and tier of each file under --path, journals the plan and "
            + "applies it: replica counts with setReplication, moves between the primary and the secondary tier "
            + "with the tier API, each change logged with its reason, at most --max-changes per --change-interval "
            + "and --max-bytes-per-second of copying.",
        "Counts are Hadoop metrics (JMX bean Hadoop:service=StrataAutotier,name=Autotier) and, with --json, one "
            + "status line per cycle. Needs the HDFS superuser, like the Mover, and the NameNode's caller context "
            + "in its audit log (hadoop.caller.context.enabled=true) so its own block lookups are not taken for "
            + "reads."})
final class AutotierRunCommand implements Callable<Integer> {
  /** The caller context the daemon's calls carry, which it skips in the audit log. */
  static final String CALLER_CONTEXT = AutotierRunner.OWN_CONTEXT + "_autotier";

  @Mixin
  AuditLogOptions audit;

  @Option(names = "--path", defaultValue = "/", paramLabel = "DIR",
      description = "files to manage (default: ${DEFAULT-VALUE})")
  String path;

  @Mixin
  AdvisorOptions advice;

  @Option(names = "--primary-tier", paramLabel = "TIER",
      description = "where promoted files go (default: the fastest tier that is neither backup nor ARCHIVE)")
  String primaryTier;

  @Option(names = "--secondary-tier", paramLabel = "TIER",
      description = "where demoted files go (default: the fastest backup or ARCHIVE tier)")
  String secondaryTier;

  @Option(names = "--max-changes", paramLabel = "N", defaultValue = "100",
      description = "files changed per --change-interval at most (default: ${DEFAULT-VALUE})")
  int maxChanges;

  @Option(names = "--change-interval", paramLabel = "DURATION", defaultValue = "60s",
      description = "the interval --max-changes counts over (default: ${DEFAULT-VALUE})")
  String changeInterval;

  @Option(names = "--max-bytes-per-second", paramLabel = "SIZE", defaultValue = "64MiB",
      description = "replica bytes copied per second at most, over the whole cluster (default: ${DEFAULT-VALUE})")
  String maxBytesPerSecond;

  @Option(names = "--parallel", paramLabel = "N", defaultValue = "2",
      description = "blocks moved at once (default: ${DEFAULT-VALUE}, below the tier command's 4: low priority)")
  int parallel;

  @Option(names = "--files-at-once", paramLabel = "N", defaultValue = "1",
      description = "changes applied at once, each to its own file (default: ${DEFAULT-VALUE}); demotions and "
          + "fewer replicas still all finish before promotions and more replicas start. A change spends most of "
          + "its time waiting on the NameNode, so a few at once apply a plan of many small files faster")
  int filesAtOnce;

  @Option(names = "--balancer-bandwidth", paramLabel = "SIZE",
      description = "also set every DataNode's block-move bandwidth (dfs.datanode.balance.bandwidthPerSec, as "
          + "hdfs dfsadmin -setBalancerBandwidth does; it applies to the Balancer and the Mover too, until the "
          + "DataNodes restart)")
  String balancerBandwidth;

  @Option(names = "--filer-shares", paramLabel = "DIR", split = ",",
      description = "the secondary tier's shared storage as mounted here, as `strata tier rescue --shares` takes it: "
          + "before finishing the journal and before each plan, blocks under --path whose only replicas are behind "
          + "DataNodes that are down are made readable again through live ones")
  java.util.List<Path> filerShares;

  @Option(names = "--once", description = "finish the journal, plan once now, apply, and exit")
  boolean once;

  @Option(names = "--dry-run", description = "print each plan as 'autotier plan' does; journal and apply nothing")
  boolean dryRun;

  @Option(names = "--json", description = "print one JSON line per change and per cycle")
  boolean json;

  @Mixin
  HdfsConnection connection;

  private final ObjectMapper mapper = new ObjectMapper();
  private volatile boolean stopping;
  /** Null without --filer-shares. */
  private FilerRescue rescue;
  private long bytesPerSecond;
  private java.time.ZoneId auditZone;

  @Override
  public Integer call() throws Exception {
    auditZone = audit.check();
    AutotierCommand.checkPath(path);
    advice.check();
    long intervalMillis = AdvisorOptions.parseMillis(changeInterval, "--change-interval");
    if (intervalMillis <= 0 || maxChanges < 1) {
      throw new ConfigException("--max-changes must be >= 1 and --change-interval > 0, got " + maxChanges + " per "
          + changeInterval);
    }
    bytesPerSecond = ClusterUpCommand.parseSize(maxBytesPerSecond, "--max-bytes-per-second");
    Long bandwidth = balancerBandwidth == null ? null
        : ClusterUpCommand.parseSize(balancerBandwidth, "--balancer-bandwidth");
    ClusterUpCommand.atLeastOne(parallel, "--parallel");
    ClusterUpCommand.atLeastOne(filesAtOnce, "--files-at-once");
    Configuration conf = connection.configuration();
    TierMap tierMap = connection.tierMap();
    // Scarlett and AptStore-perf only change replica counts, so they run on clusters without a secondary tier too;
    // --filer-shares names the secondary tier's volumes, so it needs one.
    boolean movesBetweenTiers = ReplicationAdvisors.entry(advice.advisor).movesBetweenTiers();
    boolean needsSecondary = movesBetweenTiers || filerShares != null;
    TierRoles chosen = dryRun && filerShares == null ? null
        : TierRoles.choose(tierMap, primaryTier, secondaryTier, needsSecondary);
    StorageType filerType = filerShares == null ? null
        : StorageType.valueOf(tierMap.get(chosen.secondary()).storageKind().name());
    TierRoles roles = dryRun ? null : chosen;
    if (!conf.getBoolean(CommonConfigurationKeysPublic.HADOOP_CALLER_CONTEXT_ENABLED_KEY, false)) {
      System.err.println("strata autotier: warning: hadoop.caller.context.enabled is not true in this configuration; "
          + "unless the NameNode has it, the block lookups of this daemon's moves look like reads in the audit log");
    }
    // Only AptStore moves replicas between tiers; Scarlett and AptStore-perf change replica counts.
    String plugin = dryRun || !movesBetweenTiers ? null : NameNodeJmx.placementPluginWarning(conf);
    if (plugin != null) {
      System.err.println("strata autotier: warning: " + plugin);
    }
    // Every call of this thread, and of the move threads it starts, carries the context the daemon skips; the
    // caller's own context comes back when the command returns (it may run inside another program).
    CallerContext callersContext = CallerContext.getCurrent();
    CallerContext.setCurrent(new CallerContext.Builder(CALLER_CONTEXT).build());
    boolean ownMetrics = !DefaultMetricsSystem.inMiniClusterMode();
    if (ownMetrics) {
      DefaultMetricsSystem.initialize("StrataAutotier");
    }
    AutotierMetrics metrics = new AutotierMetrics().register();
    TokenBucket bytes = new TokenBucket(bytesPerSecond, bytesPerSecond, Ticker.SYSTEM);
    TokenBucket changes = TokenBucket.perInterval(maxChanges, intervalMillis / 1000.0, Ticker.SYSTEM);
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
    Thread main = Thread.currentThread();
    StopHook hook = once ? null : StopHook.install("strata-autotier-stop", () -> {
      stopping = true;
      main.interrupt();
    }, Duration.ofSeconds(60));
    try (DistributedFileSystem fs = TierCommand.open(conf);
         TierManager tiers = new TierManager(fs, tierMap, TierSettings.from(conf).withParallelMoves(parallel)
             .withListener(pacing));
         FilerRescue filerRescue = filerType == null ? null
             : new FilerRescue(fs, conf, filerShares, filerType, parallel)) {
      rescue = filerRescue;
      if (bandwidth != null && !dryRun) {
        fs.setBalancerBandwidth(bandwidth);
        System.err.printf("strata autotier: DataNodes' block-move bandwidth set to %s/s%n", ByteSize.format(bandwidth));
      }
      // A changed --config restarts everything it shapes (the advisor, its rules, the applier's floors) here, in
      // the process, the way a restart would: the journal is replayed and popularity rebuilt from the audit logs.
      while (run(fs, tiers, conf, tierMap, roles, metrics, bytes, changes)) {
        System.err.println("strata autotier: " + advice.config + " changed: restarting with its settings "
            + "(journal replayed, popularity rebuilt from the audit logs)");
      }
      return 0;
    } finally {
      if (hook != null) {
        System.err.println("strata autotier: stopped");
        hook.finished();
      }
      CallerContext.setCurrent(callersContext);
      if (ownMetrics) {
        DefaultMetricsSystem.shutdown();
      }
    }
  }

  /** Blocks behind down DataNodes, made readable before the journal or a plan touches their files. */
  private void rescueMissing(AutotierMetrics metrics) throws InterruptedException {
    if (rescue == null) {
      return;
    }
    try {
      rescue.run(path, dryRun, block -> printRescued(block, metrics));
    } catch (java.io.InterruptedIOException e) {
      throw new InterruptedException("stopped during the filer rescue: " + e.getMessage());
    } catch (java.io.IOException | RuntimeException e) {
      System.err.println("strata autotier: filer rescue failed, planning anyway: " + Failures.describe(e));
    }
  }

  private synchronized void printRescued(FilerRescue.BlockResult block, AutotierMetrics metrics) {
    if (!dryRun) {
      metrics.blockRescued(block.outcome() == FilerRescue.Outcome.RECOVERED);
    }
    if (json) {
      System.out.println(TierRescueCommand.json(mapper.createObjectNode().put("event", "rescue"), block));
    } else {
      System.out.println("rescue   " + TierRescueCommand.line(block));
    }
    System.out.flush();
  }

  /** Runs with the current settings until stopped (false) or until --config changes to a good file (true). */
  private boolean run(DistributedFileSystem fs, TierManager tiers, Configuration conf, TierMap tierMap,
      TierRoles roles, AutotierMetrics metrics, TokenBucket bytes, TokenBucket changes) throws Exception {
    long referenceSeconds = advice.referenceSeconds();
    int nodes = AutotierCommand.dataNodes(fs);
    int primaryNodes = nodes;
    if (roles != null) {
      for (TierUsage usage : tiers.tiers()) {
        if (usage.tier().equals(roles.primary())) {
          primaryNodes = usage.dataNodes();
        }
      }
    }
    boolean redundant = connection.secondaryTierRedundant();
    AdvisorOptions.Made made = advice.make(nodes, primaryNodes, redundant);
    DecisionRules rules = made.rules();
    int hdfsMinimum = Math.max(1, conf.getInt("dfs.namenode.replication.min", 1));
    int primaryFloor = Math.max(rules.minReplication(), hdfsMinimum);
    ChangeSteps.Floors floors = new ChangeSteps.Floors(primaryFloor,
        rules.secondaryRedundant() ? hdfsMinimum : primaryFloor);
    AutotierJournal journal = new AutotierJournal(fs, new org.apache.hadoop.fs.Path(AutotierJournal.DIR));
    Applier applier = dryRun ? null : new Applier(journal, new HdfsFileOps(fs, tiers), roles, tierMap, floors,
        changes, bytes, metrics, this::printChange, filesAtOnce);
    try (AutotierRunner runner = new AutotierRunner(fs, tierMap, made.advisor(), audit.file, auditZone, journal,
        applier, metrics, path, referenceSeconds * 1000)) {
      return loop(runner, metrics, roles, rules, referenceSeconds);
    }
  }

  /** Plans at every reference time until stopped (false) or until --config changes to a good file (true). */
  private boolean loop(AutotierRunner runner, AutotierMetrics metrics, TierRoles roles, DecisionRules rules,
      long referenceSeconds) throws Exception {
    try {
      System.err.printf("strata autotier: %s%s over %s, RT %d s, %s; at most %d change(s) per %s and %s/s copied%n",
          runner.advisor().name(), dryRun ? " (dry run)" : "", path, referenceSeconds,
          roles == null ? "no tiers chosen"
              : "primary tier " + roles.primary() + ", secondary tier "
                  + (roles.secondary() == null ? "none" : roles.secondary())
              + (rules.secondaryRedundant() ? " (internally redundant)" : ""),
          maxChanges, changeInterval, ByteSize.format(bytesPerSecond));
      rescueMissing(metrics);
      runner.replay(() -> stopping, (entry, done) -> printResume(entry, done));
      runner.backfill();
      audit.warnIfZoneLooksWrong(runner.auditSkewMillis(), "autotier run");
      if (once) {
        cycle(runner, metrics);
        return false;
      }
      long next = runner.nextBoundary(System.currentTimeMillis());
      System.err.printf("strata autotier: backfilled %d audit line(s) (%d skipped); next plan at %s%n",
          runner.linesParsed(), runner.linesSkipped(), Instant.ofEpochMilli(next));
      while (!stopping) {
        if (advice.reloadIfChanged(error -> System.err.println("strata autotier: keeping the settings in force: "
            + error)) == AdvisorOptions.Reload.RELOADED) {
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
    } catch (InterruptedException | java.io.InterruptedIOException e) {
      // SIGTERM or Ctrl-C: a change cut short is not marked done and is finished on the next start
      if (!stopping) {
        System.err.println("strata autotier: interrupted without a stop request: " + e);
      }
    }
    return false;
  }

  private void cycle(AutotierRunner runner, AutotierMetrics metrics) throws Exception {
    AutotierRunner.Cycle cycle;
    try {
      // A plan a failed cycle cut short (or one with changes to retry) is finished first, as after a crash; left
      // in the journal it would only be replayed at the next start, by then stale. (--once replayed the journal
      // a moment ago, on start: a second pass now would only spend another of a failing change's attempts.)
      if (!once) {
        rescueMissing(metrics);
        runner.replay(() -> stopping, this::printResume);
      }
      cycle = runner.cycle(System.currentTimeMillis(), () -> stopping);
    } catch (InterruptedException e) {
      throw e;
    } catch (java.io.IOException e) {
      // A socket timeout is an InterruptedIOException too: only a stop request ends the daemon.
      if (e instanceof java.io.InterruptedIOException && (stopping || Thread.currentThread().isInterrupted())) {
        throw e;
      }
      System.err.println("strata autotier: cycle failed, trying again next reference time: "
          + Failures.describe(e));
      return;
    }
    if (dryRun) {
      if (json) {
        ObjectNode line = PlanPrinter.json(runner.advisor().name(), cycle, runner.linesParsed(),
            runner.linesSkipped()).put("event", "plan");
        line.set("totals", metrics.toJson());
        System.out.println(line);
      } else {
        PlanPrinter.text(System.out, runner.advisor().name(), path, cycle, runner.linesParsed(),
            runner.linesSkipped());
      }
      return;
    }
    if (json) {
      ObjectNode line = mapper.createObjectNode().put("event", "cycle").put("time", System.currentTimeMillis())
          .put("files", cycle.files().size()).put("erasureCodedLeftAlone", cycle.erasureCoded())
          .put("changes", cycle.changes().size())
          .put("accepted", cycle.plan().accepted()).put("lossProbability", cycle.plan().lossProbability());
      line.put("plan", cycle.planId());
      if (!cycle.plan().accepted()) {
        line.put("rejection", cycle.plan().rejection());
      }
      if (cycle.result() != null) {
        line.put("applied", cycle.result().applied()).put("inPlace", cycle.result().inPlace())
            .put("finished", cycle.result().finished());
      }
      line.set("totals", metrics.toJson());
      System.out.println(line);
    } else {
      System.out.printf("cycle %s: %d file(s), %d change(s)%s; totals %s%n", Instant.now(), cycle.files().size(),
          cycle.changes().size(), cycle.plan().accepted() ? "" : ", plan REFUSED: " + cycle.plan().rejection(),
          metrics.toJson());
    }
    System.out.flush();
  }

  private void printResume(AutotierJournal.Entry entry, int done) {
    if (json) {
      System.out.println(mapper.createObjectNode().put("event", "resume").put("plan", entry.id())
          .put("changes", entry.changes().size()).put("doneBefore", done));
    } else {
      System.out.printf("resuming plan %s: %d of %d change(s) done before%n", entry.id(), done,
          entry.changes().size());
    }
    System.out.flush();
  }

  private synchronized void printChange(AutotierJournal.Entry plan, Change change, String outcome, String detail) {
    String from = PlanPrinter.place(change.fromReplication(), change.fromSecondary());
    String to = PlanPrinter.place(change.toReplication(), change.toSecondary());
    if (json) {
      System.out.println(mapper.createObjectNode().put("event", "change").put("plan", plan.id())
          .put("index", change.index()).put("path", change.path()).put("kind", change.kind().name())
          .put("outcome", outcome).put("from", from).put("to", to).put("reason", change.reason())
          .put("detail", detail));
    } else {
      System.out.printf("%-8s %-15s %s: %s -> %s (%s); %s%n", outcome, change.kind(), change.path(), from, to,
          change.reason(), detail);
    }
    System.out.flush();
  }
}
