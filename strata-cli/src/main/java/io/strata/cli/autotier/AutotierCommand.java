package io.strata.cli.autotier;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.OptionChecks;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.autotier.DryRunPlan;
import java.time.ZoneId;
import java.util.concurrent.Callable;
import org.apache.hadoop.fs.FileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** {@code strata autotier ...}: popularity-driven replication and tiering (AptStore), Scarlett as baseline. */
@Command(name = "autotier", mixinStandardHelpOptions = true,
    description = "Plan and apply replication and tier per file from the HDFS audit log (AptStore, or Scarlett).",
    subcommands = {AutotierCommand.PlanCommand.class, AutotierRunCommand.class, AutotierJournalCommand.class})
public final class AutotierCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(),
        "a subcommand is required (plan, run, journal)");
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
      OptionChecks.absolutePath(path, "--path");
      advice.check();
      TierMap tiers = connection.tierMap();
      try (FileSystem fs = connection.fileSystem()) {
        boolean redundant = connection.secondaryTierRedundant();
        DryRunPlan plan = DryRunPlan.make(fs, tiers, nodes -> advice.make(nodes, nodes, redundant), audit.file, zone,
            path);
        audit.warnIfZoneLooksWrong(plan.auditSkew(), "autotier plan");
        if (json) {
          System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(plan.json()));
        } else {
          PlanPrinter.text(System.out, plan.advisor(), path, plan.cycle(), plan.parsed(), plan.skipped());
        }
        return 0;
      }
    }
  }
}
