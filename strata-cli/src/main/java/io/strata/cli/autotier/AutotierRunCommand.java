package io.strata.cli.autotier;

import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.StopHook;
import io.strata.core.config.ConfigException;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.hdfs.NameNodeJmx;
import io.strata.hdfs.autotier.AutotierDaemon;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CommonConfigurationKeysPublic;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata autotier run}: the AptStore daemon ({@link AutotierDaemon}), a process of its own beside the
 * NameNode; the command checks its options, runs the daemon until SIGTERM and prints what it does.
 */
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
  DurationArg changeInterval;

  @Option(names = "--max-bytes-per-second", paramLabel = "SIZE", defaultValue = "64MiB",
      description = "replica bytes copied per second at most, over the whole cluster (default: ${DEFAULT-VALUE})")
  ByteSizeArg maxBytesPerSecond;

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
  ByteSizeArg balancerBandwidth;

  @Option(names = "--filer-shares", paramLabel = "DIR", split = ",",
      description = "the secondary tier's shared storage as mounted here, as `strata tier rescue --shares` takes it: "
          + "before finishing the journal and before each plan, blocks under --path whose only replicas are behind "
          + "DataNodes that are down are made readable again through live ones")
  List<Path> filerShares;

  @Option(names = "--once", description = "finish the journal, plan once now, apply, and exit")
  boolean once;

  @Option(names = "--dry-run", description = "print each plan as 'autotier plan' does; journal and apply nothing")
  boolean dryRun;

  @Option(names = "--json", description = "print one JSON line per change and per cycle")
  boolean json;

  @Mixin
  HdfsConnection connection;

  @Override
  public Integer call() throws Exception {
    ZoneId auditZone = audit.check();
    OptionChecks.absolutePath(path, "--path");
    advice.check();
    if (changeInterval.millis() <= 0 || maxChanges < 1) {
      throw new ConfigException("--max-changes must be >= 1 and --change-interval > 0, got " + maxChanges + " per "
          + changeInterval);
    }
    OptionChecks.atLeastOne(parallel, "--parallel");
    OptionChecks.atLeastOne(filesAtOnce, "--files-at-once");
    Configuration conf = connection.configuration();
    AutotierDaemon.Settings settings = AutotierDaemon.Settings.builder(audit.file).auditZone(auditZone).path(path)
        .tiers(primaryTier, secondaryTier).maxChanges(maxChanges, changeInterval.duration())
        .maxBytesPerSecond(maxBytesPerSecond.bytes()).parallelMoves(parallel).filesAtOnce(filesAtOnce)
        .balancerBandwidth(balancerBandwidth == null ? null : balancerBandwidth.bytes()).filerShares(filerShares)
        .once(once).dryRun(dryRun).build();
    AutotierDaemon daemon = new AutotierDaemon(conf, connection.tierMap(), settings,
        advice.source(connection::secondaryTierRedundant), new AutotierRunPrinter(new AutotierRunPrinter.Settings(json,
            dryRun, path, maxChanges, changeInterval, maxBytesPerSecond.bytes(), audit, advice.config)));
    if (!conf.getBoolean(CommonConfigurationKeysPublic.HADOOP_CALLER_CONTEXT_ENABLED_KEY, false)) {
      System.err.println("strata autotier: warning: hadoop.caller.context.enabled is not true in this configuration; "
          + "unless the NameNode has it, the block lookups of this daemon's moves look like reads in the audit log");
    }
    // The placement plugin matters only to an advisor that moves replicas between tiers.
    boolean movesBetweenTiers = ReplicationAdvisors.entry(advice.advisor).movesBetweenTiers();
    String plugin = dryRun || !movesBetweenTiers ? null : NameNodeJmx.placementPluginWarning(conf);
    if (plugin != null) {
      System.err.println("strata autotier: warning: " + plugin);
    }
    StopHook hook = once ? null : StopHook.install("strata-autotier-stop", daemon::stop, Duration.ofSeconds(60));
    try {
      daemon.run();
      return 0;
    } finally {
      if (hook != null) {
        System.err.println("strata autotier: stopped");
        hook.finished();
      }
    }
  }
}
