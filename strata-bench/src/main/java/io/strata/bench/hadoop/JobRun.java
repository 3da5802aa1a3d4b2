package io.strata.bench.hadoop;

/**
 * What one job run measured.
 *
 * @param seconds           wall time from submission to completion, as the job client saw it
 * @param launchedMaps      MapReduce's TOTAL_LAUNCHED_MAPS counter
 * @param dataLocalMaps     DATA_LOCAL_MAPS: maps that ran on a host holding a replica of their split
 * @param throughputMBps    TestDFSIO's "Throughput mb/sec"; TeraGen/TeraSort: bytes over wall time; else 0
 * @param averageIoRateMBps TestDFSIO's "Average IO rate mb/sec" (the mean of each map's rate); else 0
 * @param outputLines       lines of the job's output (Grep, WordCount) or TeraValidate's report
 * @param outputDigest      SHA-256 of the sorted output lines (TeraValidate: its checksum), to compare runs
 */
public record JobRun(String job, double seconds, long launchedMaps, long dataLocalMaps, double throughputMBps,
    double averageIoRateMBps, long outputLines, String outputDigest) {}
