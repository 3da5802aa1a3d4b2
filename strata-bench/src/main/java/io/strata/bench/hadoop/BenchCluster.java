package io.strata.bench.hadoop;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;

/** A tiered HDFS with YARN that Hadoop's jobs run on: in one JVM, or as a cluster of hosts. */
interface BenchCluster extends AutoCloseable {
  /** "in-process" or "hosts", for tables and files. */
  String kind();

  /** A client of the cluster's HDFS, in this JVM. */
  FileSystem fileSystem();

  /**
   * Has the NameNode, with Strata's plugin, order replicas for readers by {@code policy} from now on; restarts it
   * with the plugin after {@link #useStock()}.
   */
  void useRetrieval(String policy) throws IOException;

  /**
   * Has stock HDFS serve from now on: the NameNode restarted without Strata's plugin and with HDFS's own
   * read-ordering switches on ({@link io.strata.bench.retrieval.RetrievalBenchmark#STOCK_BEST_CONF}); nothing when it
   * already does.
   */
  void useStock() throws IOException;

  /** Runs one job to its end and returns what it measured; throws if it failed or its output is wrong. */
  JobRun run(JobRequest request) throws Exception;

  @Override
  void close();
}
