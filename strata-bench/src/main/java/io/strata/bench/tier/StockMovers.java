package io.strata.bench.tier;

import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.StoragePolicySatisfierMode;
import org.apache.hadoop.hdfs.server.balancer.NameNodeConnector;
import org.apache.hadoop.hdfs.server.common.HdfsServerConstants;
import org.apache.hadoop.hdfs.server.mover.Mover;
import org.apache.hadoop.hdfs.server.namenode.sps.StoragePolicySatisfier;
import org.apache.hadoop.hdfs.server.sps.ExternalSPSContext;
import org.apache.hadoop.util.ToolRunner;

/**
 * What stock HDFS offers an operator for moving a file between storage types: set a storage policy, then let
 * {@code hdfs mover -p PATH} or the external Storage Policy Satisfier ({@code hdfs sps}, then
 * {@code hdfs storagepolicies -satisfyStoragePolicy -path PATH}) move the replicas. Both are run here as their
 * commands run them, in this JVM.
 */
final class StockMovers {
  /** The NameNode setting the external satisfier needs. */
  static final String SPS_MODE_KEY = "dfs.storage.policy.satisfier.mode";

  private StockMovers() {}

  /** {@code hdfs mover -p file} after {@code hdfs storagepolicies -setStoragePolicy}: runs until the Mover is done. */
  static void mover(DistributedFileSystem fs, Path file, String policy) throws Exception {
    fs.setStoragePolicy(file, policy);
    int exit = ToolRunner.run(new Configuration(fs.getConf()), new Mover.Cli(), new String[] {"-p",
        file.toUri().getPath()});
    if (exit != 0) {
      throw new IOException("hdfs mover -p " + file + " (policy " + policy + ") exited with " + exit);
    }
  }

  /** The external satisfier, started as {@code hdfs sps} starts it; holds the Mover's lock while it runs. */
  static final class Satisfier implements AutoCloseable {
    private final StoragePolicySatisfier sps;
    private final NameNodeConnector connector;

    Satisfier(Configuration conf) throws IOException {
      Collection<URI> nameNodes = DFSUtil.getInternalNsRpcUris(conf);
      List<NameNodeConnector> connectors = NameNodeConnector.newNameNodeConnectors(nameNodes,
          StoragePolicySatisfier.class.getSimpleName(), HdfsServerConstants.MOVER_ID_PATH, conf,
          NameNodeConnector.DEFAULT_MAX_IDLE_ITERATIONS);
      connector = connectors.get(0);
      sps = new StoragePolicySatisfier(conf);
      sps.init(new ExternalSPSContext(sps, connector));
      sps.start(StoragePolicySatisfierMode.EXTERNAL);
    }

    /** Sets the policy, asks for it to be satisfied and waits until every replica is on {@code type}. */
    void satisfy(DistributedFileSystem fs, Path file, String policy, StorageType type, Duration timeout) {
      try {
        fs.setStoragePolicy(file, policy);
        fs.satisfyStoragePolicy(file);
      } catch (IOException e) {
        throw new IllegalStateException("satisfyStoragePolicy " + file + " (" + policy + "): " + e.getMessage(), e);
      }
      EmbeddedCluster.waitFor(timeout, () -> allOn(fs, file, type),
          "the satisfier to move every replica of " + file + " to " + type);
    }

    @Override
    public void close() throws IOException {
      sps.stopGracefully();
      connector.close();
    }
  }

  /** True when every replica of every block of {@code file} is on {@code type}. */
  static boolean allOn(DistributedFileSystem fs, Path file, StorageType type) {
    try {
      BlockLocation[] blocks = fs.getFileBlockLocations(file, 0, Long.MAX_VALUE);
      return blocks.length > 0 && Arrays.stream(blocks).allMatch(b -> b.getStorageTypes().length > 0
          && Arrays.stream(b.getStorageTypes()).allMatch(t -> t == type));
    } catch (IOException e) {
      return false;
    }
  }
}
