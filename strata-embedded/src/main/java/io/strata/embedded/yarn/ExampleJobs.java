package io.strata.embedded.yarn;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.reflect.Constructor;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.Grep;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Cluster;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.FileSystemCounter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.util.Tool;
import org.apache.hadoop.util.ToolRunner;

/**
 * Hadoop's own WordCount, Grep and TeraSort (hadoop-mapreduce-examples 3.4.2), run unchanged over any input path,
 * with the numbers the comparisons need: wall time, where the map tasks ran, and the intermediate bytes.
 */
public final class ExampleJobs {
  private ExampleJobs() {}

  /**
   * A finished job (for Grep, its search job, the one that reads the input; the seconds cover both jobs).
   * Locality counts come from MapReduce's job counters: data-local maps ran on a host holding a replica of
   * their split, rack-local ones on another host of the rack.
   */
  public record Outcome(String name, double seconds, long launchedMaps, long dataLocalMaps, long rackLocalMaps,
      long otherLocalMaps, long launchedReduces, IntermediateBytes intermediate) {

    public Outcome(String name, double seconds, long launchedMaps, long dataLocalMaps, long rackLocalMaps,
        long otherLocalMaps) {
      this(name, seconds, launchedMaps, dataLocalMaps, rackLocalMaps, otherLocalMaps, 0, IntermediateBytes.NONE);
    }

    /** MapReduce's REDUCE_SHUFFLE_BYTES: what reducers fetched, across nodes or not. */
    public long reduceShuffleBytes() {
      return intermediate.shuffled();
    }

    /** MapReduce's MAP_OUTPUT_MATERIALIZED_BYTES: map output as written to local disks. */
    public long mapOutputMaterializedBytes() {
      return intermediate.mapOutputMaterialized();
    }

    public double dataLocalShare() {
      return launchedMaps == 0 ? 0 : (double) dataLocalMaps / launchedMaps;
    }
  }

  /**
   * What the job moved through local disks, from MapReduce's counters: map outputs as written (compressed, with
   * their checksums), bytes reducers fetched in the shuffle, and all bytes tasks wrote to and read from the local
   * file system (spills, merges and map outputs).
   */
  public record IntermediateBytes(long mapOutputMaterialized, long shuffled, long localWritten, long localRead) {
    public static final IntermediateBytes NONE = new IntermediateBytes(0, 0, 0, 0);
  }

  /** TeraGen through its Tool interface: {@code rows} 100-byte rows into {@code output}, by {@code maps} maps. */
  public static Outcome teraGen(Configuration conf, long rows, int maps, Path output) throws Exception {
    long started = System.nanoTime();
    Configuration jobConf = new Configuration(conf);
    jobConf.setInt(MRJobConfig.NUM_MAPS, maps);
    int exit = ToolRunner.run(jobConf, new TeraGen(), new String[] {Long.toString(rows), output.toString()});
    if (exit != 0) {
      throw new IOException("TeraGen into " + output + " exited with " + exit);
    }
    return outcome("teragen", started, latestJobCounters(jobConf, "TeraGen"));
  }

  /** TeraSort through its Tool interface, with {@code reduces} reducers. */
  public static Outcome teraSort(Configuration conf, Path input, Path output, int reduces) throws Exception {
    long started = System.nanoTime();
    Configuration jobConf = new Configuration(conf);
    jobConf.setInt(MRJobConfig.NUM_REDUCES, reduces);
    int exit = ToolRunner.run(jobConf, new TeraSort(), new String[] {input.toString(), output.toString()});
    if (exit != 0) {
      throw new IOException("TeraSort over " + input + " exited with " + exit);
    }
    return outcome("terasort", started, latestJobCounters(jobConf, "TeraSort"));
  }

  /** Changes a job after it is set up as the example sets it up (e.g. KAT's modes), before it is submitted. */
  @FunctionalInterface
  public interface JobSetup {
    void apply(Job job) throws IOException;
  }

  /** WordCount as the examples jar defines it (its main() exits the JVM, so the job is built here the same way). */
  public static Outcome wordCount(Configuration conf, Path input, Path output) throws Exception {
    return wordCount(conf, input, output, job -> {});
  }

