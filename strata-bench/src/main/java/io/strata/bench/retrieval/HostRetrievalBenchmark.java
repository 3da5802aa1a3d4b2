package io.strata.bench.retrieval;

import io.strata.bench.protocol.CpuBusy;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.NodeSpec;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostReaders;
import io.strata.hdfs.StrataKeys;
import io.strata.workloads.dataset.DatasetWriter;
import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@link RetrievalBenchmark} on a cluster of hosts ({@link HostCluster}): the same dataset (one file per host,
 * written under hybrid placement) read by one reader per host, each inside its host's namespace, so a local replica
 * is really local and a replica in another rack really crosses both uplinks. The retrieval policy is read when the
 * NameNode starts, so every policy of every round gets a NameNode restart; the policy order rotates each round.
 */
public final class HostRetrievalBenchmark {
  private HostRetrievalBenchmark() {}

  /**
   * Starts the cluster of {@code options} (whose plugin keys place {@code /bench} by hybrid), writes the dataset
   * from the root namespace, and reads it under each policy for {@code rounds} rounds.
   */
  public static List<RetrievalBenchmark.Result> run(HostCluster.Options options, long bytesPerFile, int rounds,
      List<String> policies, PrintStream log) throws IOException {
    Map<String, RetrievalBenchmark.Result> results = new LinkedHashMap<>();
    policies.forEach(p -> results.put(p, new RetrievalBenchmark.Result(p)));
    try (HostCluster cluster = HostCluster.start(options, log);
         // The client configuration carries the cluster's block size; HDFS's default (128 MiB) would make one block.
         FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.clientConf())) {
      List<String> hosts = cluster.hosts();
      log.printf("writing %d files of %d MiB under hybrid placement from the root namespace...%n", hosts.size(),
          bytesPerFile >> 20);
      DatasetWriter.Result written = DatasetWriter.write(fs,
          new org.apache.hadoop.fs.Path("/bench/data"), hosts.size(), bytesPerFile, hosts.size(), 7, n -> {});
      Map<String, List<String>> filesByHost = new LinkedHashMap<>();
      for (int i = 0; i < hosts.size(); i++) {
        filesByHost.put(hosts.get(i), List.of(written.files().get(i).toUri().getPath()));
      }
      double bound = ReadRateBound.aggregateMBps(reads(fs, options, filesByHost),
          ReadRateBound.Links.ofGbps(options.spec().network().nicGbps(), options.spec().network().rackUplinkGbps()));
      log.printf("upper bound from the devices' and links' capacities: %.1f MB/s%n", bound);
      results.values().forEach(r -> r.boundMBps = bound);
      for (int round = 0; round < rounds; round++) {
        for (int k = 0; k < policies.size(); k++) {
          String policy = policies.get((k + round) % policies.size());
          cluster.restartNameNode(Map.of(StrataKeys.RETRIEVAL_POLICY, policy));
          CpuBusy.Reading cpu = CpuBusy.read();
          HostReaders.Result read = HostReaders.read(cluster, filesByHost,
              cluster.dir().resolve("logs").resolve("readers"));
          add(read, results.get(policy));
          results.get(policy).addRound(read.bytes(), read.seconds(), CpuBusy.read().busyShareSince(cpu));
          log.printf("round %d %-14s %.1f MB/s, %.1f%% non-local%n", round + 1, policy, read.megabytesPerSecond(),
              100 * read.nonLocalShare());
        }
      }
    }
    return new ArrayList<>(results.values());
  }

  /**
   * Every block each host's reader reads, with the volumes holding it as the NameNode reports them: a replica's
   * volume is its host's volume of the replica's storage type (their rates summed if there are several, which keeps
   * the bound an upper bound), at the rate the DataNodes emulate.
   */
  static List<ReadRateBound.Read> reads(FileSystem fs, HostCluster.Options options,
      Map<String, List<String>> filesByHost) throws IOException {
    Map<String, NodeSpec> nodes = new LinkedHashMap<>();
    options.spec().nodes().forEach(n -> nodes.put(n.host(), n));
    double scale = options.speedScale() > 0 ? options.speedScale() : 1;
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
