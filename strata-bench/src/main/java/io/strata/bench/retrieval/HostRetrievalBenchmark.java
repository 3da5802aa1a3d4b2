package io.strata.bench.retrieval;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.CpuBusy;
import io.strata.bench.protocol.DeclaredTarget;
import io.strata.bench.protocol.Spread;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostReaders;
import io.strata.hdfs.StrataKeys;
import io.strata.workloads.dataset.DatasetWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@link RetrievalBenchmark} on a cluster of hosts ({@link HostCluster}): the same dataset (one file per host,
 * written under hybrid placement) read by one reader per host, each inside its host's namespace, so a local replica
 * is really local and a replica in another rack really crosses both uplinks. The retrieval policy is read when the
 * NameNode starts, so every contender of every round gets a NameNode restart; the order rotates each round.
 */
public final class HostRetrievalBenchmark {
  private HostRetrievalBenchmark() {}

  /**
   * Starts the cluster of {@code options} (whose plugin keys place {@code /bench} by hybrid), writes the dataset
   * from the root namespace, and reads it under each contender for {@code rounds} rounds, each reader reading its
   * host's files {@code threadsPerHost} at a time. A contender is a retrieval policy or
   * {@value RetrievalBenchmark#STOCK_BEST}, for which the NameNode restarts without the plugin.
   *
   * @param filesPerHost files each host's reader reads (of {@code bytesPerFile} each)
   */
  public static List<RetrievalBenchmark.Result> run(HostCluster.Options options, long bytesPerFile, int filesPerHost,
      int threadsPerHost, int rounds, List<String> contenders, PrintStream log) throws IOException {
    Map<String, RetrievalBenchmark.Result> results = new LinkedHashMap<>();
    contenders.forEach(p -> results.put(p, new RetrievalBenchmark.Result(p)));
    try (HostCluster cluster = HostCluster.start(options, log);
         // The client configuration carries the cluster's block size; HDFS's default (128 MiB) would make one block.
         FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.clientConf())) {
      List<String> hosts = cluster.hosts();
      int files = hosts.size() * filesPerHost;
      log.printf("writing %d files of %d MiB under hybrid placement from the root namespace...%n", files,
          bytesPerFile >> 20);
      DatasetWriter.Result written = DatasetWriter.write(fs, new org.apache.hadoop.fs.Path("/bench/data"), files,
          bytesPerFile, hosts.size(), 7, n -> {});
      Map<String, List<String>> filesByHost = new LinkedHashMap<>();
      for (int i = 0; i < files; i++) {
        filesByHost.computeIfAbsent(hosts.get(i % hosts.size()), h -> new ArrayList<>())
            .add(written.files().get(i).toUri().getPath());
      }
      double bound = ReadRateBound.aggregateMBps(reads(fs, options, filesByHost),
          ReadRateBound.Links.ofGbps(options.spec().network().nicGbps(), options.spec().network().rackUplinkGbps()));
      log.printf("upper bound from the devices' and links' capacities: %.1f MB/s%n", bound);
      results.values().forEach(r -> r.boundMBps = bound);
      for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < contenders.size(); k++) {
          String contender = contenders.get((k + round) % contenders.size());
          if (contender.equals(RetrievalBenchmark.STOCK_BEST)) {
            cluster.restartStockNameNode(RetrievalBenchmark.STOCK_BEST_CONF);
          } else {
            cluster.restartNameNode(Map.of(StrataKeys.RETRIEVAL_POLICY, contender));
          }
          CpuBusy.Reading cpu = CpuBusy.read();
          HostReaders.Result read = HostReaders.read(cluster, filesByHost, threadsPerHost,
              cluster.dir().resolve("logs").resolve("readers"));
          double busy = CpuBusy.read().busyShareSince(cpu);
          add(read, results.get(contender));
          results.get(contender).addRound(read.megabytesPerSecond(), busy);
          log.printf("round %d %-14s %.1f MB/s, %.1f%% non-local, cpu %.0f%%%n", round + 1, contender,
              read.megabytesPerSecond(), 100 * read.nonLocalShare(), 100 * busy);
        }
      }
    }
    return new ArrayList<>(results.values());
  }

  /** A target with the values it is judged on: its line and its machine-readable result. */
  public record Judged(DeclaredTarget target, List<Double> values, boolean cpuBound) {
    public String line() {
      return target.line(values, cpuBound);
    }

    public BenchResult.Target result() {
      return target.result(values, cpuBound);
    }
  }

  /**
   * The targets of {@code topology}, judged on {@link RetrievalBenchmark#DECLARED}'s worst round against
   * {@value RetrievalBenchmark#STOCK_BEST} of the same round: never below 0.97x anywhere; 1.20x on {@code tiers}
   * (or 0.90 of the upper bound where stock-best already reaches 0.75 of it, since 1.20x may then not exist);
   * 1.10x on {@code slow-node}. Empty when either contender did not run.
   */
  public static List<Judged> targets(HostTopology topology, List<RetrievalBenchmark.Result> results) {
    RetrievalBenchmark.Result declared = find(results, RetrievalBenchmark.DECLARED);
    RetrievalBenchmark.Result stock = find(results, RetrievalBenchmark.STOCK_BEST);
    if (declared == null || stock == null) {
      return List.of();
    }
    boolean cpuBound = declared.anyCpuBound() || stock.anyCpuBound();
    List<Double> ratios = declared.ratiosTo(stock);
    String what = "aggregate read rate, topology " + topology.name();
    List<Judged> judged = new ArrayList<>();
    judged.add(new Judged(new DeclaredTarget(what + " (never loses)", RetrievalBenchmark.DECLARED,
        RetrievalBenchmark.STOCK_BEST, 0.97, true), ratios, cpuBound));
    if (topology.name().equals("tiers")) {
      if (Spread.of(stock.boundShares()).median() > 0.75) {
        judged.add(new Judged(new DeclaredTarget(what + " (stock-best above 0.75 of the bound: share of the bound)",
            RetrievalBenchmark.DECLARED, "the upper bound", 0.90, true), declared.boundShares(), cpuBound));
      } else {
        judged.add(new Judged(new DeclaredTarget(what, RetrievalBenchmark.DECLARED, RetrievalBenchmark.STOCK_BEST,
            1.20, true), ratios, cpuBound));
      }
    } else if (topology.slowFactor() < 1) {
      judged.add(new Judged(new DeclaredTarget(what, RetrievalBenchmark.DECLARED, RetrievalBenchmark.STOCK_BEST,
          1.10, true), ratios, cpuBound));
    }
    return judged;
  }

  /**
   * The retrieval weights ({@code tier:MB/s,...}) of {@code spec}'s tiers at {@code speedScale} times their profile's
   * read rate, for {@link StrataKeys#RETRIEVAL_WEIGHTS}: with the DataNodes' devices slowed, the NameNode must weigh
   * the devices as they now are, as an operator's spec describes the devices a cluster has. Null at scale 1.
   */
  public static String scaledTierWeights(ClusterSpec spec, double speedScale) {
    if (!(speedScale > 0)) {
      throw new IllegalArgumentException("speed scale must be > 0, got " + speedScale);
    }
    if (speedScale == 1) {
      return null;
    }
    return spec.tierMap().tiers().stream().filter(t -> t.readMBps() > 0)
        .map(t -> t.name() + ":" + BigDecimal.valueOf(t.readMBps() * speedScale).round(new MathContext(6))
            .stripTrailingZeros().toPlainString())
        .collect(Collectors.joining(","));
  }

  private static RetrievalBenchmark.Result find(List<RetrievalBenchmark.Result> results, String contender) {
    return results.stream().filter(r -> r.policy().equals(contender)).findFirst().orElse(null);
  }

  /**
   * Every block each host's reader reads, with the volumes holding it as the NameNode reports them: a replica's
   * volume is its host's volume of the replica's storage type (their rates summed if there are several, which keeps
   * the bound an upper bound), at the rate its DataNode emulates.
   */
  static List<ReadRateBound.Read> reads(FileSystem fs, HostCluster.Options options,
      Map<String, List<String>> filesByHost) throws IOException {
    Map<String, NodeSpec> nodes = new LinkedHashMap<>();
    options.spec().nodes().forEach(n -> nodes.put(n.host(), n));
    List<ReadRateBound.Read> reads = new ArrayList<>();
    for (Map.Entry<String, List<String>> entry : filesByHost.entrySet()) {
      NodeSpec reader = nodes.get(entry.getKey());
      for (String file : entry.getValue()) {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(file);
        for (BlockLocation block : fs.getFileBlockLocations(fs.getFileStatus(path), 0, Long.MAX_VALUE)) {
          List<ReadRateBound.Volume> volumes = new ArrayList<>();
          for (int k = 0; k < block.getHosts().length; k++) {
            NodeSpec holder = nodes.get(block.getHosts()[k]);
            if (holder == null) {
              throw new IOException("block of " + file + " on " + block.getHosts()[k] + ", a host not in the spec");
            }
            StorageKind kind = StorageKind.valueOf(block.getStorageTypes()[k].name());
            // A slowed host's DataNode runs its devices at its own factor; without emulation, at the spec's rates.
            double scale = options.speedScale() > 0 ? options.speedScaleOf(holder.host()) : 1;
            double mbps = holder.volumes().stream().filter(v -> v.storageKind() == kind)
                .mapToDouble(v -> v.device().readMBps() * scale).sum();
            volumes.add(new ReadRateBound.Volume(holder.host(), holder.rack(), kind.name(), mbps));
          }
          reads.add(new ReadRateBound.Read(reader.host(), reader.rack(), block.getLength(), volumes));
        }
      }
    }
    return reads;
  }

  private static void add(HostReaders.Result read, RetrievalBenchmark.Result into) {
    into.bytes += read.bytes();
    into.seconds += read.seconds();
    for (HostReaders.FileRead file : read.reads()) {
      into.readerRateSum += file.megabytesPerSecond();
      into.readers++;
      // Bytes stand in for reads here: every block has the same size, and bytes are what the readers can see.
      into.localReads += file.nodeLocalBytes();
      into.allReads += file.bytes();
    }
  }
}
