package io.strata.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code strata ceph up|down|status}: a local Ceph cluster for in-place analytics. */
@Command(name = "ceph", mixinStandardHelpOptions = true,
    description = {"Run a throw-away Ceph cluster on this machine (loopback only) for in-place analytics:",
        "1 monitor, 1 manager, one OSD per node of the spec in a CRUSH host named after the node, one replicated pool.",
        "Installs Debian's Ceph packages first when they are missing (needs root)."},
    subcommands = {CephUpCommand.class, CephDownCommand.class, CephStatusCommand.class})
final class CephCommand implements Runnable {
  /** Where {@code strata ceph up} keeps the cluster unless told otherwise; scan and status look there too. */
  static final String DEFAULT_DIR = "strata-ceph";

  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a subcommand is required (up, down, status)");
  }
}
