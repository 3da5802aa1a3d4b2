package io.strata.bench.retrieval;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.CpuBusy;
import io.strata.bench.protocol.Spread;
import io.strata.core.retrieval.Locality;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.retrieval.ReadMetrics;
import io.strata.hdfs.retrieval.StrataNetworkTopology;
import io.strata.workloads.dataset.DatasetWriter;
import io.strata.workloads.dataset.ParallelReader;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSConfigKeys;

/**
 * TestDFSIO-read style comparison of retrieval policies on one running embedded cluster: one file per node,
 * written once under hybrid placement, read by one concurrent reader per node under each policy in turn, for
 * several rounds with the policy order rotated each round so that drift on a noisy machine hits all alike.
 */
public final class RetrievalBenchmark {
  /** One policy's results, summed over rounds. */
  public static final class Result {
    final String policy;
    long bytes;
    double seconds;
    double readerRateSum;
    int readers;
    long localReads;
    long allReads;
    /** The round's upper bound on the aggregate rate ({@link ReadRateBound}), NaN when not computed. */
    double boundMBps = Double.NaN;
    /** Each round's aggregate MB/s, in round order. */
    final List<Double> roundMBps = new ArrayList<>();
    /** Whether each round's read was cpu-bound ({@link CpuBusy}), in round order. */
    final List<Boolean> roundCpuBound = new ArrayList<>();
    double maxCpuBusy;

    Result(String policy) {
      this.policy = policy;
    }

    /** Aggregate MB/s: all bytes over all wall time. */
    public double throughput() {
      return bytes / 1e6 / seconds;
    }

    /** TestDFSIO's average IO rate: the mean of each reader's own MB/s. */
    public double averageIoRate() {
      return readerRateSum / readers;
    }

    /** The share of reads the plugin counted as not node-local; NaN when it counted none (stock HDFS). */
    public double nonLocalShare() {
      return allReads == 0 ? Double.NaN : 1 - localReads / (double) allReads;
    }

    public String policy() {
      return policy;
    }

    /** Records one round: its aggregate rate and how busy the CPUs were while it read. */
    void addRound(double megabytesPerSecond, double cpuBusy) {
      roundMBps.add(megabytesPerSecond);
      roundCpuBound.add(CpuBusy.isCpuBound(cpuBusy));
      maxCpuBusy = Math.max(maxCpuBusy, cpuBusy);
    }

    public List<Double> roundMBps() {
      return List.copyOf(roundMBps);
    }

    public boolean anyCpuBound() {
      return roundCpuBound.contains(true);
    }

    /** Each round's ratio of this contender's rate to {@code base}'s in the same round. */
    public List<Double> ratiosTo(Result base) {
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < Math.min(roundMBps.size(), base.roundMBps.size()); i++) {
        ratios.add(roundMBps.get(i) / base.roundMBps.get(i));
      }
      return ratios;
    }

