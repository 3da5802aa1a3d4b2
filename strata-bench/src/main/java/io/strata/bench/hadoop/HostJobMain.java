package io.strata.bench.hadoop;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.hadoop.mapred.JobConf;

/**
 * Runs one {@link JobRequest} (given as JSON) on the cluster whose client configuration (core-site, hdfs-site,
 * yarn-site, mapred-site) is on the class path, and prints its {@link JobRun} as one JSON line. The launcher of a
 * cluster of hosts starts this in its own JVM with the cluster's hosts file.
 */
public final class HostJobMain {
  private HostJobMain() {}

  public static void main(String[] args) throws Exception {
    ObjectMapper json = new ObjectMapper();
    JobRequest request = json.readValue(args[0], JobRequest.class);
    JobRun run = HadoopJobs.run(new JobConf(), request);
    System.out.println(json.writeValueAsString(run));
    System.out.flush();
    // Hadoop's client leaves non-daemon threads behind.
    System.exit(0);
  }
}
