package io.strata.cli.power;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code strata power ...}: the power manager that puts backup disks to sleep, and its accounting. */
@Command(name = "power", mixinStandardHelpOptions = true,
    description = "Energy-efficient HDFS's power manager: run it beside a DataNode, or see what it did.",
    subcommands = {PowerRunCommand.class, PowerStatusCommand.class})
public final class PowerCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a subcommand is required: run or status");
  }
}
