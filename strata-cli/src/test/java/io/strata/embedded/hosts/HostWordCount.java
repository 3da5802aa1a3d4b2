package io.strata.embedded.hosts;

import io.strata.embedded.yarn.TaskHosts;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A job client run by {@link HostYarnIT} in the root namespace with the cluster directory first on its class path:
 * Hadoop's WordCount (its mapper, combiner and reducer, set up as its {@code main} does) from {@code IN} to
 * {@code OUT}. Prints the job's locality counters ({@code NAME VALUE}) and, for every map and reduce, the host its
 * successful attempt ran on ({@code map HOST}, {@code reduce HOST}).
 *
 * <p>Usage: {@code HostWordCount IN OUT}.
 */
public final class HostWordCount {
  private HostWordCount() {}

  public static void main(String[] args) throws Exception {
    Job job = Job.getInstance(new Configuration(), "word count");
    job.setJarByClass(WordCount.class);
    job.setMapperClass(WordCount.TokenizerMapper.class);
    job.setCombinerClass(WordCount.IntSumReducer.class);
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    FileInputFormat.addInputPath(job, new Path(args[0]));
    FileOutputFormat.setOutputPath(job, new Path(args[1]));
    if (!job.waitForCompletion(false)) {
      System.err.println("the job failed: " + job.getStatus().getFailureInfo());
      System.exit(1);
    }
    for (JobCounter counter : List.of(JobCounter.TOTAL_LAUNCHED_MAPS, JobCounter.DATA_LOCAL_MAPS,
        JobCounter.RACK_LOCAL_MAPS, JobCounter.TOTAL_LAUNCHED_REDUCES)) {
      System.out.println(counter.name() + " " + job.getCounters().findCounter(counter).getValue());
    }
    TaskHosts hosts = TaskHosts.of(job);
    hosts.maps().forEach(host -> System.out.println("map " + host));
    hosts.reduces().forEach(host -> System.out.println("reduce " + host));
  }
}
