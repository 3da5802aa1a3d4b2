package io.strata.cli.bench;

import io.strata.bench.tier.TierMoveBenchmark;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.OptionChecks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata bench tier-move}: what moving a file between tiers costs and buys, emulated device speeds. */
@Command(name = "tier-move", mixinStandardHelpOptions = true,
    description = {"Write SIZE with 3 HDD replicas and read it; then, each round, for each mover in rotated order,",
        "move all replicas to SSD, read the file again and move it back; print each measure's median (min-max).",
        "Movers: strata (tier set-policy PATH layout:pcie-ssd+pcie-ssd+pcie-ssd 0; hdd to go back) and stock",
        "HDFS at its best: mover (policy ALL_SSD, then hdfs mover -p; HOT to go back) and sps (the same",
        "policies, external Storage Policy Satisfier, after the other two since it holds the Mover's lock).",
        "Stock HDFS knows storage types, not tiers: the table says how much landed on PCIe SSD.",
        "hats testbed, emulated device speeds."})
final class BenchTierCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "512MiB",
      description = "file size (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
      description = "blocks moved at once (default: ${DEFAULT-VALUE})")
  int parallel;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
      description = "round trips per mover, order rotated each round (default: ${DEFAULT-VALUE})")
  int rounds;

  @Mixin
  ResultJsonOption resultJson;

  @Override
  public Integer call() throws Exception {
    long bytes = size.bytes();
    OptionChecks.atLeastOne(parallel, "--parallel");
    OptionChecks.atLeastOne(rounds, "--rounds");
    ClusterChoice.Loaded loaded = cluster.load("hats");
    Path dir = Files.createTempDirectory("strata-bench-tier");
    try {
      TierMoveBenchmark.Result result = TierMoveBenchmark.run(loaded.spec(), loaded.text(), dir, bytes, parallel,
          rounds, System.err);
      System.out.printf("Tier moves, %s file, spec '%s', %d blocks moved at once by strata, %d round(s)%n", size,
          loaded.spec().name(), parallel, rounds);
      TierMoveBenchmark.printTable(result, System.out);
      TierMoveBenchmark.comparisons(result).forEach(System.out::println);
      // No target: the rows compare strata with stock HDFS's two movers.
      resultJson.write(rounds, "strata", TierMoveBenchmark.resultRows(result), List.of());
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
