package io.strata.cli.cluster;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code strata cluster ...}: the embedded cluster. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Run a real HDFS laid out from a preset or spec: in this JVM (MiniDFSCluster), or with `up --hosts` "
        + "as hosts in network namespaces.",
    subcommands = {ClusterUpCommand.class, ClusterDownCommand.class, ClusterDataNodeCommand.class,
        ClusterLinkCommand.class, ClusterExecCommand.class})
public final class ClusterCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(),
        "a subcommand is required (up, down, datanode, link, exec)");
  }
}
