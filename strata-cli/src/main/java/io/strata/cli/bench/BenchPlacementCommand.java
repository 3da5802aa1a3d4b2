package io.strata.cli.bench;

import io.strata.bench.placement.PlacementBenchmarks;
import io.strata.core.config.ConfigException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench placement}: NameNode target-choice throughput, the placement plugin against stock HDFS. */
@Command(name = "placement", mixinStandardHelpOptions = true,
    description = {"NameNode target-choice throughput: the Strata placement plugin against",
        "stock HDFS (BlockPlacementPolicyDefault), side by side in one run, as ratios",
        "(target: plugin >= 0.9x stock).",
        "1. JMH: chooseTarget for a new block (3 replicas) on a 500-node, 20-rack,",
        "   3-tier topology; stock vs rules /=default (pass-through), /=tier-aware,",
        "   /=hybrid, /=ratio:0.5. About 75 s on 2 cores.",
        "2. Hadoop's NNThroughputBenchmark -op replication (re-replication after",
        "   decommissioning, which calls chooseTarget) on an in-process NameNode;",
        "   stock vs /=default and /=network. Several minutes."})
final class BenchPlacementCommand implements Callable<Integer> {
  @Option(names = "--jmh-only", description = "run only the JMH benchmark")
  boolean jmhOnly;

  @Option(names = "--nnbench-only", description = "run only NNThroughputBenchmark")
  boolean nnBenchOnly;

  @Option(names = "--quick", description = "short iterations and a smaller NNThroughputBenchmark (a smoke run; "
      + "numbers are less stable)")
  boolean quick;

  @Override
  public Integer call() throws Exception {
    if (jmhOnly && nnBenchOnly) {
      throw new ConfigException("--jmh-only and --nnbench-only exclude each other");
    }
    PlacementBenchmarks.run(PlacementBenchmarks.Options.of(jmhOnly, nnBenchOnly, quick), System.out, System.err);
    return 0;
  }
}
