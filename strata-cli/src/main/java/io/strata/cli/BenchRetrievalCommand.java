package io.strata.cli;

import io.strata.bench.retrieval.RetrievalBenchmark;
import io.strata.core.config.ConfigException;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.hdfs.StrataKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata bench retrieval}: read throughput of each retrieval policy, side by side, as ratios to network. */
@Command(name = "retrieval", mixinStandardHelpOptions = true,
    description = {"Compare retrieval policies on one embedded cluster with emulated device speeds.",
        "One file per node, written under hybrid placement, read by one concurrent reader per node under each",
        "policy, rounds interleaved; prints aggregate and average per-reader throughput as ratios to network,",
        "and the share of non-local reads."})
final class BenchRetrievalCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "64MiB",
      description = "bytes per file (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  // Each file open draws a random DataNode as "the reader" (every embedded DataNode is 127.0.0.1), so the
  // non-local share needs many opens to settle: 8 rounds left it +-5 points from run to run.
  @Option(names = "--rounds", defaultValue = "24", description = "rounds over all policies (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--streams-per-node", defaultValue = "10",
      description = "streams sharing a node's network link, for hybrid and adaptive (default: ${DEFAULT-VALUE})")
  int streamsPerNode;

  @Override
  public Integer call() throws Exception {
    long bytes = size.bytes();
    if (rounds <= 0) {
      throw new ConfigException("--rounds must be > 0, got " + rounds);
    }
    ClusterChoice.Loaded loaded = cluster.load("hats");
    Path dir = Files.createTempDirectory("strata-bench-retrieval");
    try {
      List<String> policies = RetrievalPolicies.NAMES;
      var results = RetrievalBenchmark.run(loaded.text(), dir, bytes, rounds, policies,
          Map.of(StrataKeys.RETRIEVAL_STREAMS_PER_NODE, Integer.toString(streamsPerNode)),
          System.err);
      System.out.printf("Retrieval policies, spec '%s', %d readers x %s, %d rounds, data placed by hybrid, "
          + "%d streams per node%n", loaded.spec().name(), loaded.spec().nodes().size(), size, rounds, streamsPerNode);
      RetrievalBenchmark.print(results, System.out);
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