  /** WordCount with its unchanged mapper, combiner and reducer, the job then changed by {@code setup}. */
  public static Outcome wordCount(Configuration conf, Path input, Path output, JobSetup setup) throws Exception {
    long started = System.nanoTime();
    Job job = wordCountJob(conf, input, output);
    setup.apply(job);
    if (!job.waitForCompletion(false)) {
      throw new IOException("WordCount over " + input + " failed: " + job.getStatus().getFailureInfo());
    }
    return outcome("wordcount", started, job.getCounters());
  }

  /**
   * WordCount's job as the examples jar builds it (mapper, combiner, reducer, output types), input directories read
   * recursively, not yet submitted: for a caller that watches the job while it runs.
   */
  public static Job wordCountJob(Configuration conf, Path input, Path output) throws IOException {
    Job job = Job.getInstance(conf, "word count");
    job.setJarByClass(WordCount.class);
    job.setMapperClass(WordCount.TokenizerMapper.class);
    job.setCombinerClass(WordCount.IntSumReducer.class);
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    FileInputFormat.addInputPath(job, input);
    FileInputFormat.setInputDirRecursive(job, true);
    FileOutputFormat.setOutputPath(job, output);
    return job;
  }

  /**
   * Grep's two jobs built exactly as {@link Grep#run} builds them (search: RegexMapper, LongSumReducer as
   * combiner and reducer, a SequenceFile of counts; sort: InverseMapper, one reducer, decreasing counts), with
   * the search job changed by {@code searchSetup}. The counters are the search job's.
   */
  public static Outcome grep(Configuration conf, Path input, Path output, String regex, JobSetup searchSetup)
      throws Exception {
    long started = System.nanoTime();
    Configuration jobConf = new Configuration(conf);
    jobConf.set(org.apache.hadoop.mapreduce.lib.map.RegexMapper.PATTERN, regex);
    Path temp = new Path(output.getParent() == null ? new Path("/") : output.getParent(),
        "grep-temp-" + Integer.toString(new java.util.Random().nextInt(Integer.MAX_VALUE)));
    FileSystem fs = temp.getFileSystem(jobConf);
    try {
      Job search = Job.getInstance(jobConf);
      search.setJobName("grep-search");
      search.setJarByClass(Grep.class);
      FileInputFormat.setInputPaths(search, input);
      FileInputFormat.setInputDirRecursive(search, true);
      search.setMapperClass(org.apache.hadoop.mapreduce.lib.map.RegexMapper.class);
      search.setCombinerClass(org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer.class);
      search.setReducerClass(org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer.class);
      FileOutputFormat.setOutputPath(search, temp);
      search.setOutputFormatClass(org.apache.hadoop.mapreduce.lib.output.SequenceFileOutputFormat.class);
      search.setOutputKeyClass(Text.class);
      search.setOutputValueClass(org.apache.hadoop.io.LongWritable.class);
      searchSetup.apply(search);
      if (!search.waitForCompletion(false)) {
        throw new IOException("Grep's search over " + input + " failed: " + search.getStatus().getFailureInfo());
      }
      Job sort = Job.getInstance(jobConf);
      sort.setJobName("grep-sort");
      sort.setJarByClass(Grep.class);
      FileInputFormat.setInputPaths(sort, temp);
      sort.setInputFormatClass(org.apache.hadoop.mapreduce.lib.input.SequenceFileInputFormat.class);
      sort.setMapperClass(org.apache.hadoop.mapreduce.lib.map.InverseMapper.class);
      sort.setNumReduceTasks(1);
      FileOutputFormat.setOutputPath(sort, output);
      sort.setSortComparatorClass(org.apache.hadoop.io.LongWritable.DecreasingComparator.class);
      if (!sort.waitForCompletion(false)) {
        throw new IOException("Grep's sort over " + temp + " failed: " + sort.getStatus().getFailureInfo());
      }
      return outcome("grep", started, search.getCounters());
    } finally {
      fs.delete(temp, true);
    }
  }

