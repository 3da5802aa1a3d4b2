package io.strata.bench.hadoop;

import io.strata.bench.retrieval.RetrievalBenchmark;
import io.strata.core.spec.ClusterSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.yarn.NamedNodeYarnCluster;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.retrieval.StrataNetworkTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * The tiered embedded HDFS ({@link EmbeddedCluster}, emulated device speeds) with Strata's plugins, and in-JVM YARN
 * whose NodeManagers carry the spec's host names ({@link NamedNodeYarnCluster}), so DATA_LOCAL_MAPS means what it
 * says. The read order changes on the running NameNode; stock HDFS is the same NameNode restarted without the
 * plugin's keys, and with them again after it.
 */
final class InProcessBenchCluster implements BenchCluster {
  private final EmbeddedCluster hdfs;
  private final NamedNodeYarnCluster yarn;
  private final Configuration jobConf;
  private final Map<String, String> pluginConf;
  private boolean stock;

  private InProcessBenchCluster(EmbeddedCluster hdfs, NamedNodeYarnCluster yarn, Map<String, String> pluginConf) {
    this.hdfs = hdfs;
    this.yarn = yarn;
    this.jobConf = yarn.jobConf();
    this.pluginConf = pluginConf;
  }

  static InProcessBenchCluster start(ClusterSpec spec, String specText, Path dir, String rules, double speedScale,
      long blockSize, Map<String, String> extraConf) throws IOException {
    Files.createDirectories(dir);
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, specText);
    Map<String, String> pluginConf = StrataPlugins.nameNodeConf(specFile, rules, 1000);
    EmbeddedCluster hdfs = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(blockSize).withSpeedScale(speedScale)
        .withConf(pluginConf).withConf(extraConf));
    try {
      return new InProcessBenchCluster(hdfs, NamedNodeYarnCluster.start(hdfs.clientConf(), hdfs.hosts(),
          dir.resolve("yarn")), pluginConf);
    } catch (IOException | RuntimeException e) {
      hdfs.close();
      throw e;
    }
  }

  @Override
  public String kind() {
    return "in-process";
  }

  @Override
  public FileSystem fileSystem() {
    try {
      return hdfs.fileSystem();
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void useRetrieval(String policy) throws IOException {
    if (stock) {
      hdfs.restartNameNode(pluginConf, RetrievalBenchmark.STOCK_BEST_CONF.keySet());
      stock = false;
    }
    ((StrataNetworkTopology) hdfs.miniCluster().getNamesystem().getBlockManager().getDatanodeManager()
        .getNetworkTopology()).setRetrievalPolicy(policy, null);
  }

  @Override
  public void useStock() throws IOException {
    if (!stock) {
      hdfs.restartNameNode(RetrievalBenchmark.STOCK_BEST_CONF, pluginConf.keySet());
      stock = true;
    }
  }

  @Override
  public JobRun run(JobRequest request) throws Exception {
    return HadoopJobs.run(jobConf, request);
  }

  @Override
  public void close() {
    try {
      yarn.close();
    } finally {
      hdfs.close();
    }
  }
}
