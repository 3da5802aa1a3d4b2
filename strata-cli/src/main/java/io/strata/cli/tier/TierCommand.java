package io.strata.cli.tier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HdfsConnection;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.PolicyHelp;
import io.strata.core.config.ByteSize;
import io.strata.hdfs.NameNodeJmx;
import io.strata.hdfs.tier.TierListing;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierResult;
import io.strata.hdfs.tier.TierResultJson;
import io.strata.hdfs.tier.TierSettings;
import io.strata.hdfs.tier.TierUsage;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code strata tier ...}: hatS's tier management API (Table II) against a live HDFS. */
@Command(name = "tier", mixinStandardHelpOptions = true,
    description = {"Manage which tiers files live on (hatS Table II) and list the tiers.",
        "Files move with the DataNodes' own block replace operation, as HDFS's Mover moves them: copied with "
            + "checksums verified, confirmed by the NameNode, and only then is the old replica dropped. The new "
            + "layout is recorded in HDFS (a placement rule), so the NameNode keeps it when it re-replicates. A "
            + "directory applies to every file below it. An interrupted call is finished by running it again.",
        "Needs the HDFS superuser, like the Balancer and the Mover."},
    subcommands = {TierCommand.ListTiers.class, TierCommand.Create.class, TierCommand.Delete.class,
        TierCommand.Move.class, TierCommand.SetPolicy.class, TierRescueCommand.class})
