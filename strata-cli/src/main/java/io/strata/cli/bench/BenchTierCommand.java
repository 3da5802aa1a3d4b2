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
    description = "Write SIZE with 3 HDD replicas, read it, move all replicas to PCIe SSD with the tier API, read "
        + "it again, and move it back; print each phase's time and rate (hats testbed, emulated device speeds).")
final class BenchTierCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "512MiB",
      description = "file size (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  @Option(names = "--parallel", paramLabel = "N", defaultValue = "4",
      description = "blocks moved at once (default: ${DEFAULT-VALUE})")
  int parallel;

  @Override
  public Integer call() throws Exception {
    long bytes = size.bytes();
    OptionChecks.atLeastOne(parallel, "--parallel");
    ClusterChoice.Loaded loaded = cluster.load("hats");
    Path dir = Files.createTempDirectory("strata-bench-tier");
    try {
      List<TierMoveBenchmark.Phase> phases = TierMoveBenchmark.run(loaded.spec(), loaded.text(), dir, bytes, parallel,
          System.err);
      System.out.printf("Tier moves, %s file, spec '%s', %d blocks moved at once%n", size, loaded.spec().name(),
          parallel);
      TierMoveBenchmark.printTable(phases, System.out);
      double before = phases.get(1).megabytesPerSecond();
      double after = phases.get(3).megabytesPerSecond();
      System.out.printf("read speed after the move to PCIe SSD: %.2fx the HDD read%n", after / before);
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
