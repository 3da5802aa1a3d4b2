package io.strata.hdfs.kat.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.kat.PartitionMap;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.hdfs.kat.KatManifest;
import io.strata.workloads.kat.ZipfWords;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.WordCount;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shuffle-free mode's in-map aggregation, with Hadoop's WordCount unchanged under the local job runner over
 * KAT data on the local file system (no cluster: placement is not what is tested here): the output is exactly
 * the counts, whether the partition's keys fit in the buffer or spill to local disk, with a combiner or without.
 */
class ShuffleFreeMapperTest {
  @TempDir
  static Path temp;
  static org.apache.hadoop.fs.Path kat;
  static List<String> expected;

  /** 2 partitions of 80,000 Zipf words (about 30,000 distinct), laid out as an ingest writes them. */
  @BeforeAll
  static void writeKatData() throws IOException {
    PartitionMap map = PartitionMap.hashed(2);
    ZipfWords words = new ZipfWords(60_000, 0.6, 11);
    Map<String, Long> counts = new TreeMap<>();
    List<StringBuilder> partitions = List.of(new StringBuilder(), new StringBuilder());
    for (int i = 0; i < 80_000; i++) {
      String word = words.next();
      counts.merge(word, 1L, Long::sum);
      partitions.get(map.partitionOf(word)).append(word).append(i % 10 == 9 ? '\n' : ' ');
    }
    Path dir = temp.resolve("kat");
    for (int p = 0; p < 2; p++) {
      Path file = dir.resolve(String.format("p-%05d/b-00000", p));
      Files.createDirectories(file.getParent());
      Files.writeString(file, partitions.get(p).append('\n'));
    }
    KatManifest manifest = KatManifest.of("tokens", map, List.of("localhost", "localhost")).withBatch(
        new KatManifest.Batch(0, List.of("generated"), 8_000, 80_000, 0, 0, 0, null));
    try (Writer out = Files.newBufferedWriter(dir.resolve(KatManifest.FILE), StandardCharsets.UTF_8)) {
      new ObjectMapper().writeValue(out, manifest);
    }
    kat = new org.apache.hadoop.fs.Path(dir.toUri());
    expected = new ArrayList<>();
    counts.forEach((word, count) -> expected.add(word + "\t" + count));
    java.util.Collections.sort(expected);
  }

  private static Configuration local() {
    Configuration conf = new Configuration();
    conf.set("fs.defaultFS", "file:///");
    conf.set("mapreduce.framework.name", "local");
    conf.set("mapreduce.cluster.local.dir", temp.resolve("local").toString());
    conf.set("hadoop.tmp.dir", temp.resolve("tmp").toString());
    return conf;
  }

  /** WordCount as the examples jar builds it, in the shuffle-free mode; returns its SPILLED_RECORDS. */
  private static long wordCount(String name, Configuration conf, boolean combiner) throws Exception {
    Job job = Job.getInstance(conf, "word count");
    job.setMapperClass(WordCount.TokenizerMapper.class);
    if (combiner) {
      job.setCombinerClass(WordCount.IntSumReducer.class);
    }
    job.setReducerClass(WordCount.IntSumReducer.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(IntWritable.class);
    FileOutputFormat.setOutputPath(job, new org.apache.hadoop.fs.Path(temp.resolve(name).toUri()));
    KatJobs.shuffleFree(job, kat);
    assertTrue(job.waitForCompletion(false), name + " failed");
    List<String> output = ExampleJobs.outputLines(FileSystem.getLocal(conf),
        new org.apache.hadoop.fs.Path(temp.resolve(name).toUri()));
    assertEquals(expected, output, name);
    return job.getCounters().findCounter(TaskCounter.SPILLED_RECORDS).getValue();
  }

  @Test
  void wordCountGivesTheCountsWhenTheKeysFitInTheBuffer() throws Exception {
    assertEquals(0, wordCount("in-memory", local(), true));
  }

  @Test
  void aPartitionLargerThanTheBufferSpillsSortedRunsAndStillGivesTheCounts() throws Exception {
    Configuration conf = local();
    // Each partition holds more distinct words than 1 MiB of table (about 130 bytes a word) holds.
    conf.setInt(ShuffleFreeMapper.BUFFER_MB, 1);
    assertTrue(wordCount("spilled-combined", conf, true) > 0, "the combiner alone cannot make room");
    assertTrue(wordCount("spilled-no-combiner", conf, false) > 0);
  }
}
