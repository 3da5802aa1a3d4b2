package io.strata.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code strata cluster ...}: the embedded cluster. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Run a real HDFS (MiniDFSCluster) laid out from a preset or spec.",
    subcommands = {ClusterUpCommand.class, ClusterDataNodeCommand.class})
final class ClusterCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a subcommand is required (up, datanode)");
  }
}
