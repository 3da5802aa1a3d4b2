package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.config.ConfigException;
import io.strata.core.popularity.ReplicationAdvisor;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.autotier.AutotierMetrics;
import io.strata.hdfs.autotier.AutotierRunner;
import io.strata.hdfs.tier.TierAccessException;
import java.io.IOException;
import java.time.ZoneId;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata autotier ...}: popularity-driven replication and tiering (AptStore), Scarlett as baseline. */
@Command(name = "autotier", mixinStandardHelpOptions = true,
    description = "Plan and apply replication and tier per file from the HDFS audit log (AptStore, or Scarlett).",
    subcommands = {AutotierCommand.PlanCommand.class, AutotierRunCommand.class, AutotierJournalCommand.class})
final class AutotierCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(),
        "a subcommand is required (plan, run, journal)");
  }

  /** The DataNodes the NameNode knows, live or dead: the number of nodes in the data-loss model (Eq. 3). */
  static int dataNodes(DistributedFileSystem fs) throws IOException {
    try {
      return fs.getDataNodeStats().length;
    } catch (IOException e) {
      throw TierAccessException.explain(e, "autotier counts the DataNodes in the NameNode's DataNode report for its "
          + "data-loss model");
    }
  }

  static void checkPath(String path) {
    if (path == null || !path.startsWith("/")) {
      throw new ConfigException("--path must be absolute (start with /): " + path);
    }
  }

  @Command(name = "plan", mixinStandardHelpOptions = true,
      description = {"Dry run: read the audit log (archives first, then the live log), look at the files under",
          "--path on the live cluster, and print each change the advisor would make, with its reason."})
  static final class PlanCommand implements Callable<Integer> {
    @Mixin
    AuditLogOptions audit;

    @Option(names = "--path", defaultValue = "/", description = "files to plan for (default: ${DEFAULT-VALUE})")
    String path;

    @Mixin
    AdvisorOptions advice;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Mixin
    HdfsConnection connection;

    @Override
    public Integer call() throws Exception {
      ZoneId zone = audit.check();
      checkPath(path);
      advice.check();
      TierMap tiers = connection.tierMap();
      try (FileSystem fs = FileSystem.newInstance(connection.configuration())) {
        int nodes = fs instanceof DistributedFileSystem dfs ? dataNodes(dfs) : 1;
        AdvisorOptions.Made made = advice.make(nodes, nodes, connection.secondaryTierRedundant());
        ReplicationAdvisor chosen = made.advisor();
        // The daemon's own reading and planning, without a journal or an applier: a plan is the daemon's dry run.
        try (AutotierRunner runner = new AutotierRunner(fs, tiers, chosen, audit.file, zone, null, null,
            new AutotierMetrics(), path, made.referenceSeconds() * 1000)) {
          runner.backfill();
          audit.warnIfZoneLooksWrong(runner.auditSkewMillis(), "autotier plan");
          AutotierRunner.Cycle cycle = runner.cycle(System.currentTimeMillis(), () -> false);
          if (json) {
            System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(
                PlanPrinter.json(chosen.name(), cycle, runner.linesParsed(), runner.linesSkipped())));
          } else {
            PlanPrinter.text(System.out, chosen.name(), path, cycle, runner.linesParsed(),
                runner.linesSkipped());
          }
        }
        return 0;
      }
    }
  }
}
