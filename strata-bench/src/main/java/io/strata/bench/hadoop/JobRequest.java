package io.strata.bench.hadoop;

import java.util.Map;

/**
 * One run of one of Hadoop's jobs: which job, its HDFS paths, its size, and job settings on top of the cluster's.
 *
 * @param job    one of {@link HadoopJobs#NAMES}
 * @param input  the HDFS path the job reads (TestDFSIO: its base directory, {@code test.build.data})
 * @param output the HDFS path the job writes (TestDFSIO: unused)
 * @param bytes  TestDFSIO: bytes per file; TeraGen: bytes in all (100-byte rows); otherwise unused
 * @param count  TestDFSIO: files (one map each); TeraGen: maps; TeraSort: reducers; otherwise unused
 * @param conf   job settings, as {@code -D key=value} would give them
 */
public record JobRequest(String job, String input, String output, long bytes, int count, Map<String, String> conf) {
  public JobRequest {
    conf = Map.copyOf(conf);
  }
}
