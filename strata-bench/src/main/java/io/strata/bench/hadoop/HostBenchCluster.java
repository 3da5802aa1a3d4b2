package io.strata.bench.hadoop;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.bench.retrieval.RetrievalBenchmark;
import io.strata.embedded.hosts.HostCluster;
import io.strata.hdfs.StrataKeys;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;

/**
 * The cluster of hosts ({@link HostCluster}) with YARN: a NameNode JVM from the plugin jar, a DataNode and a
 * NodeManager in every host's network namespace. Jobs are submitted from the root namespace by a client JVM of
 * their own ({@link HostJobMain}), which needs the cluster's hosts file to resolve host names. The NameNode reads the
 * retrieval policy when it starts, so changing it restarts the NameNode.
 */
final class HostBenchCluster implements BenchCluster {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final HostCluster cluster;
  /** The read order the NameNode runs with; null while it runs as stock HDFS. */
  private String retrieval = StrataKeys.RETRIEVAL_POLICY_DEFAULT;
  private int jobs;

  private HostBenchCluster(HostCluster cluster) {
    this.cluster = cluster;
  }

  static HostBenchCluster start(HostCluster.Options options, PrintStream progress) throws IOException {
    return new HostBenchCluster(HostCluster.start(options.withYarn(true), progress));
  }

  @Override
  public String kind() {
    return "hosts";
  }

  @Override
  public FileSystem fileSystem() {
    return cluster.fileSystem();
  }

  @Override
  public void useRetrieval(String policy) throws IOException {
    if (!policy.equals(retrieval)) {
      cluster.restartNameNode(Map.of(StrataKeys.RETRIEVAL_POLICY, policy));
      retrieval = policy;
    }
  }

  @Override
  public void useStock() throws IOException {
    if (retrieval != null) {
      cluster.restartStockNameNode(RetrievalBenchmark.STOCK_BEST_CONF);
      retrieval = null;
    }
  }

  @Override
  public JobRun run(JobRequest request) throws Exception {
    Path logs = cluster.dir().resolve("logs").resolve("jobs");
    Files.createDirectories(logs);
    String name = String.format("%03d-%s", ++jobs, request.job());
    Path log = logs.resolve(name + ".log");
    Path out = logs.resolve(name + ".out");
    Process process = new ProcessBuilder(cluster.javaClient(HostJobMain.class.getName(),
        List.of(JSON.writeValueAsString(request)))).redirectError(log.toFile()).redirectOutput(out.toFile()).start();
    process.getOutputStream().close();
    if (!process.waitFor(60, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor();
      throw new IOException(request.job() + " did not finish within an hour; its log: " + log);
    }
    List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
    if (process.exitValue() != 0 || lines.isEmpty()) {
      List<String> tail = Files.readAllLines(log, StandardCharsets.UTF_8);
      throw new IOException(request.job() + " failed (exit " + process.exitValue() + "); its log " + log + " ends:\n"
          + String.join("\n", tail.subList(Math.max(0, tail.size() - 15), tail.size())));
    }
    return JSON.readValue(lines.get(lines.size() - 1), JobRun.class);
  }

  @Override
  public void close() {
    cluster.close();
  }
}