    /** Each round's share of the upper bound on the aggregate rate. */
    public List<Double> boundShares() {
      return roundMBps.stream().map(r -> r / boundMBps).toList();
    }
  }

  /**
   * The contender that is stock HDFS at its best, no plugin on the NameNode and both of HDFS's read-ordering
   * switches on (HDFS then sorts replicas at one distance by load alone).
   */
  public static final String STOCK_BEST = "stock-best";

  /** The keys that make {@value #STOCK_BEST}'s NameNode. */
  public static final Map<String, String> STOCK_BEST_CONF = Map.of(
      DFSConfigKeys.DFS_NAMENODE_READ_CONSIDERSTORAGETYPE_KEY, "true",
      DFSConfigKeys.DFS_NAMENODE_READ_CONSIDERLOAD_KEY, "true");

  /** The policy the targets are judged on, the one docs/retrieval.md recommends; declared before any run. */
  public static final String DECLARED = "rate-aware";

  private RetrievalBenchmark() {}

  /**
   * Runs the contenders; {@code warm} keeps the DataNodes' page caches (nodes with {@code pageCache} in the spec)
   * between the write and the reads, else they are dropped before each contender reads, so that every read comes from
   * the devices (cold), as a benchmark does with {@code drop_caches}.
   */
  public static List<Result> run(String specText, Path dir, long bytesPerFile, int rounds, List<String> policies,
      Map<String, String> extraConf, boolean warm, PrintStream log) throws Exception {
    ClusterSpec spec = SpecParser.parse("bench-spec", specText);
    Files.createDirectories(dir);
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, specText);
    Map<String, Result> results = new LinkedHashMap<>();
    policies.forEach(p -> results.put(p, new Result(p)));
    Map<String, String> pluginConf = StrataPlugins.nameNodeConf(specFile, "/bench=hybrid", 1000);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(8L << 20)
        .withConf(pluginConf)
        .withConf(extraConf))) {
      FileSystem fs = cluster.fileSystem();
      int readers = spec.nodes().size();
      log.printf("writing %d files of %d MiB under hybrid placement...%n", readers, bytesPerFile >> 20);
      DatasetWriter.Result written = DatasetWriter.write(fs, new org.apache.hadoop.fs.Path("/bench/data"), readers,
          bytesPerFile, readers, 7, n -> {});
      boolean stockRunning = false;
      for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < policies.size(); k++) {
          String policy = policies.get((k + round) % policies.size());
          boolean stock = policy.equals(STOCK_BEST);
          // The stock NameNode runs without the plugin; the policies then need it back, so at most two restarts a
          // round.
          if (stock != stockRunning) {
            cluster.restartNameNode(stock ? STOCK_BEST_CONF : pluginConf,
                stock ? pluginConf.keySet() : STOCK_BEST_CONF.keySet());
            stockRunning = stock;
          }
          if (!stock) {
            topology(cluster).setRetrievalPolicy(policy, null);
          }
          Result result = results.get(policy);
          long localBefore = ReadMetrics.get().reads(Locality.NODE_LOCAL);
          long allBefore = localBefore + ReadMetrics.get().reads(Locality.RACK_LOCAL)
              + ReadMetrics.get().reads(Locality.REMOTE);
          CpuBusy.Reading cpu = CpuBusy.read();
          double secondsBefore = result.seconds;
          if (!warm) {
            cluster.dropPageCaches();
          }
          readRound(fs, written.files(), result);
          result.addRound(written.bytes() / 1e6 / (result.seconds - secondsBefore), CpuBusy.read().busyShareSince(cpu));
          long local = ReadMetrics.get().reads(Locality.NODE_LOCAL);
          long all = local + ReadMetrics.get().reads(Locality.RACK_LOCAL) + ReadMetrics.get().reads(Locality.REMOTE);
          result.localReads += local - localBefore;
          result.allReads += all - allBefore;
          log.printf("round %d %-14s %.1f MB/s%n", round + 1, policy, result.roundMBps.get(round));
        }
      }
    }
    return new ArrayList<>(results.values());
  }

  /** {@code share} as a percentage, or n/a when it was not counted (stock HDFS in process has no plugin counts). */
  private static String percent(String format, double share) {
    return Double.isNaN(share) ? "n/a" : String.format(format, 100 * share);
  }

  private static StrataNetworkTopology topology(EmbeddedCluster cluster) {
    return (StrataNetworkTopology) cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager()
        .getNetworkTopology();
  }

  /** One concurrent reader per file; records aggregate and per-reader rates. */
  private static void readRound(FileSystem fs, List<org.apache.hadoop.fs.Path> files, Result into) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(files.size());
    try {
      long start = System.nanoTime();
      List<Future<double[]>> reads = new ArrayList<>();
      for (org.apache.hadoop.fs.Path file : files) {
        reads.add(pool.submit(() -> {
          long t0 = System.nanoTime();
          long n = ParallelReader.readFile(fs, file);
          return new double[] {n, (System.nanoTime() - t0) / 1e9};
        }));
      }
      for (Future<double[]> read : reads) {
        double[] r = read.get();
        into.bytes += (long) r[0];
        into.readerRateSum += r[0] / 1e6 / r[1];
        into.readers++;
      }
      into.seconds += (System.nanoTime() - start) / 1e9;
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Prints the side-by-side table, with each contender's aggregate rate as median (min-max) over rounds and its
   * ratios to the first contender (the baseline) round by round, average per-reader rate, non-local share (and
   * its difference from the first contender that has one), share of the upper bound on the aggregate rate when it
   * was computed, and the busiest round's CPU share ({@code cpu-bound} above {@value CpuBusy#CPU_BOUND_SHARE}).
   */
  public static void print(List<Result> results, PrintStream out) {
    Result base = results.get(0);
    boolean bound = !Double.isNaN(base.boundMBps);
    double baseNonLocal = results.stream().mapToDouble(Result::nonLocalShare).filter(v -> !Double.isNaN(v))
        .findFirst().orElse(Double.NaN);
    out.printf("%-14s %-28s %-26s %11s %10s %16s%s %s%n", "contender", "aggregate MB/s", "ratio to " + base.policy(),
        "avg IO rate", "non-local", "extra non-local", bound ? "  of bound (median)" : "", "cpu");
    for (Result r : results) {
      out.printf("%-14s %-28s %-26s %6.1f MB/s %10s %16s%s %s%n", r.policy(),
          Spread.of(r.roundMBps).format("%.1f"), Spread.of(r.ratiosTo(base)).format("%.3fx"), r.averageIoRate(),
          percent("%.1f%%", r.nonLocalShare()), percent("%+.1f%%", r.nonLocalShare() - baseNonLocal),
          bound ? String.format("  %17.1f%%", 100 * Spread.of(r.boundShares()).median()) : "",
          String.format("%.0f%%", 100 * r.maxCpuBusy) + (r.anyCpuBound() ? " cpu-bound" : ""));
    }
    if (bound) {
      out.printf("upper bound on the aggregate rate (max-flow over the devices' and links' capacities): %.1f MB/s%n",
          base.boundMBps);
    }
  }

  /**
   * Each contender's per-round aggregate rate and its ratio to the first contender's (the baseline), machine-readable;
   * {@code measure} names what was read, e.g. the topology.
   */
  public static List<BenchResult.Row> resultRows(String measure, List<Result> results) {
    Result base = results.get(0);
    List<BenchResult.Row> rows = new ArrayList<>();
    for (Result r : results) {
      if (!r.roundMBps.isEmpty()) {
        rows.add(BenchResult.Row.of(measure, r.policy(), "MB/s", r.roundMBps, r.anyCpuBound()));
      }
    }
    for (Result r : results) {
      if (!r.ratiosTo(base).isEmpty()) {
        rows.add(BenchResult.Row.of(measure + " to " + base.policy(), r.policy(), "x", r.ratiosTo(base),
            r.anyCpuBound() || base.anyCpuBound()));
      }
    }
    return rows;
  }

  /** Contenders in table order: {@value #STOCK_BEST} (the baseline), then every policy, network first. */
  public static List<String> defaultContenders() {
    List<String> contenders = new ArrayList<>(List.of(STOCK_BEST));
    contenders.addAll(RetrievalPolicies.NAMES);
    return contenders;
  }
}