public final class TierCommand implements Runnable {
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(),
        "a subcommand is required (list, create, delete, move, set-policy, rescue)");
  }

  /** Options every moving subcommand shares. */
  static final class MoveOptions {
    @Mixin
    HdfsConnection connection;

    @Option(names = "--json", description = "print the result as JSON")
    boolean json;

    @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
        description = "blocks moved at once (default: ${DEFAULT-VALUE})")
    int parallel;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec command;

    /**
     * Prints the result and returns the exit code: 0 success, 2 bad input, 1 any other failure. JSON goes to
     * standard output either way; as text, a failure goes to standard error, named by the command.
     */
    int report(TierResult result) throws Exception {
      if (json) {
        System.out.println(JSON.writeValueAsString(TierResultJson.json(result)));
      } else {
        PrintStream out = result.success() ? System.out : System.err;
        out.println(result.success() ? "ok: " + result.message()
            : command.qualifiedName() + ": " + result.message());
        if (result.files() > 0) {
          out.printf(Locale.ROOT, "  %d file(s), %d of %d block(s) on their tiers, %d move(s), %s copied, "
              + "%d failed move(s), %.1f s%n", result.files(), result.blocksDone(), result.blocks(), result.moves(),
              ByteSize.format(result.bytesMoved()), result.failedMoves(), result.millis() / 1000.0);
        }
        result.problems().forEach(p -> out.println("  " + p));
      }
      if (result.success()) {
        return 0;
      }
      return result.failure() == TierResult.Failure.BAD_INPUT ? ExitCodes.BAD_INPUT : ExitCodes.FAILED;
    }
  }

  private static int run(MoveOptions options, TierCall call) throws Exception {
    try (DistributedFileSystem fs = options.connection.hdfs()) {
      String plugin = NameNodeJmx.placementPluginWarning(fs.getConf());
      if (plugin != null) {
        System.err.println(options.command.qualifiedName() + ": warning: " + plugin);
      }
      try (TierManager manager = new TierManager(fs, options.connection.tierMap(fs), TierSettings.from(fs.getConf())
          .withParallelMoves(OptionChecks.atLeastOne(options.parallel, "--parallel")))) {
        return options.report(call.apply(manager));
      }
    }
  }

  private interface TierCall {
    TierResult apply(TierManager manager) throws Exception;
  }

  @Command(name = "list", aliases = "tiers", mixinStandardHelpOptions = true,
      description = "Capacity, use, remaining space, DataNodes and volumes of each tier, live from the NameNode.")
  static final class ListTiers implements Callable<Integer> {
    @Mixin
    HdfsConnection connection;

    @Option(names = "--json", description = "print JSON")
    boolean json;

    @Override
    public Integer call() throws Exception {
      List<TierUsage> tiers;
      try (DistributedFileSystem fs = connection.hdfs()) {
        tiers = TierListing.fetch(fs, connection.tierMap(fs));
      }
      if (json) {
        System.out.println(JSON.writeValueAsString(TierListing.json(tiers)));
        return 0;
      }
      System.out.printf("%-12s %-8s %10s %10s %10s %6s %9s %7s%n", "tier", "type", "capacity", "used", "remaining",
          "full", "datanodes", "volumes");
      for (TierUsage tier : tiers) {
        System.out.printf(Locale.ROOT, "%-12s %-8s %10s %10s %10s %5.1f%% %9d %7d%n", tier.tier(), tier.storageType(),
            ByteSize.format(tier.capacity()), ByteSize.format(tier.dfsUsed()), ByteSize.format(tier.remaining()),
            100 * tier.usedFraction(), tier.dataNodes(), tier.volumes());
      }
      System.out.println("(fastest tier first; 'full' counts everything but the remaining space)");
      return 0;
    }
  }

  /** What create and delete share: every file under PATH, one TIER, and what is done to them. */
  abstract static class OnFileTier implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH")
    String path;
    @Parameters(index = "1", paramLabel = "TIER")
    String tier;
    @Mixin
    MoveOptions options;

    abstract TierResult apply(TierManager manager) throws Exception;

    @Override
    public Integer call() throws Exception {
      return run(options, this::apply);
    }
  }

  @Command(name = "create", mixinStandardHelpOptions = true,
      description = "createFileTier: give every file under PATH a replica in TIER (one more replica), unless it has one.")
  static final class Create extends OnFileTier {
    @Override
    TierResult apply(TierManager manager) throws Exception {
      return manager.createFileTier(path, tier);
    }
  }

  @Command(name = "delete", mixinStandardHelpOptions = true,
      description = "deleteFileTier: remove every file under PATH from TIER (its replicas there are deleted).")
  static final class Delete extends OnFileTier {
    @Override
    TierResult apply(TierManager manager) throws Exception {
      return manager.deleteFileTier(path, tier);
    }
  }

  @Command(name = "move", mixinStandardHelpOptions = true,
      description = {"moveTier: move replicas of every file under PATH from tier FROM to tier TO.",
          "Running the same command again within an hour of its completion moves nothing more: it checks that the "
              + "files still have their layouts (an interrupted run is finished instead)."})
  static final class Move implements Callable<Integer> {
    @Parameters(index = "0", paramLabel = "PATH")
    String path;
    @Parameters(index = "1", paramLabel = "FROM")
    String from;
    @Parameters(index = "2", paramLabel = "TO")
    String to;

    @Option(names = "--replicas", paramLabel = "N", defaultValue = "1",
        description = "replicas of each file to move (default: ${DEFAULT-VALUE})")
    int replicas;

    @Mixin
    MoveOptions options;

    @Override
    public Integer call() throws Exception {
      return run(options, m -> m.moveTier(path, from, to, replicas));
    }
  }

  @Command(name = "set-policy", mixinStandardHelpOptions = true,
      description = {"setRepPolicy: place every file under PATH by POLICY with N replicas.",
          "Existing replicas move to the policy's tiers where the policy sets tiers per file; under the others "
              + "they stay and new replicas follow the policy."})
  static final class SetPolicy implements Callable<Integer>, PolicyHelp.ListsPlacementPolicies {
    @Parameters(index = "0", paramLabel = "PATH")
    String path;
    @Parameters(index = "1", paramLabel = "POLICY", completionCandidates = PolicyHelp.PlacementNames.class,
        description = "a placement policy (listed below)")
    String policy;

    @Option(names = "--replicas", paramLabel = "N", defaultValue = "0",
        description = "replicas per block (required except for layout:, whose tiers give the count)")
    int replicas;

    @Mixin
    MoveOptions options;

    @Override
    public Integer call() throws Exception {
      return run(options, m -> m.setRepPolicy(path, policy, replicas));
    }
  }
}
