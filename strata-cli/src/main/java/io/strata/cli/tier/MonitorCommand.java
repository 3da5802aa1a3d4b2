package io.strata.cli.tier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.Failures;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.StopHook;
import io.strata.core.config.ConfigException;
import io.strata.hdfs.tier.TierMonitor;
import io.strata.hdfs.tier.TierMonitorDaemon;
import io.strata.hdfs.tier.TierUsage;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata monitor}: the tier monitor daemon ({@link TierMonitorDaemon}), a process of its own beside the
 * NameNode; the command checks its options, runs the daemon until Ctrl-C and prints each cycle.
 */
@Command(name = "monitor", mixinStandardHelpOptions = true,
    description = {"Run the tier monitor until Ctrl-C (or once, with --once).",
        "Every interval it checks that files whose placement policy keeps a whole file on the same tiers have "
            + "every block on their tiers, and repairs those off them two cycles in a row. When a tier is fuller than the high-water mark, "
            + "it moves the replicas there of the least recently read files to the next slower tier with room, until "
            + "the tier is under the low-water mark.",
        "Each action is logged with its reason; counts are Hadoop metrics (JMX bean "
            + "Hadoop:service=StrataMonitor,name=TierMonitor). Needs the HDFS superuser, like the Mover. HDFS "
            + "records read times only with dfs.namenode.accesstime.precision > 0 (default: hourly)."})
public final class MonitorCommand implements Callable<Integer> {
  @Mixin
  HdfsConnection connection;

  @Option(names = "--interval", paramLabel = "SECONDS", defaultValue = "60",
      description = "seconds between cycles (default: ${DEFAULT-VALUE})")
  long intervalSeconds;

  @Option(names = "--high-water", paramLabel = "PERCENT", defaultValue = "85",
      description = "drain a tier fuller than this (default: ${DEFAULT-VALUE})")
  double highWater;

  @Option(names = "--low-water", paramLabel = "PERCENT", defaultValue = "70",
      description = "drain it down to this (default: ${DEFAULT-VALUE})")
  double lowWater;

  @Option(names = "--path", paramLabel = "DIR", description = "directory to watch, repeatable (default: /)")
  List<String> paths;

  @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
      description = "blocks moved at once (default: ${DEFAULT-VALUE})")
  int parallel;

  @Option(names = "--once", description = "run one cycle and exit")
  boolean once;

  @Option(names = "--json", description = "print each cycle as one JSON line")
  boolean json;

  @Override
  public Integer call() throws Exception {
    if (intervalSeconds < 1) {
      throw new ConfigException("--interval must be >= 1 second, got " + intervalSeconds);
    }
    if (!(lowWater > 0 && lowWater < highWater && highWater <= 100)) {
      throw new ConfigException("water marks must satisfy 0 < --low-water < --high-water <= 100, got " + lowWater
          + " and " + highWater);
    }
    OptionChecks.atLeastOne(parallel, "--parallel");
    List<String> roots = paths == null || paths.isEmpty() ? List.of("/") : paths;
    for (String root : roots) {
      OptionChecks.absolutePath(root, "--path");
    }
    TierMonitorDaemon.Settings settings = new TierMonitorDaemon.Settings(new TierMonitor.Settings(
        Duration.ofSeconds(intervalSeconds), highWater / 100, lowWater / 100, roots), parallel, once);
    AtomicBoolean watching = new AtomicBoolean();
    TierMonitorDaemon daemon = new TierMonitorDaemon(connection.configuration(), connection::tierMap, settings,
        new TierMonitorDaemon.Listener() {
          @Override
          public void started() {
            watching.set(true);
            System.err.printf(Locale.ROOT, "strata monitor: watching %s every %d s, high-water %.0f%%, "
                + "low-water %.0f%%%n", String.join(", ", roots), intervalSeconds, highWater, lowWater);
          }

          @Override
          public void cycled(TierMonitor.CycleReport report, TierMonitor monitor) {
            print(report, monitor);
          }

          @Override
          public void cycleFailed(Exception e) {
            System.err.println("strata monitor: cycle failed: " + Failures.describe(e));
          }
        });
    if (once) {
      daemon.run();
      return 0;
    }
    StopHook hook = StopHook.install("strata-monitor-stop", daemon::stop, Duration.ofSeconds(30));
    try {
      daemon.run();
    } finally {
      if (watching.get()) {
        System.err.println("strata monitor: stopped");
      }
      hook.finished();
    }
    return 0;
  }

  private void print(TierMonitor.CycleReport report, TierMonitor monitor) {
    if (json) {
      ObjectMapper mapper = new ObjectMapper();
      ObjectNode node = mapper.createObjectNode();
      node.put("filesChecked", report.filesChecked());
      node.put("offLayout", report.violations());
      ArrayNode actions = node.putArray("actions");
      for (TierMonitor.Action action : report.actions()) {
        actions.addObject().put("kind", action.kind()).put("file", action.file()).put("detail", action.detail())
            .put("reason", action.reason()).put("done", action.done());
      }
      ArrayNode tiers = node.putArray("tiers");
      for (TierUsage tier : report.tiers()) {
        tiers.addObject().put("tier", tier.tier()).put("usedFraction", tier.usedFraction());
      }
      ObjectNode totals = node.putObject("totals");
      totals.put("cycles", monitor.metrics().cycles()).put("filesRepaired", monitor.metrics().filesRepaired())
          .put("repairsFailed", monitor.metrics().repairsFailed()).put("filesDemoted", monitor.metrics().filesDemoted())
          .put("bytesDemoted", monitor.metrics().bytesDemoted()).put("blockMoves", monitor.metrics().blockMoves());
      System.out.println(node.toString());
      return;
    }
    StringBuilder tiers = new StringBuilder();
    for (TierUsage tier : report.tiers()) {
      tiers.append(String.format(Locale.ROOT, " %s %.0f%%", tier.tier(), 100 * tier.usedFraction()));
    }
    System.out.printf("cycle %d: %d files checked, %d off their layout;%s%n", monitor.metrics().cycles(),
        report.filesChecked(), report.violations(), tiers);
    for (TierMonitor.Action action : report.actions()) {
      System.out.printf("  %s %s: %s (%s)%s%n", action.kind(), action.file(), action.detail(), action.reason(),
          action.done() ? "" : " [not done]");
    }
  }
}