  /**
   * Grep through its Tool interface ({@code grep IN OUT REGEX}); its constructor is private, hence reflection.
   * Grep runs a search job and a sort job; the search job's counters are looked up by name afterwards.
   */
  public static Outcome grep(Configuration conf, Path input, Path output, String regex) throws Exception {
    long started = System.nanoTime();
    Configuration jobConf = new Configuration(conf);
    jobConf.setBoolean(FileInputFormat.INPUT_DIR_RECURSIVE, true);
    Constructor<Grep> constructor = Grep.class.getDeclaredConstructor();
    constructor.setAccessible(true);
    int exit = ToolRunner.run(jobConf, constructor.newInstance(), new String[] {input.toString(), output.toString(),
        regex});
    if (exit != 0) {
      throw new IOException("Grep over " + input + " exited with " + exit);
    }
    Counters counters = latestJobCounters(jobConf, "grep-search");
    return outcome("grep", started, counters);
  }

  /**
   * Any of Hadoop's Tool jobs (TestDFSIO, TeraGen, TeraSort, TeraValidate, ...) through {@link ToolRunner}, unchanged,
   * with the counters of the latest job it started; a Tool that exits with other than 0 fails.
   */
  public static Outcome tool(Configuration conf, String name, Tool tool, String... args) throws Exception {
    long started = System.nanoTime();
    long startedMillis = System.currentTimeMillis();
    Configuration jobConf = new Configuration(conf);
    int exit = ToolRunner.run(jobConf, tool, args);
    if (exit != 0) {
      throw new IOException(name + " " + String.join(" ", args) + " exited with " + exit);
    }
    // Job start times come from the ResourceManager's clock, which is this machine's: 1 s of slack is plenty.
    return outcome(name, started, latestJobCounters(jobConf, s -> s.getStartTime() >= startedMillis - 1000));
  }

  /** The counters of the latest job called {@code jobName}, from the cluster (none under the local job runner). */
  private static Counters latestJobCounters(Configuration conf, String jobName)
      throws IOException, InterruptedException {
    return latestJobCounters(conf, s -> jobName.equals(s.getJobName()));
  }

  /** The counters of the latest job that {@code which} accepts, from the cluster (none under the local runner). */
  private static Counters latestJobCounters(Configuration conf, java.util.function.Predicate<JobStatus> which)
      throws IOException, InterruptedException {
    if (!"yarn".equals(conf.get("mapreduce.framework.name"))) {
      return null;
    }
    Cluster cluster = new Cluster(conf);
    try {
      JobStatus latest = Arrays.stream(cluster.getAllJobStatuses()).filter(which)
          .max(Comparator.comparingLong(JobStatus::getStartTime)).orElse(null);
      return latest == null ? null : cluster.getJob(latest.getJobID()).getCounters();
    } finally {
      cluster.close();
    }
  }

  private static Outcome outcome(String name, long startedNanos, Counters counters) {
    double seconds = (System.nanoTime() - startedNanos) / 1e9;
    if (counters == null) {
      return new Outcome(name, seconds, 0, 0, 0, 0);
    }
    IntermediateBytes intermediate = new IntermediateBytes(
        counters.findCounter(TaskCounter.MAP_OUTPUT_MATERIALIZED_BYTES).getValue(),
        counters.findCounter(TaskCounter.REDUCE_SHUFFLE_BYTES).getValue(),
        counters.findCounter("file", FileSystemCounter.BYTES_WRITTEN).getValue(),
        counters.findCounter("file", FileSystemCounter.BYTES_READ).getValue());
    return new Outcome(name, seconds, counters.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue(),
        counters.findCounter(JobCounter.DATA_LOCAL_MAPS).getValue(),
        counters.findCounter(JobCounter.RACK_LOCAL_MAPS).getValue(),
        counters.findCounter(JobCounter.OTHER_LOCAL_MAPS).getValue(),
        counters.findCounter(JobCounter.TOTAL_LAUNCHED_REDUCES).getValue(), intermediate);
  }

  /** All lines of a job's output files (part-*), sorted, to compare two runs' results. */
  public static List<String> outputLines(FileSystem fs, Path output) throws IOException {
    List<String> lines = new ArrayList<>();
    for (FileStatus status : fs.listStatus(output, p -> p.getName().startsWith("part-"))) {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(status.getPath()),
          StandardCharsets.UTF_8))) {
        String line;
        while ((line = reader.readLine()) != null) {
          lines.add(line);
        }
      }
    }
    Collections.sort(lines);
    return lines;
  }
}
