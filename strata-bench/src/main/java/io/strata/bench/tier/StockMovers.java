package io.strata.bench.tier;

import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSConfigKeys;
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
    // The Mover prints its progress to standard output, which carries the bench's table: send it to the log.
    PrintStream out = System.out;
    int exit;
    System.setOut(System.err);
    try {
      exit = ToolRunner.run(new Configuration(fs.getConf()), new Mover.Cli(), new String[] {"-p",
          file.toUri().getPath()});
    } finally {
      System.setOut(out);
    }
    if (exit != 0) {
      throw new IOException("hdfs mover -p " + file + " (policy " + policy + ") exited with " + exit);
    }
  }

  /** The external satisfier, started as {@code hdfs sps} starts it; holds the Mover's lock while it runs. */
  static final class Satisfier implements AutoCloseable {
    private final StoragePolicySatisfier sps;
    private final NameNodeConnector connector;

    Satisfier(Configuration clusterConf) throws IOException {
      Configuration conf = new Configuration(clusterConf);
      // How often the satisfier checks that the moves it asked for are done before it takes the request off the
      // file; until then the NameNode ignores a new request for the file. It does not change how fast blocks move.
      conf.setLong(DFSConfigKeys.DFS_STORAGE_POLICY_SATISFIER_RECHECK_TIMEOUT_MILLIS_KEY, 2_000);
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

    /**
     * Waits until the satisfier is done with every request: the NameNode takes a request off a file only then, and
     * silently ignores another one for the file until it has.
     */
    void settle(Duration timeout) {
      EmbeddedCluster.waitFor(timeout, () -> sps.processingQueueSize() == 0
          && sps.getAttemptedItemsMonitor().getAttemptedItemsCount() == 0, "the satisfier to finish its requests");
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
