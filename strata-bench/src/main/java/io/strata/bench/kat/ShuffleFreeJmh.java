package io.strata.bench.kat;

import io.strata.hdfs.kat.mr.ShuffleFreeMapper;
import io.strata.workloads.kat.ZipfWords;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * CPU per map output record of the shuffle-free mode's map task, Hadoop's WordCount unchanged, over one partition
 * of Zipf words held in memory: WordCount's mapper alone (the floor every mode pays), the first aggregation
 * (cloned Writables in a sorted map), and the serialized table, fitting in its buffer and spilling. One operation
 * is one map task over {@link #TOKENS} words, including its final reduce; the score is per word.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class ShuffleFreeJmh {
  static final int TOKENS = 500_000;
  static final int WORDS_PER_LINE = 12;
  /** System property: where each benchmark writes its measured operations and CPU nanoseconds. */
  static final String CPU_REPORT_DIR = "strata.bench.cpu-report-dir";

  /** Distinct words the text draws from, as {@code strata bench kat} generates it. */
  @Param({"500000"})
  int vocabulary;

  @Param({"1.0"})
  double zipf;

  Text[] lines;
  Path localDir;
  private boolean measuring;
  private long iterationCpu;
  private long ops;
  private long measuredOps;
  private long measuredCpuNanos;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    ZipfWords words = new ZipfWords(vocabulary, zipf, 42);
    lines = new Text[TOKENS / WORDS_PER_LINE];
    StringBuilder line = new StringBuilder();
    for (int i = 0; i < lines.length; i++) {
      line.setLength(0);
      for (int w = 0; w < WORDS_PER_LINE; w++) {
        line.append(w == 0 ? "" : " ").append(words.next());
      }
      lines[i] = new Text(line.toString());
    }
    localDir = Files.createTempDirectory("strata-shuffle-free-jmh");
  }

  @TearDown(Level.Trial)
  public void tearDown(BenchmarkParams params) throws IOException {
    FileUtils.deleteQuietly(localDir.toFile());
    String cpuDir = System.getProperty(CPU_REPORT_DIR);
    if (cpuDir != null && measuredOps > 0) {
      String name = params.getBenchmark().substring(params.getBenchmark().lastIndexOf('.') + 1);
      Files.writeString(Path.of(cpuDir).resolve(name + ".cpu"), measuredOps + " " + measuredCpuNanos);
    }
  }

  /**
   * The process's CPU time (the task, GC, JIT) over the measurement iterations: on a machine other work shares,
   * CPU per word compares the variants where wall time would also count the time others took.
   */
  @Setup(Level.Iteration)
  public void startIteration(IterationParams params) {
    measuring = params.getType() == IterationType.MEASUREMENT;
    iterationCpu = processCpuNanos();
    ops = 0;
  }

  @TearDown(Level.Iteration)
  public void endIteration() {
    if (measuring) {
      measuredOps += ops;
      measuredCpuNanos += processCpuNanos() - iterationCpu;
    }
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  /** WordCount as the shuffle-free job configures it, with a table of {@code bufferMb}. */
  Configuration conf(int bufferMb) {
    Configuration conf = new Configuration(false);
    conf.setClass(ShuffleFreeMapper.MAPPER, WordCount.TokenizerMapper.class, Mapper.class);
    conf.setClass(ShuffleFreeMapper.COMBINER, WordCount.IntSumReducer.class, Reducer.class);
    conf.setClass(ShuffleFreeMapper.REDUCER, WordCount.IntSumReducer.class, Reducer.class);
    conf.setClass(ShuffleFreeMapper.MAP_OUTPUT_KEY, Text.class, Object.class);
    conf.setClass(ShuffleFreeMapper.MAP_OUTPUT_VALUE, IntWritable.class, Object.class);
    conf.setClass("mapreduce.map.output.key.class", Text.class, Object.class);
    conf.setClass("mapreduce.map.output.value.class", IntWritable.class, Object.class);
    conf.set("io.serializations", "org.apache.hadoop.io.serializer.WritableSerialization");
    conf.set("mapreduce.cluster.local.dir", localDir.toString());
    conf.setInt(ShuffleFreeMapper.BUFFER_MB, bufferMb);
    return conf;
  }

  @Benchmark
  @OperationsPerInvocation(TOKENS)
  public long wordCountMapperAlone() throws Exception {
    ops++;
    return InMemoryMapTask.run(new WordCount.TokenizerMapper(), conf(100), lines);
  }

  @Benchmark
  @OperationsPerInvocation(TOKENS)
  public long clonedTreeMap() throws Exception {
    ops++;
    return InMemoryMapTask.run(new ClonedTreeMapMapper<>(), conf(100), lines);
  }

  @Benchmark
  @OperationsPerInvocation(TOKENS)
  public long serializedTable() throws Exception {
    ops++;
    return InMemoryMapTask.run(new ShuffleFreeMapper<>(), conf(100), lines);
  }

  /** A 2 MiB table for a partition whose words need more: combined, then spilled and merged. */
  @Benchmark
  @OperationsPerInvocation(TOKENS)
  public long serializedTableSpilling() throws Exception {
    ops++;
    return InMemoryMapTask.run(new ShuffleFreeMapper<>(), conf(2), lines);
  }
}
