package io.strata.cli.ceph;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code strata ceph up|down|status}: a local Ceph cluster for in-place analytics. */
@Command(name = "ceph", mixinStandardHelpOptions = true,
    description = {"Run a throw-away Ceph cluster on this machine (loopback only) for in-place analytics:",
        "1 monitor, 1 manager, one OSD per node of the spec in a CRUSH host named after the node, one replicated pool.",
        "Installs Debian's Ceph packages first when they are missing (needs root)."},
    subcommands = {CephUpCommand.class, CephDownCommand.class, CephStatusCommand.class})
public final class CephCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a subcommand is required (up, down, status)");
  }
}
