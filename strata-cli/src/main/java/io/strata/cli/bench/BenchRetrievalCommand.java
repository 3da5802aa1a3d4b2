package io.strata.cli.bench;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.retrieval.HostRetrievalBenchmark;
import io.strata.bench.retrieval.HostTopology;
import io.strata.bench.retrieval.RetrievalBenchmark;
import io.strata.bench.retrieval.SortLocationsJmh;
import io.strata.bench.retrieval.TopologySweepChart;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HostTestbedOptions;
import io.strata.cli.shared.PluginConf;
import io.strata.core.config.ConfigException;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetwork;
import io.strata.hdfs.StrataKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code strata bench retrieval}: read throughput of each retrieval policy and of stock HDFS at its best, side by
 * side, as ratios to stock-best.
 */
@Command(name = "retrieval", mixinStandardHelpOptions = true,
    description = {"Compare retrieval policies on one embedded cluster with emulated device speeds.",
        "One file per node, written under hybrid placement, read by one concurrent reader per node under each",
        "contender, rounds interleaved: stock-best (stock HDFS, the NameNode restarted without the plugin,",
        "considerStorageType and considerLoad on), then every policy. Prints aggregate throughput per round as",
        "median (min-max) and as ratios to stock-best in the same round, average per-reader throughput, the",
        "share of non-local reads and how busy the CPUs were (cpu-bound above 90%%).",
        "With --hosts, on the cluster of hosts instead: one reader per host inside the host's namespace, so local",
        "reads are local and cross-rack reads pay the uplinks; the NameNode restarts for every contender.",
        "--topologies sweeps several layouts, each on its own cluster, and prints each one's targets, judged on "
            + RetrievalBenchmark.DECLARED,
        "(declared) against stock-best on the worst of >= 3 rounds; cpu-bound rounds are not judged.",
        "With --jmh-only, no cluster: the NameNode's cost of ordering a block's replicas for a reader (JMH), stock",
        "HDFS (considerStorageType and considerLoad) against the plugin under each policy, as ratios to stock in",
        "the same round, rounds interleaved; the >= 0.9x target is judged on " + RetrievalBenchmark.DECLARED
            + "'s worst round."})
final class BenchRetrievalCommand implements Callable<Integer> {
  static final int IN_PROCESS_ROUNDS = 24;
  // Each round costs a NameNode restart per contender; 3 is the fewest the protocol judges a target on.
  static final int HOST_ROUNDS = 3;

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

  private final List<BenchResult.Row> resultRows = new ArrayList<>();
  private final List<BenchResult.Target> resultTargets = new ArrayList<>();

  @Option(names = "--topologies", paramLabel = "NAME", split = ",",
      description = {"with --hosts: sweep these layouts of the spec, each on its own cluster: "
          + "tiers, slow-uplinks, hdd-only, slow-node, or all (they set the NIC and uplink rates themselves)"})
  List<String> topologies;

  @Option(names = "--chart", paramLabel = "FILE",
      description = "with --topologies: write the sweep's chart (median ratio to stock-best per topology) as a PNG")
  Path chart;

  @Option(names = "--files-per-host", paramLabel = "N", defaultValue = "1",
      description = "with --hosts: files each host's reader reads (default: ${DEFAULT-VALUE})")
  int filesPerHost;

  @Option(names = "--threads-per-host", paramLabel = "N", defaultValue = "0",
      description = "with --hosts: files a reader reads at a time, in order, so later opens see the load of earlier "
          + "reads (default: ${DEFAULT-VALUE}, all at once)")
  int threadsPerHost;

  @Option(names = "--speed-scale", paramLabel = "X", defaultValue = "1",
      description = "with --hosts: every emulated device at X times its profile's rate (default: ${DEFAULT-VALUE}); "
          + "lower it when the CPUs, not the devices and links, bound the run; the NameNode's tier weights "
          + "(strata.retrieval.weights) are scaled with it, so Strata's policies weigh the devices as they run")
  double speedScale;

  @Option(names = "--warm", description = "in process: keep the DataNodes' page caches between writing and reading "
      + "(default: cold, caches dropped before every round, as drop_caches does; only nodes with pageCache in the "
      + "spec have one)")
  boolean warm;

  @Option(names = "--jmh-only", description = "measure only the NameNode's cost of the read order (JMH, about "
      + "10 s per policy and round, 3 rounds by default); starts no cluster")
  boolean jmhOnly;

