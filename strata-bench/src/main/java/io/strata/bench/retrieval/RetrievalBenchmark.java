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

/**
 * TestDFSIO-read style comparison of retrieval policies on one running embedded cluster: one file per node,
 * written once under hybrid placement, read by one concurrent reader per node under each policy in turn, for
 * several rounds with the policy order rotated each round so that drift on a noisy machine hits all alike. Each round's
 * aggregate rate is kept, with whether the CPUs decided it (cpu-bound).
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
    /** Whether the CPUs were above {@link CpuBusy#CPU_BOUND_SHARE} busy during one of its rounds. */
    boolean cpuBound;

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

    public double nonLocalShare() {
      return allReads == 0 ? 0 : 1 - localReads / (double) allReads;
    }

    public String policy() {
      return policy;
    }

    /** One round read {@code bytes} in {@code seconds} with the CPUs {@code cpuBusyShare} busy. */
    void addRound(long bytes, double seconds, double cpuBusyShare) {
      roundMBps.add(bytes / 1e6 / seconds);
      cpuBound |= CpuBusy.isCpuBound(cpuBusyShare);
    }

    /** Each round's aggregate rate over {@code base}'s in the same round. */
    public List<Double> roundRatios(Result base) {
      List<Double> ratios = new ArrayList<>();
      for (int round = 0; round < Math.min(roundMBps.size(), base.roundMBps.size()); round++) {
        ratios.add(roundMBps.get(round) / base.roundMBps.get(round));
      }
      return ratios;
    }
  }

  private RetrievalBenchmark() {}

  public static List<Result> run(String specText, Path dir, long bytesPerFile, int rounds, List<String> policies,
      Map<String, String> extraConf, PrintStream log) throws Exception {
    ClusterSpec spec = SpecParser.parse("bench-spec", specText);
    Files.createDirectories(dir);
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, specText);
    Map<String, Result> results = new LinkedHashMap<>();
    policies.forEach(p -> results.put(p, new Result(p)));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(8L << 20)
        .withConf(StrataPlugins.nameNodeConf(specFile, "/bench=hybrid", 1000))
        .withConf(extraConf))) {
      FileSystem fs = cluster.fileSystem();
      StrataNetworkTopology topology = (StrataNetworkTopology) cluster.miniCluster().getNamesystem().getBlockManager()
          .getDatanodeManager().getNetworkTopology();
      int readers = spec.nodes().size();
      log.printf("writing %d files of %d MiB under hybrid placement...%n", readers, bytesPerFile >> 20);
      DatasetWriter.Result written = DatasetWriter.write(fs, new org.apache.hadoop.fs.Path("/bench/data"), readers,
          bytesPerFile, readers, 7, n -> {});
      for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < policies.size(); k++) {
          String policy = policies.get((k + round) % policies.size());
          topology.setRetrievalPolicy(policy, null);
          long localBefore = ReadMetrics.get().reads(Locality.NODE_LOCAL);
          long allBefore = localBefore + ReadMetrics.get().reads(Locality.RACK_LOCAL)
              + ReadMetrics.get().reads(Locality.REMOTE);
          readRound(fs, written.files(), results.get(policy));
          long local = ReadMetrics.get().reads(Locality.NODE_LOCAL);
          long all = local + ReadMetrics.get().reads(Locality.RACK_LOCAL) + ReadMetrics.get().reads(Locality.REMOTE);
          results.get(policy).localReads += local - localBefore;
          results.get(policy).allReads += all - allBefore;
          log.printf("round %d %-14s %.1f MB/s%n", round + 1, policy,
              written.bytes() / 1e6 / (results.get(policy).seconds / (round + 1)));
        }
      }
    }
    return new ArrayList<>(results.values());
  }

  /** One concurrent reader per file; records aggregate and per-reader rates. */
  private static void readRound(FileSystem fs, List<org.apache.hadoop.fs.Path> files, Result into) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(files.size());
    try {
      CpuBusy.Reading cpu = CpuBusy.read();
      long start = System.nanoTime();
      List<Future<double[]>> reads = new ArrayList<>();
      for (org.apache.hadoop.fs.Path file : files) {
        reads.add(pool.submit(() -> {
          long t0 = System.nanoTime();
          long n = ParallelReader.readFile(fs, file);
          return new double[] {n, (System.nanoTime() - t0) / 1e9};
        }));
      }
      long roundBytes = 0;
      for (Future<double[]> read : reads) {
        double[] r = read.get();
        roundBytes += (long) r[0];
        into.readerRateSum += r[0] / 1e6 / r[1];
        into.readers++;
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      into.bytes += roundBytes;
      into.seconds += seconds;
      into.addRound(roundBytes, seconds, CpuBusy.read().busyShareSince(cpu));
    } finally {
      pool.shutdownNow();
    }
  }

  /**
   * Prints the side-by-side table, ratios to the first policy (network), and each policy's share of the upper bound
   * on the aggregate rate when it was computed.
   */
  public static void print(List<Result> results, PrintStream out) {
    Result base = results.get(0);
    boolean bound = !Double.isNaN(base.boundMBps);
    out.printf("%-14s %12s %8s %14s %8s %11s %16s%s  %s%n", "policy", "aggregate", "ratio", "avg IO rate", "ratio",
        "non-local", "extra non-local", bound ? "   of bound" : "", "aggregate ratio per round: median (min-max)");
    for (Result r : results) {
      out.printf("%-14s %7.1f MB/s %7.3fx %9.1f MB/s %7.3fx %10.1f%% %+15.1f%%%s  %s%s%n", r.policy(), r.throughput(),
          r.throughput() / base.throughput(), r.averageIoRate(), r.averageIoRate() / base.averageIoRate(),
          100 * r.nonLocalShare(), 100 * (r.nonLocalShare() - base.nonLocalShare()),
          bound ? String.format("  %8.1f%%", 100 * r.throughput() / r.boundMBps) : "",
          r.roundRatios(base).isEmpty() ? "-" : Spread.of(r.roundRatios(base)).format("%.3fx"),
          r.cpuBound ? " cpu-bound" : "");
    }
    if (bound) {
      out.printf("upper bound on the aggregate rate (max-flow over the devices' and links' capacities): %.1f MB/s%n",
          base.boundMBps);
    }
  }

  /** Each policy's per-round aggregate rate and its ratio to the first policy's, machine-readable. */
  public static List<BenchResult.Row> resultRows(List<Result> results) {
    Result base = results.get(0);
    List<BenchResult.Row> rows = new ArrayList<>();
    for (Result r : results) {
      if (!r.roundMBps.isEmpty()) {
        rows.add(BenchResult.Row.of("aggregate read throughput", r.policy(), "MB/s", r.roundMBps, r.cpuBound));
      }
    }
    for (Result r : results) {
      if (!r.roundRatios(base).isEmpty()) {
        rows.add(BenchResult.Row.of("aggregate read throughput to " + base.policy(), r.policy(), "x",
            r.roundRatios(base), r.cpuBound || base.cpuBound));
      }
    }
    return rows;
  }

  /** Policies in table order, network first. */
  public static List<String> defaultPolicies() {
    return RetrievalPolicies.NAMES;
  }
}
