package io.strata.embedded.hosts;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;

/**
 * A job client run by {@link HostYarnIT} in the root namespace with the cluster directory first on its class path:
 * Hadoop's WordCount (its mapper, combiner and reducer, set up as its {@code main} does) from {@code IN} to
 * {@code OUT}. Prints the job's locality counters ({@code NAME VALUE}) and, for every successful map, the host it
 * ran on ({@code map HOST}).
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
        JobCounter.RACK_LOCAL_MAPS)) {
      System.out.println(counter.name() + " " + job.getCounters().findCounter(counter).getValue());
    }
    List<TaskCompletionEvent> events = new ArrayList<>();
    for (TaskCompletionEvent[] batch = job.getTaskCompletionEvents(0, 100); batch.length > 0; batch = job
        .getTaskCompletionEvents(events.size(), 100)) {
      events.addAll(List.of(batch));
    }
    for (TaskCompletionEvent event : events) {
      if (event.isMapTask() && event.getStatus() == TaskCompletionEvent.Status.SUCCEEDED) {
        System.out.println("map " + URI.create(event.getTaskTrackerHttp()).getHost());
      }
    }
  }
}