  @Override
  public Integer call() throws Exception {
    if (jmhOnly) {
      if (testbed.hosts()) {
        throw new ConfigException("--jmh-only starts no cluster; leave out --hosts");
      }
      SortLocationsJmh.Settings settings = SortLocationsJmh.Settings.defaults();
      if (rounds != null) {
        if (rounds <= 0) {
          throw new ConfigException("--rounds must be > 0, got " + rounds);
        }
        settings = settings.withRounds(rounds);
      }
      SortLocationsJmh.Report report = SortLocationsJmh.run(settings, System.out, System.err);
      resultJson.write(settings.rounds(), RetrievalBenchmark.DECLARED, report.rows(), report.targets());
      return 0;
    }
    long bytes = size.bytes();
    testbed.check();
    if (!testbed.hosts() && (topologies != null || filesPerHost != 1 || threadsPerHost != 0 || speedScale != 1)) {
      throw new ConfigException(
          "--topologies, --files-per-host, --threads-per-host and --speed-scale are for --hosts only");
    }
    if (testbed.hosts() && warm) {
      throw new ConfigException("--warm is for the in-process cluster; the cluster of hosts models no DataNode page "
          + "cache");
    }
    if (!(speedScale > 0)) {
      throw new ConfigException("--speed-scale must be > 0, got " + speedScale);
    }
    if (filesPerHost <= 0 || threadsPerHost < 0) {
      throw new ConfigException("--files-per-host must be > 0 and --threads-per-host >= 0, got " + filesPerHost
          + " and " + threadsPerHost);
    }
    if (chart != null && topologies == null) {
      throw new ConfigException("--chart draws the --topologies sweep; give --topologies too");
    }
    if (topologies != null && testbed.ratesGiven()) {
      throw new ConfigException("--topologies sets the NIC and uplink rates; leave out --nic-gbps and --uplink-gbps");
    }
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
    Map<String, String> streams = Map.of(StrataKeys.RETRIEVAL_STREAMS_PER_NODE, Integer.toString(streamsPerNode));
    if (topologies != null) {
      List<HostTopology> sweep = HostTopology.named(topologies.equals(List.of("all"))
          ? HostTopology.STANDARD.stream().map(HostTopology::name).toList() : topologies);
      ClusterChoice.Loaded base = cluster.load("hats");
      TopologySweepChart sweepChart = new TopologySweepChart();
      for (HostTopology topology : sweep) {
        String text = topology.specText(base.spec().name(), base.text());
        sweepChart.add(topology.name(), runOnHosts(new ClusterChoice.Loaded(SpecParser.parse(base.spec().name(),
            text), text), topology, bytes, rounds, streams));
      }
      if (chart != null) {
        sweepChart.writePng(chart);
        System.err.println("chart: " + chart);
      }
      resultJson.write(rounds, RetrievalBenchmark.DECLARED, resultRows, resultTargets);
      return 0;
    }
    ClusterChoice.Loaded loaded = testbed.applyRates(cluster.load("hats"));
    if (testbed.hosts()) {
      runOnHosts(loaded, null, bytes, rounds, streams);
      resultJson.write(rounds, "", resultRows, resultTargets);
      return 0;
    }
    Path dir = Files.createTempDirectory("strata-bench-retrieval");
    try {
      List<RetrievalBenchmark.Result> results = RetrievalBenchmark.run(loaded.text(), dir, bytes, rounds,
          RetrievalBenchmark.defaultContenders(), streams, warm, System.err);
      printHeading(loaded, rounds, warm ? ", warm" : ", cold");
      RetrievalBenchmark.print(results, System.out);
      // Targets are for the sweep on the cluster of hosts; in process every node is 127.0.0.1.
      resultJson.write(rounds, "", RetrievalBenchmark.resultRows("aggregate read throughput", results), List.of());
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }

  /** One cluster of hosts: stock-best and every policy, the table, and the topology's target lines. */
  private List<RetrievalBenchmark.Result> runOnHosts(ClusterChoice.Loaded loaded, HostTopology topology, long bytes,
      int rounds, Map<String, String> streams) throws Exception {
    Path dir = Files.createTempDirectory("strata-bench-retrieval");
    try {
      Map<String, String> pluginConf = new LinkedHashMap<>(PluginConf.forSpec(dir, loaded, "/bench=hybrid"));
      pluginConf.putAll(streams);
      String weights = HostRetrievalBenchmark.scaledTierWeights(loaded.spec(), speedScale);
      if (weights != null) {
        pluginConf.put(StrataKeys.RETRIEVAL_WEIGHTS, weights);
      }
      HostCluster.Options options = testbed.clusterOptions(dir, loaded, pluginConf).withSpeedScale(speedScale);
      if (topology != null) {
        options = topology.applyTo(options);
      }
      List<RetrievalBenchmark.Result> results = HostRetrievalBenchmark.run(options, bytes, filesPerHost,
          threadsPerHost, rounds, RetrievalBenchmark.defaultContenders(), System.err);
      if (topology != null) {
        System.out.printf("%nTopology %s: %s%n", topology.name(), topology.description());
      }
      printHeading(loaded, rounds, "");
      System.out.printf("On the cluster of hosts (%s, devices at %s x their profile's rate), one reader per host "
          + "inside its namespace reading %d file(s), %s; non-local is the share of bytes not from the reader's own "
          + "host%n", HostTestbedOptions.rates(loaded), speedScale, filesPerHost,
          threadsPerHost == 0 ? "all at once" : threadsPerHost + " at a time");
      RetrievalBenchmark.print(results, System.out);
      String measure = "aggregate read throughput" + (topology != null ? ", topology " + topology.name() : "");
      resultRows.addAll(RetrievalBenchmark.resultRows(measure, results));
      if (topology != null) {
        for (HostRetrievalBenchmark.Judged target : HostRetrievalBenchmark.targets(topology, results)) {
          System.out.println(target.line());
          resultTargets.add(target.result());
        }
      }
      return results;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }

  /** The table's heading; {@code cache} says how the reads met the page cache (", cold", ", warm" or nothing). */
  private void printHeading(ClusterChoice.Loaded loaded, int rounds, String cache) {
    System.out.printf("Retrieval policies, spec '%s', %d readers x %s, %d rounds%s, data placed by hybrid, "
        + "%d streams per node%n", loaded.spec().name(), loaded.spec().nodes().size(), size, rounds, cache,
        streamsPerNode);
  }
}
