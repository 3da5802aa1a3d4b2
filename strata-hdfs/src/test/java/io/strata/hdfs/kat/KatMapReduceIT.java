package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.embedded.yarn.NamedNodeYarnCluster;
import io.strata.hdfs.kat.mr.KatJobs;
import io.strata.workloads.kat.ZipfWords;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop's WordCount and Grep, their mapper, combiner and reducer unchanged, over the same Zipf text stored
 * plainly and ingested by KAT, over a real HDFS: on a YARN cluster whose NodeManagers carry the DataNodes'
 * names, the drop-in mode; with Hadoop's local job runner, the shuffle-free mode. Each gives exactly the native
 * output.
 */
@Tag("long")
class KatMapReduceIT {
  private static final org.apache.hadoop.fs.Path PLAIN = new org.apache.hadoop.fs.Path("/text/plain");
  private static final org.apache.hadoop.fs.Path KAT = new org.apache.hadoop.fs.Path("/text/kat");
  /** Matches whole tokens only ("\\b": not the "w1" inside "ww1"), so the tokens key is Grep's key. */
  private static final String GREP = "\\bw1[0-9a-z]*";

  private static final StringBuilder TEXT = new StringBuilder();

  @TempDir
  static Path temp;
  static EmbeddedCluster cluster;
  static NamedNodeYarnCluster yarn;
  static DistributedFileSystem fs;
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    cluster = KatClusters.oneRack(temp.resolve("cluster"), List.of("n1", "n2", "n3"), "1GiB", Map.of());
    fs = cluster.fileSystem();
    ZipfWords words = new ZipfWords(20_000, 1.0, 7);
    for (int i = 0; i < 200_000; i++) {
      TEXT.append(words.next()).append(i % 12 == 11 ? '\n' : ' ');
    }
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(PLAIN, "words.txt"))) {
      out.write(TEXT.toString().getBytes(StandardCharsets.UTF_8));
    }
    KatIngest.run(fs, cluster.clientConf(), KatIngest.Options.of(List.of(PLAIN), KAT, "tokens", 3),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    yarn = NamedNodeYarnCluster.start(cluster.clientConf(), cluster.hosts(), temp.resolve("yarn"));
    conf = yarn.jobConf();
  }

  @AfterAll
  static void stop() {
    if (yarn != null) {
      yarn.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  private static List<String> output(String dir) throws Exception {
    return ExampleJobs.outputLines(fs, new org.apache.hadoop.fs.Path(dir));
  }

  /** The job configuration for Hadoop's local job runner: the same jobs over the same HDFS, in this JVM. */
  private static Configuration local() {
    Configuration local = new Configuration(cluster.clientConf());
    local.set("mapreduce.framework.name", "local");
    return local;
  }

  /** What the native WordCount writes (word TAB count), counted here with its tokenizer. */
  private static List<String> wordCounts() {
    Map<String, Long> counts = new TreeMap<>();
    for (String line : TEXT.toString().split("\n")) {
      StringTokenizer tokens = new StringTokenizer(line);
      while (tokens.hasMoreTokens()) {
        counts.merge(tokens.nextToken(), 1L, Long::sum);
      }
    }
    return sorted(counts.entrySet().stream().map(e -> e.getKey() + "\t" + e.getValue()));
  }

  /** What the native Grep writes (count TAB match), counted here with its regex. */
  private static List<String> grepCounts(String regex) {
    Map<String, Long> counts = new TreeMap<>();
    Matcher matcher = Pattern.compile(regex).matcher(TEXT);
    while (matcher.find()) {
      counts.merge(matcher.group(), 1L, Long::sum);
    }
    return sorted(counts.entrySet().stream().map(e -> e.getValue() + "\t" + e.getKey()));
  }

  private static List<String> sorted(Stream<String> lines) {
    List<String> list = new ArrayList<>(lines.toList());
    Collections.sort(list);
    return list;
  }

  /**
   * On YARN: the drop-in mode's WordCount counts what the native one counts, with one reducer per partition.
   * YARN jobs cost tens of seconds each on the shared CI machine, so this is the only one; the native output is
   * counted here, and the shuffle-free mode runs under the local job runner.
   */
  @Test
  void wordCountOnYarnInTheDropInModeGivesTheNativeOutput() throws Exception {
    ExampleJobs.Outcome dropIn = ExampleJobs.wordCount(conf, KAT, new org.apache.hadoop.fs.Path("/out/wc-dropin"),
        job -> KatJobs.dropIn(job, KAT));
    assertEquals(wordCounts(), output("/out/wc-dropin"));
    assertEquals(3, dropIn.launchedReduces(), "reduce partition i is ingest partition i");
    assertTrue(dropIn.dataLocalMaps() >= 1, dropIn.toString());
  }

  @Test
  void wordCountAndGrepShuffleFreeGiveTheNativeOutputWithNoReducers() throws Exception {
    ExampleJobs.wordCount(local(), KAT, new org.apache.hadoop.fs.Path("/out/wc-free"), job -> {
      KatJobs.shuffleFree(job, KAT);
      assertEquals(0, job.getNumReduceTasks());
    });
    assertEquals(wordCounts(), output("/out/wc-free"));
    assertEquals(3, fs.listStatus(new org.apache.hadoop.fs.Path("/out/wc-free"),
        p -> p.getName().startsWith("part-m-")).length, "one map per partition writes the output");

    ExampleJobs.grep(local(), KAT, new org.apache.hadoop.fs.Path("/out/grep-free"), GREP,
        job -> KatJobs.shuffleFree(job, KAT));
    assertFalse(grepCounts(GREP).isEmpty());
    assertEquals(grepCounts(GREP), output("/out/grep-free"));
  }

  @Test
  void grepWhoseMatchIsNotTheWholeTokenNeedsTheTokensRegexKeyFunction() throws Exception {
    // "w1" also matches inside the token "ww1", which the tokens key placed by its own name: the shuffle-free
    // counts of "w1" would then come from several partitions. tokens:REGEX keys each token by its match instead.
    String inner = "w1[0-9a-z]*";
    org.apache.hadoop.fs.Path byMatch = new org.apache.hadoop.fs.Path("/text/kat-grep");
    KatIngest.run(fs, cluster.clientConf(), KatIngest.Options.of(List.of(PLAIN), byMatch, "tokens:" + inner, 3),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    ExampleJobs.grep(local(), byMatch, new org.apache.hadoop.fs.Path("/out/grep-inner-free"), inner,
        job -> KatJobs.shuffleFree(job, byMatch));
    assertEquals(grepCounts(inner), output("/out/grep-inner-free"));
  }
}
