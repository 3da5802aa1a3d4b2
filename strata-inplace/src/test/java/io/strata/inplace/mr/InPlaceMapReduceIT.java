package io.strata.inplace.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.inplace.CephTestSupport;
import io.strata.inplace.bench.InPlaceTestbed;
import io.strata.inplace.bench.TextObjects;
import io.strata.inplace.scan.CephUri;
import io.strata.inplace.scan.GifScanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof: Hadoop's own WordCount and Grep, unchanged, on a real YARN cluster whose NodeManagers are the Ceph
 * hosts, over text objects read in place from Ceph (cephgif://) and over a copy of the same objects in HDFS. The
 * outputs must be identical, and the share of data-local map tasks is reported (and must be a majority: each
 * object is on 2 of the 3 nodes).
 *
 * <p>Size: 6 objects of 8 MiB (48 MiB) by default. On a 2-core machine each of the six jobs (Grep is two) costs
 * tens of seconds of JVM and container start-up whatever the data size, so CI runs the smallest set that still
 * spreads objects over all three nodes; the same test at a few hundred MB:
 * {@code -Dstrata.it.objects=40 -Dstrata.it.objectMiB=8} (docs/bench-inplace.md has the figures measured that way).
 */
class InPlaceMapReduceIT {
  @TempDir
  static Path dir;
  static InPlaceTestbed testbed;
  static final int OBJECTS = Integer.getInteger("strata.it.objects", 6);
  static final int OBJECT_MIB = Integer.getInteger("strata.it.objectMiB", 8);
  static final String IN_PLACE = "cephgif://strata/corpus";
  static final String COPY = "/copy/corpus";

  @BeforeAll
  static void start() throws Exception {
    testbed = CephTestSupport.testbed(dir, InPlaceTestbed.Options.defaults().withYarn(true));
    TextObjects.write(testbed.pool(), "corpus/", OBJECTS, OBJECT_MIB << 20, 11);
    CephTestSupport.settle(testbed.rados(), testbed.pool());
    GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata/corpus/"), testbed.hdfsFileSystem(),
        new org.apache.hadoop.fs.Path("/strata/gif/strata.gif"), Clock.systemUTC());
    // The copy a stock Hadoop user would make first: `hdfs dfs -cp cephgif://strata/corpus /copy`.
    Configuration conf = testbed.conf();
    FileSystem cephgif = new org.apache.hadoop.fs.Path(IN_PLACE).getFileSystem(conf);
    FileUtil.copy(cephgif, new org.apache.hadoop.fs.Path(IN_PLACE), testbed.hdfsFileSystem(),
        new org.apache.hadoop.fs.Path(COPY), false, conf);
  }

  @AfterAll
  static void stop() throws IOException {
    if (testbed != null) {
      testbed.close();
    }
  }

  @Test
  void wordCountAndGrepGiveTheSameOutputInPlaceAsOverAnHdfsCopyWithDataLocalMaps() throws Exception {
    Configuration conf = testbed.conf();
    FileSystem hdfs = testbed.hdfsFileSystem();
    org.apache.hadoop.fs.Path inPlace = new org.apache.hadoop.fs.Path(IN_PLACE);
    org.apache.hadoop.fs.Path copy = new org.apache.hadoop.fs.Path(COPY);

    ExampleJobs.Outcome wcInPlace = ExampleJobs.wordCount(conf, inPlace, new org.apache.hadoop.fs.Path("/out/wc-inplace"));
    ExampleJobs.Outcome wcCopy = ExampleJobs.wordCount(conf, copy, new org.apache.hadoop.fs.Path("/out/wc-copy"));
    List<String> wordsInPlace = ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/wc-inplace"));
    List<String> wordsCopy = ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/wc-copy"));
    assertFalse(wordsInPlace.isEmpty());
    assertEquals(wordsCopy, wordsInPlace, "WordCount in place and over the HDFS copy");

    String regex = "ka[a-z]*lo";
    ExampleJobs.Outcome grepInPlace = ExampleJobs.grep(conf, inPlace, new org.apache.hadoop.fs.Path("/out/grep-inplace"),
        regex);
    ExampleJobs.Outcome grepCopy = ExampleJobs.grep(conf, copy, new org.apache.hadoop.fs.Path("/out/grep-copy"), regex);
    List<String> matchesInPlace = ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/grep-inplace"));
    assertFalse(matchesInPlace.isEmpty());
    assertEquals(ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/grep-copy")), matchesInPlace,
        "Grep in place and over the HDFS copy");

    String report = String.join("\n",
        String.format(Locale.ROOT, "In-place MapReduce, %d text objects of %d MiB (%d MiB), pool of 2 replicas on"
            + " node1..node3, YARN NodeManagers node1..node3:", OBJECTS, OBJECT_MIB, OBJECTS * OBJECT_MIB),
        line("wordcount in place", wcInPlace), line("wordcount HDFS copy", wcCopy),
        line("grep in place", grepInPlace), line("grep HDFS copy", grepCopy),
        String.format(Locale.ROOT, "  outputs identical: wordcount %d lines, grep %d lines", wordsInPlace.size(),
            matchesInPlace.size()));
    System.out.println(report);
    Files.writeString(Path.of("target", "inplace-mapreduce-report.txt"), report + "\n");

    for (ExampleJobs.Outcome outcome : List.of(wcInPlace, grepInPlace)) {
      assertEquals(OBJECTS, outcome.launchedMaps(), "one map per object: " + outcome);
      assertTrue(outcome.dataLocalShare() > 0.5, "most maps ran where a replica is: " + outcome);
    }
  }

  private static String line(String what, ExampleJobs.Outcome o) {
    return String.format(Locale.ROOT, "  %-20s %6.1f s, %d maps: %d data-local (%.0f%%), %d rack-local, %d other",
        what, o.seconds(), o.launchedMaps(), o.dataLocalMaps(), 100 * o.dataLocalShare(), o.rackLocalMaps(),
        o.otherLocalMaps());
  }
}
