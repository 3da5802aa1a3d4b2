package io.strata.bench.hadoop;

import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;

/** A tiered HDFS with YARN that Hadoop's jobs run on: in one JVM, or as a cluster of hosts. */
interface BenchCluster extends AutoCloseable {
  /** "in-process" or "hosts", for tables and files. */
  String kind();

  /** A client of the cluster's HDFS, in this JVM. */
  FileSystem fileSystem();

  /** Has the NameNode order replicas for readers by {@code policy} from now on. */
  void useRetrieval(String policy) throws IOException;

  /** Runs one job to its end and returns what it measured; throws if it failed or its output is wrong. */
  JobRun run(JobRequest request) throws Exception;

  @Override
  void close();
}
