package io.strata.cli.bench;

import io.strata.bench.retrieval.HostRetrievalBenchmark;
import io.strata.bench.retrieval.RetrievalBenchmark;
import io.strata.bench.retrieval.SortLocationsJmh;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HostTestbedOptions;
import io.strata.cli.shared.PluginConf;
import io.strata.core.config.ConfigException;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.embedded.hosts.HostNetwork;
import io.strata.hdfs.StrataKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
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
        "and the share of non-local reads.",
        "With --hosts, on the cluster of hosts instead: one reader per host inside the host's namespace, so local",
        "reads are local and cross-rack reads pay the uplinks; the NameNode restarts for every policy.",
        "With --jmh-only, no cluster: the NameNode's cost of ordering a block's replicas for a reader (JMH), stock",
        "HDFS (considerStorageType and considerLoad) against the plugin under each policy, as ratios to stock."})
final class BenchRetrievalCommand implements Callable<Integer> {
  static final int IN_PROCESS_ROUNDS = 24;
  // On hosts every reader is a fixed host, so only tier-weighted's draws vary; each round costs NameNode restarts.
  static final int HOST_ROUNDS = 2;

  @Mixin
  ClusterChoice cluster;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "64MiB",
      description = "bytes per file (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  // Each file open draws a random DataNode as "the reader" (every embedded DataNode is 127.0.0.1), so the
  // non-local share needs many opens to settle: 8 rounds left it +-5 points from run to run.
  @Option(names = "--rounds", paramLabel = "N",
      description = "rounds over all policies (default: " + IN_PROCESS_ROUNDS + ", with --hosts " + HOST_ROUNDS + ")")
  Integer rounds;

  @Option(names = "--streams-per-node", defaultValue = "10",
      description = "streams sharing a node's network link, for hybrid and adaptive (default: ${DEFAULT-VALUE})")
  int streamsPerNode;

  @Mixin
  HostTestbedOptions testbed;

  @Mixin
  ResultJsonOption resultJson;

  @Option(names = "--jmh-only", description = "measure only the NameNode's cost of the read order (JMH, about "
      + "10 s per policy); starts no cluster")
  boolean jmhOnly;

  @Override
  public Integer call() throws Exception {
    if (jmhOnly) {
      if (testbed.hosts()) {
        throw new ConfigException("--jmh-only starts no cluster; leave out --hosts");
      }
      SortLocationsJmh.run(SortLocationsJmh.Settings.defaults(), System.out, System.err);
      return 0;
    }
    long bytes = size.bytes();
    testbed.check();
    int rounds = this.rounds != null ? this.rounds : testbed.hosts() ? HOST_ROUNDS : IN_PROCESS_ROUNDS;
    if (rounds <= 0) {
      throw new ConfigException("--rounds must be > 0, got " + rounds);
    }
    if (testbed.hosts()) {
      Optional<String> unavailable = HostNetwork.unavailableReason();
      if (unavailable.isPresent()) {
        System.err.println("strata: " + unavailable.get());
        return ExitCodes.FAILED;
      }
    }
    ClusterChoice.Loaded loaded = testbed.applyRates(cluster.load("hats"));
    Path dir = Files.createTempDirectory("strata-bench-retrieval");
    try {
      List<String> policies = RetrievalPolicies.NAMES;
      Map<String, String> streams = Map.of(StrataKeys.RETRIEVAL_STREAMS_PER_NODE, Integer.toString(streamsPerNode));
      List<RetrievalBenchmark.Result> results;
      if (testbed.hosts()) {
        Map<String, String> pluginConf = new LinkedHashMap<>(PluginConf.forSpec(dir, loaded, "/bench=hybrid"));
        pluginConf.putAll(streams);
        results = HostRetrievalBenchmark.run(testbed.clusterOptions(dir, loaded, pluginConf), bytes, rounds,
            policies, System.err);
      } else {
        results = RetrievalBenchmark.run(loaded.text(), dir, bytes, rounds, policies, streams, System.err);
      }
      System.out.printf("Retrieval policies, spec '%s', %d readers x %s, %d rounds, data placed by hybrid, "
          + "%d streams per node%n", loaded.spec().name(), loaded.spec().nodes().size(), size, rounds, streamsPerNode);
      if (testbed.hosts()) {
        System.out.printf("On the cluster of hosts (%s), one reader per host inside its namespace; non-local is "
            + "the share of bytes not from the reader's own host%n", HostTestbedOptions.rates(loaded));
      }
      RetrievalBenchmark.print(results, System.out);
      // No declared target yet: the rows compare every read order with network's.
      resultJson.write(rounds, "", RetrievalBenchmark.resultRows(results), List.of());
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
