package io.strata.cli;

import io.strata.cli.autotier.AutotierCommand;
import io.strata.cli.bench.BenchCommand;
import io.strata.cli.ceph.CephCommand;
import io.strata.cli.ceph.ScanCommand;
import io.strata.cli.cluster.ClusterCommand;
import io.strata.cli.kat.KatCommand;
import io.strata.cli.power.PowerCommand;
import io.strata.cli.shared.BadOptionValue;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.Failures;
import io.strata.cli.shared.Verbosity;
import io.strata.cli.shared.PolicyHelp;
import io.strata.cli.tier.MonitorCommand;
import io.strata.cli.tier.TierCommand;
import io.strata.core.config.ConfigException;
import io.strata.hdfs.StackTraces;
import io.strata.hdfs.tier.TierAccessException;
import java.io.FileNotFoundException;
import java.io.PrintWriter;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.util.VersionInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/** The {@code strata} command. */
@Command(
    name = "strata",
    mixinStandardHelpOptions = true,
    versionProvider = StrataCli.Version.class,
    description = "Tiered, energy- and popularity-aware storage for stock Apache HDFS.",
    subcommands = {
        DemoCommand.class,
        ClusterCommand.class,
        CephCommand.class,
        ScanCommand.class,
        ReportCommand.class,
        PolicyCommand.class,
        LossCommand.class,
        AutotierCommand.class,
        TierCommand.class,
        MonitorCommand.class,
        PowerCommand.class,
        DashboardCommand.class,
        KatCommand.class,
        DevicesCommand.class,
        SpecCommand.class,
        LocalDirsCommand.class,
        SimulateCommand.class,
        WhatifCommand.class,
        BenchCommand.class,
        CommandLine.HelpCommand.class},
    footerHeading = "%nExit codes:%n",
    footer = {
        "  0  success",
        "  1  the operation failed (HDFS unreachable, path not found, permission denied, I/O error)",
        "  2  bad usage or bad input (unknown option, malformed spec or config)"})
public final class StrataCli implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @CommandLine.Mixin
  Verbosity verbosity;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a subcommand is required");
  }

  public static void main(String[] args) {
    System.exit(execute(args));
  }

  /** Runs the command line and returns the exit code (tests call this instead of main). */
  public static int execute(String... args) {
    return commandLine().execute(args);
  }

  /** The command tree, ready to run: failures handled, descriptions reflowed. */
  static CommandLine commandLine() {
    CommandLine commandLine = new CommandLine(new StrataCli());
    commandLine.registerConverter(ByteSizeArg.class, new ByteSizeArg.Converter());
    commandLine.registerConverter(DurationArg.class, new DurationArg.Converter());
    commandLine.setExecutionStrategy(StrataCli::refuseUnknownCommands);
    commandLine.setParameterExceptionHandler(badValuesNamed(commandLine.getParameterExceptionHandler()));
    commandLine.setExecutionExceptionHandler(StrataCli::handleFailure);
    HelpParagraphs.reflow(commandLine);
    PolicyHelp.addSections(commandLine);
    return commandLine;
  }

  /**
   * Picocli lets {@code --help} win over words it cannot match, so {@code strata nosuch --help} would print the
   * top-level help and exit 0: the unknown command is refused as it is without {@code --help}.
   */
  private static int refuseUnknownCommands(CommandLine.ParseResult parsed) {
    for (CommandLine.ParseResult level = parsed; level != null; level = level.subcommand()) {
      if (!level.unmatched().isEmpty()) {
        throw new CommandLine.UnmatchedArgumentException(level.commandSpec().commandLine(), level.unmatched());
      }
    }
    return new CommandLine.RunLast().execute(parsed);
  }

  /** A value a Strata converter refused gets one line naming the option, as other bad inputs do. */
  private static CommandLine.IParameterExceptionHandler badValuesNamed(CommandLine.IParameterExceptionHandler usage) {
    return (e, args) -> {
      if (e.getCause() instanceof BadOptionValue bad && e.getArgSpec() instanceof CommandLine.Model.OptionSpec o) {
        e.getCommandLine().getErr().println("strata: " + o.longestName() + ": " + bad.getMessage());
        return ExitCodes.BAD_INPUT;
      }
      return usage.handleParseException(e, args);
    };
  }

  /** Known failures get one clear line, not a stack trace. */
  private static int handleFailure(Exception e, CommandLine commandLine, CommandLine.ParseResult parsed) {
    PrintWriter err = commandLine.getErr();
    if (e instanceof ConfigException) {
      err.println("strata: " + e.getMessage());
      return ExitCodes.BAD_INPUT;
    }
    Throwable shown = e instanceof RemoteException remote ? remote.unwrapRemoteException() : e;
    if (shown instanceof FileNotFoundException) {
      err.println("strata: " + StackTraces.cut(shown.getMessage()));
      return ExitCodes.FAILED;
    }
    String command = commandLine.getCommandSpec().qualifiedName();
    if (shown instanceof TierAccessException || shown instanceof AccessControlException) {
      // Not a fault to debug: the user lacks a permission, which the message names.
      err.println(command + ": " + StackTraces.cut(shown.getMessage()));
      return ExitCodes.FAILED;
    }
    err.println(command + " failed: " + Failures.describe(e));
    if (System.getenv("STRATA_DEBUG") != null) {
      e.printStackTrace(err);
    } else {
      err.println("(set STRATA_DEBUG=1 for the stack trace)");
    }
    return ExitCodes.FAILED;
  }

  /** Version from the jar manifest. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = StrataCli.class.getPackage().getImplementationVersion();
      return new String[] {"strata " + (version == null ? "dev" : version) + " (Hadoop "
          + VersionInfo.getVersion() + ")"};
    }
  }
}
