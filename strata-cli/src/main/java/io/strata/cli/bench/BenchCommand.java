package io.strata.cli.bench;

import picocli.CommandLine.Command;
import picocli.CommandLine;

/** {@code strata bench ...}: benchmarks that measure side by side in one run and print ratios. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Run a benchmark (side by side in one run, printing ratios).",
    subcommands = {BenchEmulationCommand.class, BenchRetrievalCommand.class, BenchPopularityCommand.class,
        BenchTierCommand.class, BenchInPlaceCommand.class,
        BenchPlacementCommand.class, BenchAutotierCommand.class, BenchNetworkCommand.class,
        BenchEnergyCommand.class, BenchHadoopCommand.class, BenchIoSplitCommand.class, BenchKatCommand.class,
        BenchKatMapCommand.class, BenchWhatifScaleCommand.class, BenchSuiteCommand.class})
public final class BenchCommand implements Runnable {
  @CommandLine.Spec
  CommandLine.Model.CommandSpec commandSpec;

  @Override
  public void run() {
    throw new CommandLine.ParameterException(commandSpec.commandLine(), "a benchmark name is required");
  }
}
