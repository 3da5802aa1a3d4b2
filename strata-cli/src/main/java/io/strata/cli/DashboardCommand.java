package io.strata.cli;

import io.strata.cli.autotier.AdvisorOptions;
import io.strata.cli.autotier.AuditLogOptions;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.StopHook;
import io.strata.core.config.ConfigException;
import io.strata.core.tier.TierMap;
import io.strata.dashboard.AuditLogPlans;
import io.strata.dashboard.Dashboard;
import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.DashboardServer;
import io.strata.dashboard.PlanSource;
import io.strata.dashboard.TierSource;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata dashboard}: the web dashboard over a live HDFS, until Ctrl-C. */
@Command(name = "dashboard", mixinStandardHelpOptions = true,
    description = {"Serve a web dashboard of the cluster until Ctrl-C.",
        "Pages: the tiers (capacity, use, DataNodes, volumes), a path's placement per tier, rack and node, reads "
            + "per tier and locality over time, hot and cold files with their predicted popularity and planned "
            + "change (with --audit-log), the autotier journal, and the disks' power states and energy (with "
            + "--power-state). Each page refreshes every few seconds from JSON "
            + "endpoints under /api/ that return what the matching command prints with --json (tier list, report, "
            + "report --reads, autotier plan, autotier journal, power status). Everything, charts included, is served from the "
            + "jar: no internet needed.",
        "Read-only unless --allow-actions: then a path's replicas can be moved between tiers from the page, each "
            + "move confirmed with a token the page shows, as the user logged in (a proxy user of this command's "
            + "user, allowed by the NameNode's hadoop.proxyuser.* settings; without a login, as this command's "
            + "user). A move needs the HDFS superuser, as 'strata tier move' does.",
        "Listens on 127.0.0.1 unless --bind says otherwise; any other address needs --auth, and --allow-actions "
            + "there needs a login (kerberos or simple)."})
final class DashboardCommand implements Callable<Integer> {
  @Mixin
  HdfsConnection connection;

  @Option(names = "--port", paramLabel = "PORT", defaultValue = "" + DashboardSettings.DEFAULT_PORT,
      description = "port to listen on, 0 for any free one (default: ${DEFAULT-VALUE})")
  int port;

  @Option(names = "--bind", paramLabel = "ADDR", defaultValue = "127.0.0.1",
      description = "address to listen on, e.g. 0.0.0.0 for every interface (default: ${DEFAULT-VALUE})")
  String bind;

  @Option(names = "--allow-actions",
      description = "let the page move replicas between tiers (each move needs a confirmation)")
  boolean allowActions;

  @Option(names = "--refresh", paramLabel = "DURATION", defaultValue = "3s",
      description = "how often the page asks for new data (default: ${DEFAULT-VALUE})")
  DurationArg refresh;

  @ArgGroup(exclusive = false, heading = "%nLogin (hadoop-auth, as Hadoop's web UIs) and HTTPS:%n")
  LoginOptions login = new LoginOptions();

  // Made here, not by picocli, so that the help shows the zone's default.
  @ArgGroup(exclusive = false, heading = "%nPopularity page (AptStore's plan, as 'strata autotier plan'):%n")
  AuditLogOptions audit = new AuditLogOptions();

  @Option(names = "--plan-path", paramLabel = "DIR", defaultValue = "/",
      description = "files the popularity page plans for (default: ${DEFAULT-VALUE})")
  String planPath;

  @Mixin
  AdvisorOptions advice;

  @Option(names = "--power-state", paramLabel = "DIR",
      description = {"the power manager's --state-dir, for the energy page (for `cluster up --power`: DIR/power of "
          + "its --dir); the page reads the status the manager writes there every tick"})
  Path powerState;

  @Override
  public Integer call() throws Exception {
    DashboardServer.Settings settings = DashboardSettings.of(port, bind, allowActions, refresh,
        login.authentication(), login.tls());
    PlanSource plans = null;
    if (audit != null && audit.file() != null) {
      ZoneId zone = audit.check();
      OptionChecks.absolutePath(planPath, "--plan-path");
      advice.check();
      boolean redundant = connection.secondaryTierRedundant();
      plans = new AuditLogPlans(nodes -> advice.make(nodes, nodes, redundant), audit.file(), zone, planPath,
          advice.advisor());
    }
    Configuration conf = connection.configuration();
    TierSource tiers = tierSource(connection);
    if (powerState != null && Files.exists(powerState) && !Files.isDirectory(powerState)) {
      throw new ConfigException("--power-state " + powerState + " is not a directory");
    }
    return serveUntilStopped(settings, new DashboardContext(conf, tiers, plans, powerState), System.out);
  }

  static TierSource tierSource(HdfsConnection connection) {
    return new TierSource() {
      @Override
      public TierMap forReport() {
        return connection.tierMap();
      }

      @Override
      public TierMap forCluster(DistributedFileSystem fs) throws IOException {
        return connection.tierMap(fs);
      }
    };
  }

  /** Starts the dashboard, prints its address and serves until the JVM is asked to stop (Ctrl-C, SIGTERM). */
  static int serveUntilStopped(DashboardServer.Settings settings, DashboardContext context, PrintStream out)
      throws IOException, InterruptedException {
    CountDownLatch stop = new CountDownLatch(1);
    try (DashboardServer server = Dashboard.start(settings, context, out)) {
      StopHook hook = StopHook.install("strata-dashboard-stop", stop::countDown, Duration.ofSeconds(10));
      try {
        stop.await();
      } finally {
        hook.finished();
      }
    }
    return 0;
  }
}
