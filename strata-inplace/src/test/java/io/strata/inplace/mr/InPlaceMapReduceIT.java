package io.strata.inplace.mr;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.yarn.ExampleJobs;
import io.strata.inplace.CephTestSupport;
import io.strata.inplace.scan.CephUri;
import io.strata.inplace.scan.GifScanner;
import io.strata.inplace.testbed.InPlaceTestbed;
import io.strata.inplace.testbed.TextObjects;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringTokenizer;
import java.util.TreeMap;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof: Hadoop's own WordCount and Grep, unchanged, on a real YARN cluster whose NodeManagers are the Ceph
 * hosts, over text objects read in place from Ceph (cephgif://). Each job's output must be what the text the
 * objects were written with gives when counted here (an independent answer; running the job again over an HDFS
 * copy would add a job's start-up and prove no more), and the share of data-local map tasks is reported (and must
 * be a majority: each object is on 2 of the 3 nodes). {@code strata bench inplace} times both jobs in place
 * against over a copy.
 *
 * <p>Size: 6 objects of 8 MiB (48 MiB) by default. On a 2-core machine each of the three jobs (Grep is two) costs
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
  static final long SEED = 11;
  static final String IN_PLACE = "cephgif://strata/corpus";

  @BeforeAll
  static void start() throws Exception {
    testbed = CephTestSupport.testbed(dir, InPlaceTestbed.Options.defaults().withYarn(true));
    TextObjects.write(testbed.pool(), "corpus/", OBJECTS, OBJECT_MIB << 20, SEED);
    CephTestSupport.settle(testbed.rados(), testbed.pool());
    GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata/corpus/"), testbed.hdfsFileSystem(),
        new org.apache.hadoop.fs.Path("/strata/gif/strata.gif"), Clock.systemUTC());
  }

  @AfterAll
  static void stop() throws IOException {
    if (testbed != null) {
      testbed.close();
    }
  }

  @Test
  void wordCountAndGrepInPlaceGiveWhatTheWrittenTextGivesWithDataLocalMaps() throws Exception {
    Configuration conf = testbed.conf();
    FileSystem hdfs = testbed.hdfsFileSystem();
    org.apache.hadoop.fs.Path inPlace = new org.apache.hadoop.fs.Path(IN_PLACE);

    ExampleJobs.Outcome wcInPlace = ExampleJobs.wordCount(conf, inPlace,
        new org.apache.hadoop.fs.Path("/out/wc-inplace"));
    List<String> wordsInPlace = ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/wc-inplace"));
    assertFalse(wordsInPlace.isEmpty());
    assertEquals(wordCountOfTheWrittenText(), wordsInPlace, "WordCount in place and the words in the text written");

    String regex = "ka[a-z]*lo";
    ExampleJobs.Outcome grepInPlace = ExampleJobs.grep(conf, inPlace,
        new org.apache.hadoop.fs.Path("/out/grep-inplace"),
        regex);
    List<String> matchesInPlace = ExampleJobs.outputLines(hdfs, new org.apache.hadoop.fs.Path("/out/grep-inplace"));
    assertFalse(matchesInPlace.isEmpty());
    assertEquals(grepOfTheWrittenText(regex), matchesInPlace, "Grep in place and the matches in the text written");

    String report = String.join("\n",
        String.format(Locale.ROOT, "In-place MapReduce, %d text objects of %d MiB (%d MiB), pool of 2 replicas on"
            + " node1..node3, YARN NodeManagers node1..node3:", OBJECTS, OBJECT_MIB, OBJECTS * OBJECT_MIB),
        line("wordcount in place", wcInPlace), line("grep in place", grepInPlace),
        String.format(Locale.ROOT, "  outputs as the written text gives: wordcount %d lines, grep %d lines",
            wordsInPlace.size(), matchesInPlace.size()));
    System.out.println(report);
    Files.writeString(Path.of("target", "inplace-mapreduce-report.txt"), report + "\n");

    for (ExampleJobs.Outcome outcome : List.of(wcInPlace, grepInPlace)) {
      assertEquals(OBJECTS, outcome.launchedMaps(), "one map per object: " + outcome);
      assertTrue(outcome.dataLocalShare() > 0.5, "most maps ran where a replica is: " + outcome);
    }
  }

  /**
   * WordCount's output ("word TAB count" lines, here sorted) worked out from the text the objects were written with:
   * its mapper splits each line as {@link StringTokenizer} does by default.
   */
  private static List<String> wordCountOfTheWrittenText() {
    return countedInTheWrittenText(line -> Collections.list(new StringTokenizer(line)).stream().map(String.class::cast),
        (word, count) -> word + "\t" + count);
  }

  /**
   * Grep's output ("count TAB match" lines, here sorted) worked out from the text the objects were written with:
   * every match of the regex within a line (Grep's mapper reads lines and counts each find), summed by match.
   */
  private static List<String> grepOfTheWrittenText(String regex) {
    Pattern pattern = Pattern.compile(regex);
    return countedInTheWrittenText(line -> pattern.matcher(line).results().map(MatchResult::group),
        (match, count) -> count + "\t" + match);
  }

  /** What {@code finds} finds in each line of the written text, counted, as sorted output lines. */
  private static List<String> countedInTheWrittenText(Function<String, Stream<String>> finds,
      BiFunction<String, Long, String> outputLine) {
    Map<String, Long> counts = new TreeMap<>();
    for (String name : TextObjects.names("corpus/", OBJECTS)) {
      String text = new String(TextObjects.objectText(name, OBJECT_MIB << 20, SEED), StandardCharsets.US_ASCII);
      for (String textLine : text.split("\n")) {
        finds.apply(textLine).forEach(found -> counts.merge(found, 1L, Long::sum));
      }
    }
    List<String> lines = new ArrayList<>();
    counts.forEach((found, count) -> lines.add(outputLine.apply(found, count)));
    Collections.sort(lines);
    return lines;
  }

  private static String line(String what, ExampleJobs.Outcome o) {
    return String.format(Locale.ROOT, "  %-20s %6.1f s, %d maps: %d data-local (%.0f%%), %d rack-local, %d other",
        what, o.seconds(), o.launchedMaps(), o.dataLocalMaps(), 100 * o.dataLocalShare(), o.rackLocalMaps(),
        o.otherLocalMaps());
  }
}
