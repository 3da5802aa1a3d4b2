package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.kat.KeyFunctions;
import io.strata.core.kat.PartitionMap;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.kat.mr.KatInputFormat;
import io.strata.hdfs.kat.mr.KatJobs;
import io.strata.hdfs.kat.mr.KatPartitioner;
import io.strata.hdfs.kat.mr.KatPartitionInputFormat;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.server.balancer.BalancerCli;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * KAT's ingest, check and heal against a real HDFS of four DataNodes: malformed lines, an empty partition, a
 * refused key function, a DataNode that dies during an ingest, and a Balancer run that moves partitions off
 * their owners.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class KatIngestIT {
  @TempDir
  static Path temp;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static Configuration conf;

  @BeforeAll
  static void start() throws Exception {
    cluster = KatClusters.oneRack(temp.resolve("cluster"), List.of("h1", "h2", "h3", "h4"), "128MiB",
        Map.of("dfs.balancer.getBlocks.min-block-size", "1024", "dfs.balancer.moverThreads", "20"));
    fs = cluster.fileSystem();
    conf = cluster.clientConf();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static KatIngest.Result ingest(KatIngest.Options options) throws Exception {
    return KatIngest.run(fs, conf, options, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8));
  }

  private static org.apache.hadoop.fs.Path local(String name, String text) throws Exception {
    Path file = temp.resolve(name);
    Files.writeString(file, text);
    return new org.apache.hadoop.fs.Path(file.toUri());
  }

  /** Every line under DST's partition p. */
  private static List<String> lines(String dst, int p) throws Exception {
    List<String> lines = new ArrayList<>();
    org.apache.hadoop.fs.Path dir = KatManifest.partitionDir(new org.apache.hadoop.fs.Path(dst), p);
    for (FileStatus file : fs.listStatus(dir)) {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(file.getPath()),
          StandardCharsets.UTF_8))) {
        reader.lines().forEach(lines::add);
      }
    }
    return lines;
  }

  private static List<String> allLines(String dst, int partitions) throws Exception {
    List<String> all = new ArrayList<>();
    for (int p = 0; p < partitions; p++) {
      all.addAll(lines(dst, p));
    }
    Collections.sort(all);
    return all;
  }

  @Test
  @Order(1)
  void aMalformedLineFailsTheIngestNamingFileAndLineAndLeavesNothing() throws Exception {
    org.apache.hadoop.fs.Path src = local("bad.csv", "a,1\nb,2\nlonely\nc,3\n");
    ConfigException e = assertThrows(ConfigException.class, () -> ingest(KatIngest.Options.of(List.of(src),
        new org.apache.hadoop.fs.Path("/kat/bad"), "field:2:,", 2)));
    assertTrue(e.getMessage().startsWith(src + ":3: has 1 field(s), the key is field 2 (key function 'field:2:,')"),
        e.getMessage());
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/kat/bad/_kat.json")));
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/kat/bad/p-00000/b-00000")));
  }

  @Test
  @Order(2)
  void malformedLinesAreSkippedIntoRejectsCountedAndEveryOtherLineIsInItsKeysPartition() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 300; i++) {
      text.append("row").append(i).append(',').append("k").append(i % 17).append('\n');
      if (i == 100 || i == 200) {
        text.append("no comma here\n");
      }
    }
    text.append("bad \uFFFD byte,k1\n");
    org.apache.hadoop.fs.Path src = local("mixed.csv", text.toString());
    KatIngest.Result result = ingest(KatIngest.Options.of(List.of(src), new org.apache.hadoop.fs.Path("/kat/mixed"),
        "field:2:,", 3).withMalformed(MalformedPolicy.SKIP));
    assertEquals(3, result.batch().malformed());
    assertEquals(300, result.batch().records());
    List<String> rejects = new ArrayList<>();
    try (BufferedReader reader = new BufferedReader(new InputStreamReader(fs.open(new org.apache.hadoop.fs.Path(
        "/kat/mixed/_rejects/b-00000")), StandardCharsets.UTF_8))) {
      reader.lines().forEach(rejects::add);
    }
    assertEquals(List.of(src + ":102\thas 1 field(s), the key is field 2\tno comma here",
        src + ":203\thas 1 field(s), the key is field 2\tno comma here",
        src + ":303\tis not valid UTF-8\tbad \uFFFD byte,k1"), rejects);
    PartitionMap map = result.manifest().partitionMap();
    int total = 0;
    for (int p = 0; p < 3; p++) {
      for (String line : lines("/kat/mixed", p)) {
        assertEquals(p, map.partitionOf(line.split(",")[1]), line);
        total++;
      }
    }
    assertEquals(300, total);
    assertEquals("field:2:,", new String(fs.getXAttr(new org.apache.hadoop.fs.Path("/kat/mixed"),
        KatManifest.XATTR_KEY), StandardCharsets.UTF_8));
    assertEquals(result.blocks(), result.blocksOnOwner(), "every block has a replica on its owner");
  }

  @Test
  @Order(3)
  void anEmptyPartitionIsAnEmptyFileInPlaceAndGetsNoShuffleFreeSplit() throws Exception {
    org.apache.hadoop.fs.Path src = local("two-keys.txt", "x x x y y\nx y\n".repeat(50));
    KatIngest.Result result = ingest(KatIngest.Options.of(List.of(src), new org.apache.hadoop.fs.Path("/kat/two"),
        "tokens", 4));
    long empty = java.util.Arrays.stream(result.partitionBytes()).filter(b -> b == 0).count();
    assertEquals(2, empty, "two keys fill two of four partitions");
    KatCheck.Report report = KatCheck.check(fs, new org.apache.hadoop.fs.Path("/kat/two"));
    assertTrue(report.inPlace(), report.toString());

    Job job = Job.getInstance(conf);
    KatJobs.dropIn(job, new org.apache.hadoop.fs.Path("/kat/two"));
    assertEquals(4, job.getNumReduceTasks());
    List<InputSplit> splits = new KatInputFormat().getSplits(job);
    assertEquals(2, splits.size(), "one block in each non-empty partition, none for the empty ones");
    for (InputSplit split : splits) {
      int p = KatManifest.partitionOf(((FileSplit) split).getPath());
      assertEquals(List.of(result.manifest().owners().get(p)), List.of(split.getLocations()));
    }
    assertEquals(2, new KatPartitionInputFormat().getSplits(job).size());
    // Tokens of one line and partition stay together, so WordCount's tokenizer sees the same words.
    List<String> words = new ArrayList<>();
    for (String line : allLines("/kat/two", 4)) {
      words.addAll(List.of(line.split(" ")));
    }
    assertEquals(200, words.stream().filter("x"::equals).count());
    assertEquals(150, words.stream().filter("y"::equals).count());
  }

  @Test
  @Order(4)
  void aLaterIngestUsesTheRecordedMapAndRefusesAnotherKeyFunction() throws Exception {
    org.apache.hadoop.fs.Path more = local("more.txt", "x z\n");
    ConfigException e = assertThrows(ConfigException.class, () -> ingest(KatIngest.Options.of(List.of(more),
        new org.apache.hadoop.fs.Path("/kat/two"), "field:1: ", 0)));
    assertTrue(e.getMessage().contains("was ingested with key function 'tokens', this ingest asks for 'field:1: '"),
        e.getMessage());
    KatIngest.Result again = ingest(KatIngest.Options.of(List.of(more), new org.apache.hadoop.fs.Path("/kat/two"),
        "tokens", 0));
    assertFalse(again.newMap());
    assertEquals(2, again.manifest().batches().size());
    int x = again.manifest().partitionMap().partitionOf("x");
    assertTrue(lines("/kat/two", x).contains("x"), "the second batch's x is in x's partition");
    assertTrue(KeyFunctions.STANDARD.create(again.manifest().keyFunction()).splitsLines());
  }

  @Test
  @Order(5)
  void aDataNodeThatDiesDuringIngestLosesNoRecordAndHealGivesItsPartitionANewOwner() throws Exception {
    StringBuilder text = new StringBuilder();
    List<String> expected = new ArrayList<>();
    for (int i = 0; i < 40_000; i++) {
      String line = "k" + (i % 97) + "\tvalue " + i + " " + "x".repeat(40);
      text.append(line).append('\n');
      expected.add(line);
    }
    org.apache.hadoop.fs.Path src = local("dies.tsv", text.toString());
    AtomicBoolean stopped = new AtomicBoolean();
    String victim = "h2";
    KatIngest.Result result = ingest(KatIngest.Options.of(List.of(src), new org.apache.hadoop.fs.Path("/kat/dies"),
        "field:1", 4).withReplication((short) 2).withHook(lines -> {
          if (lines == 10_000 && stopped.compareAndSet(false, true)) {
            try {
              cluster.stopDataNode(victim);
            } catch (java.io.IOException e) {
              throw new java.io.UncheckedIOException(e);
            }
          }
        }));
    assertTrue(stopped.get());
    assertEquals(40_000, result.batch().records());
    Collections.sort(expected);
    assertEquals(expected, allLines("/kat/dies", 4), "every record is in DST once");

    KatCheck.Report before = KatCheck.check(fs, new org.apache.hadoop.fs.Path("/kat/dies"));
    int victimPartition = result.manifest().owners().indexOf(victim);
    assertFalse(before.states().get(victimPartition).inPlace(), before.toString());
    assertFalse(before.states().get(victimPartition).ownerLive());

    KatHeal.Result healed = KatHeal.heal(fs, conf, new org.apache.hadoop.fs.Path("/kat/dies"),
        new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    assertTrue(healed.failures().isEmpty(), healed.failures().toString());
    assertTrue(healed.newOwners().containsKey(victimPartition));
    assertTrue(healed.after().inPlace(), healed.after().toString());
    assertEquals(expected, allLines("/kat/dies", 4));
    cluster.restartDataNode(victim);
  }

  @Test
  @Order(6)
  void aBalancerRunMovesPartitionsOffTheirOwnersAndCheckAndHealFindAndRestoreThem() throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 240_000; i++) {
      text.append("key").append(i % 1000).append('\t').append("payload-").append(i).append(" ")
          .append("y".repeat(80)).append('\n');
    }
    org.apache.hadoop.fs.Path src = local("balance.tsv", text.toString());
    org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path("/kat/balance");
    KatIngest.Result result = ingest(KatIngest.Options.of(List.of(src), dst, "field:1", 3)
        .withReplication((short) 1));
    assertEquals(List.of("h1", "h2", "h3"), result.manifest().owners());
    assertTrue(KatCheck.check(fs, dst).inPlace());

    // h4 owns nothing and holds little: the Balancer moves blocks there, not knowing about partitions.
    assertEquals(0, BalancerCli.run(conf, "-threshold", "1"), "Balancer exit code");
    KatCheck.Report moved = KatCheck.check(fs, dst);
    assertTrue(moved.blocksOffOwner() > 0, "the Balancer moved no partition block: " + moved);

    KatHeal.Result healed = KatHeal.heal(fs, conf, dst, new PrintStream(new ByteArrayOutputStream(), true,
        StandardCharsets.UTF_8));
    assertTrue(healed.failures().isEmpty(), healed.failures().toString());
    assertEquals(moved.blocksOffOwner(), healed.blocksMoved());
    assertTrue(healed.after().inPlace(), healed.after().toString());
    assertEquals(240_000, allLines(dst.toString(), 3).size());
  }

  /** Bytes this JVM's HDFS clients have read (every DistributedFileSystem instance's). */
  @SuppressWarnings("deprecation")
  private static long hdfsBytesRead() {
    return org.apache.hadoop.fs.FileSystem.getStatistics("hdfs", DistributedFileSystem.class).getBytesRead();
  }

  /**
   * Issue 29: the drop-in job's every map task read and parsed the JSON manifest (megabytes for a large
   * vocabulary: 3.4 MB and over a second of a task's CPU for 200,000 keys) to build its partitioner, and the job
   * client read it three times, all of it crossing the hosts' links. Now the client reads the manifest's head
   * once, and the tasks load the compact map file that the job ships through the distributed cache, reading
   * nothing from HDFS.
   */
  @Test
  @Order(7)
  void aDropInJobReadsTheManifestOnceAndItsPartitionerLoadsTheCompactMapFromTheDistributedCache()
      throws Exception {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < 60_000; i++) {
      text.append('w').append(Integer.toString(i, 36)).append(i % 12 == 11 ? '\n' : ' ');
    }
    org.apache.hadoop.fs.Path src = local("many-keys.txt", text.toString());
    org.apache.hadoop.fs.Path dst = new org.apache.hadoop.fs.Path("/kat/many");
    KatIngest.Result result = ingest(KatIngest.Options.of(List.of(src), dst, "tokens", 3));
    PartitionMap map = result.manifest().partitionMap();
    assertEquals(60_000, map.assigned().size());
    long manifestBytes = fs.getFileStatus(KatManifest.file(dst)).getLen();
    long mapFileBytes = fs.getFileStatus(KatMapFile.file(dst)).getLen();
    assertTrue(mapFileBytes * 4 < manifestBytes, mapFileBytes + " B of map file against a manifest of "
        + manifestBytes + " B");

    long before = hdfsBytesRead();
    Job job = Job.getInstance(conf);
    KatJobs.dropIn(job, dst);
    assertEquals(3, new KatInputFormat().getSplits(job).size());
    long clientRead = hdfsBytesRead() - before;
    // The manifest's head only (the map comes last), and the map file's header: a client on a slow link must not
    // fetch the map.
    assertTrue(manifestBytes > 512 << 10, "the manifest is " + manifestBytes + " B");
    assertTrue(clientRead < 32 << 10, "setting up the job and its splits read " + clientRead
        + " B; the manifest is " + manifestBytes + " B");

    java.net.URI[] cached = job.getCacheFiles();
    assertEquals(1, cached.length);
    assertEquals(KatJobs.MAP_LINK, cached[0].getFragment());
    assertEquals(fs.makeQualified(KatMapFile.file(dst)).toUri().getPath(), cached[0].getPath());

    // A map task: the NodeManager localized the cached file into its working directory.
    Path localized = temp.resolve("localized-" + KatJobs.MAP_LINK);
    fs.copyToLocalFile(new org.apache.hadoop.fs.Path(cached[0].getPath()), new org.apache.hadoop.fs.Path(
        localized.toUri()));
    Configuration task = new Configuration(job.getConfiguration());
    task.set(KatPartitioner.MAP_LOCAL, localized.toString());
    before = hdfsBytesRead();
    KatPartitioner partitioner = org.apache.hadoop.util.ReflectionUtils.newInstance(KatPartitioner.class, task);
    assertEquals(0, hdfsBytesRead() - before, "the partitioner read HDFS");
    for (int i = 0; i < 60_000; i += 7) {
      String key = "w" + Integer.toString(i, 36);
      assertEquals(map.partitionOf(key), partitioner.getPartition(new org.apache.hadoop.io.Text(key), null, 3), key);
    }
    assertEquals(map.partitionOf("never-seen"), partitioner.getPartition(new org.apache.hadoop.io.Text("never-seen"),
        null, 3));
  }
}
