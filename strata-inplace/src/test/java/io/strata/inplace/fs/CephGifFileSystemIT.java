package io.strata.inplace.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.config.ConfigException;
import io.strata.inplace.CephTestSupport;
import io.strata.inplace.ceph.LocalCephCluster;
import io.strata.inplace.gif.Gif;
import io.strata.inplace.gif.GifEntry;
import io.strata.inplace.gif.GifFiles;
import io.strata.inplace.rados.RadosPool;
import io.strata.inplace.scan.CephUri;
import io.strata.inplace.scan.GifScanner;
import io.strata.inplace.testbed.InPlaceTestbed;
import io.strata.inplace.testbed.TextObjects;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FsShell;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The cephgif:// FileSystem over a real Ceph cluster and a GIF in a real HDFS, through Hadoop's public API and
 * shell: listing, reading byte for byte, block locations and splits, localized reads measured on the OSDs, the
 * errors a user meets, and reads that survive a stopped OSD.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CephGifFileSystemIT {
  @TempDir
  static Path dir;
  static InPlaceTestbed testbed;
  static RadosPool pool;
  static Configuration conf;
  static Gif gif;
  static final Map<String, byte[]> CONTENT = new LinkedHashMap<>();
  static final String BOOKS = "cephgif://strata/books";

  @BeforeAll
  static void start() throws Exception {
    testbed = CephTestSupport.testbed(dir, InPlaceTestbed.Options.defaults());
    pool = testbed.pool();
    for (String name : TextObjects.write(pool, "books/", 24, 64 * 1024, 3)) {
      CONTENT.put(name, pool.readAll(name));
    }
    pool.writeFull("empty.txt", new byte[0]);
    pool.writeFull("deep/a/b/c.txt", "deep down\n".getBytes(StandardCharsets.UTF_8));
    conf = testbed.conf();
    FileSystem hdfs = testbed.hdfsFileSystem();
    GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata"), hdfs,
        new org.apache.hadoop.fs.Path("/strata/gif/strata.gif"), Clock.systemUTC());
    gif = GifFiles.read(hdfs, new org.apache.hadoop.fs.Path("/strata/gif/strata.gif"));
  }

  @AfterAll
  static void stop() throws IOException {
    if (testbed != null) {
      testbed.close();
    }
  }

  static FileSystem fs() throws IOException {
    return new org.apache.hadoop.fs.Path("cephgif://strata/").getFileSystem(conf);
  }

  static org.apache.hadoop.fs.Path path(String object) {
    return new org.apache.hadoop.fs.Path("cephgif://strata/" + object);
  }

  @Test
  @Order(1)
  void listsAndStatsFilesFromTheGif() throws Exception {
    FileSystem fs = fs();
    assertEquals(CephGifFileSystem.class, fs.getClass(), "found through the jar's service file");
    List<String> root = new ArrayList<>();
    for (FileStatus status : fs.listStatus(new org.apache.hadoop.fs.Path("cephgif://strata/"))) {
      root.add(status.getPath().getName() + (status.isDirectory() ? "/" : ""));
    }
    assertEquals(List.of("books/", "deep/", "empty.txt"), root);
    FileStatus[] books = fs.listStatus(new org.apache.hadoop.fs.Path(BOOKS));
    assertEquals(24, books.length);
    for (FileStatus status : books) {
      String object = "books/" + status.getPath().getName();
      assertTrue(status.isFile());
      assertEquals(CONTENT.get(object).length, status.getLen(), object);
      assertEquals(status.getLen(), status.getBlockSize(), "one block per object: " + object);
      assertEquals(2, status.getReplication());
      assertEquals(BOOKS + "/" + status.getPath().getName(), status.getPath().toString());
    }
    assertEquals(0, fs.getFileStatus(path("empty.txt")).getLen());
    assertTrue(fs.getFileStatus(path("deep/a")).isDirectory());
    assertEquals(24, fs.globStatus(new org.apache.hadoop.fs.Path(BOOKS + "/part-*.txt")).length);
    FileNotFoundException missing = assertThrows(FileNotFoundException.class,
        () -> fs.getFileStatus(path("books/nothing.txt")));
    assertTrue(missing.getMessage().contains("not in GIF hdfs://"), missing.getMessage());
  }

  @Test
  @Order(2)
  void readsEveryObjectInPlaceByteForByte() throws Exception {
    FileSystem fs = fs();
    for (Map.Entry<String, byte[]> object : CONTENT.entrySet()) {
      try (FSDataInputStream in = fs.open(path(object.getKey()))) {
        assertArrayEquals(object.getValue(), in.readAllBytes(), object.getKey());
      }
    }
    byte[] expected = CONTENT.get("books/part-00005.txt");
    try (FSDataInputStream in = fs.open(path("books/part-00005.txt"))) {
      byte[] middle = new byte[1000];
      in.readFully(40_000, middle);
      assertArrayEquals(Arrays.copyOfRange(expected, 40_000, 41_000), middle);
      in.seek(expected.length - 10);
      assertArrayEquals(Arrays.copyOfRange(expected, expected.length - 10, expected.length), in.readAllBytes());
      assertEquals(-1, in.read());
    }
    try (FSDataInputStream in = fs.open(path("empty.txt"))) {
      assertEquals(-1, in.read());
    }
  }

  @Test
  @Order(3)
  void blockLocationsAreTheReplicaHostsAndEveryObjectIsOneSplit() throws Exception {
    FileSystem fs = fs();
    for (GifEntry entry : gif.entries()) {
      if (!entry.fileName().startsWith("/books/")) {
        continue;
      }
      FileStatus status = fs.getFileStatus(path(entry.objectName()));
      BlockLocation[] blocks = fs.getFileBlockLocations(status, 0, status.getLen());
      assertEquals(1, blocks.length);
      assertEquals(0, blocks[0].getOffset());
      assertEquals(entry.size(), blocks[0].getLength());
      assertEquals(entry.hosts(), List.of(blocks[0].getHosts()), entry.fileName());
      assertEquals(CephTestSupport.monPlacement(testbed.rados(), "strata", entry.objectName()).hosts(),
          List.of(blocks[0].getHosts()), "what the monitors say about " + entry.objectName());
    }
    Job job = Job.getInstance(conf);
    FileInputFormat.setInputPaths(job, new org.apache.hadoop.fs.Path(BOOKS));
    List<InputSplit> splits = new TextInputFormat().getSplits(job);
    assertEquals(24, splits.size(), "one split per object");
    for (InputSplit split : splits) {
      FileSplit file = (FileSplit) split;
      GifEntry entry = gif.file(file.getPath().toUri().getPath()).orElseThrow();
      assertEquals(0, file.getStart());
      assertEquals(entry.size(), file.getLength());
      assertEquals(new HashSet<>(entry.hosts()), new HashSet<>(List.of(split.getLocations())), entry.fileName());
    }
  }

  @Test
  @Order(4)
  void hadoopsShellListsAndCatsInPlaceFiles() throws Exception {
    String listing = shell("-ls", BOOKS);
    assertTrue(listing.contains("Found 24 items"), listing);
    assertTrue(listing.contains(BOOKS + "/part-00023.txt"), listing);
    assertEquals("deep down\n", shell("-cat", "cephgif://strata/deep/a/b/c.txt"));
  }

  private static String shell(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream old = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    try {
      assertEquals(0, ToolRunner.run(conf, new FsShell(conf), args), String.join(" ", args));
    } finally {
      System.setOut(old);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  @Test
  @Order(5)
  void writesAreRefusedAndMisconfigurationIsExplained() throws Exception {
    IOException readOnly = assertThrows(IOException.class, () -> fs().create(path("new.txt")));
    assertTrue(readOnly.getMessage().contains("cephgif://strata is read-only"), readOnly.getMessage());

    FileNotFoundException noGif = assertThrows(FileNotFoundException.class,
        () -> new org.apache.hadoop.fs.Path("cephgif://nopool/").getFileSystem(conf).listStatus(
            new org.apache.hadoop.fs.Path("cephgif://nopool/")));
    assertTrue(noGif.getMessage().contains("no Global Information File for pool 'nopool'"), noGif.getMessage());
    assertTrue(noGif.getMessage().contains("strata scan ceph://nopool"), noGif.getMessage());

    Configuration wrong = new Configuration(conf);
    wrong.set(InPlaceKeys.CEPH_CONF_FILE, "/nonexistent/ceph.conf");
    try (FileSystem fs = FileSystem.newInstance(new URI("cephgif://strata/"), wrong)) {
      ConfigException bad = assertThrows(ConfigException.class, () -> fs.open(path("empty.txt")));
      assertEquals("strata.ceph.conf.file: no such file /nonexistent/ceph.conf", bad.getMessage());
    }
  }

  @Test
  @Order(6)
  void localizedReadsAreServedByTheReadersHost() throws Exception {
    Map<Integer, String> hostOf = CephTestSupport.osdHosts(testbed.rados());
    long expectedOnNode3 = 0;
    long total = 0;
    for (GifEntry entry : gif.entries()) {
      if (entry.fileName().startsWith("/books/")) {
        total += entry.size();
        if (entry.hosts().contains("node3")) {
          expectedOnNode3 += entry.size();
        }
      }
    }
    // Ceph's manager reads a few hundred bytes of its own now and then; an object here is 64 KiB.
    long backgroundSlack = 4096;
    Configuration onNode3 = new Configuration(conf);
    onNode3.set(InPlaceKeys.CLIENT_HOST, "node3");
    long servedByNode3 = 0;
    long servedByAll = 0;
    // A replica serves an object only once it knows the object's last write is complete everywhere, which it
    // learns from a later write to the placement group (settle); until then Ceph sends the read to the primary.
    // That knowledge travels asynchronously, so the measurement is repeated (at most three times) after settling.
    for (int attempt = 1; attempt <= 3; attempt++) {
      CephTestSupport.settle(testbed.rados(), pool);
      Map<Integer, Long> before = bytesReadPerOsd(hostOf.keySet());
      try (FileSystem fs = FileSystem.newInstance(new URI("cephgif://strata/"), onNode3)) {
        for (String object : CONTENT.keySet()) {
          try (FSDataInputStream in = fs.open(path(object))) {
            in.readAllBytes();
          }
        }
      }
      Map<Integer, Long> after = bytesReadPerOsd(hostOf.keySet());
      servedByAll = 0;
      for (int osd : hostOf.keySet()) {
        long delta = after.get(osd) - before.get(osd);
        servedByAll += delta;
        if ("node3".equals(hostOf.get(osd))) {
          servedByNode3 = delta;
        }
      }
      if (servedByNode3 >= expectedOnNode3) {
        break;
      }
      System.out.printf("attempt %d: node3's OSD served %d of the %d bytes of objects it holds; settling again%n",
          attempt, servedByNode3, expectedOnNode3);
      Thread.sleep(2000);
    }
    assertTrue(servedByAll >= total && servedByAll <= total + backgroundSlack, "the OSDs served " + servedByAll
        + " bytes for " + total + " read");
    assertTrue(servedByNode3 >= expectedOnNode3 && servedByNode3 <= expectedOnNode3 + backgroundSlack,
        "every object with a replica on node3 was read from node3's OSD: it served " + servedByNode3 + " bytes, the"
            + " objects it holds have " + expectedOnNode3);
    assertTrue(expectedOnNode3 < total - backgroundSlack, "objects without a replica on node3 were read too");
  }

  /** op_r_out_bytes of each OSD, from its admin socket (`ceph daemon osd.N perf dump`). */
  private static Map<Integer, Long> bytesReadPerOsd(Set<Integer> osds) throws Exception {
    Map<Integer, Long> bytes = new LinkedHashMap<>();
    for (int osd : osds) {
      Path socket = testbed.ceph().dir().resolve("run/osd." + osd + ".asok");
      Process process = new ProcessBuilder("ceph", "--admin-daemon", socket.toString(), "perf", "dump")
          .redirectErrorStream(true).start();
      byte[] out = process.getInputStream().readAllBytes();
      assertEquals(0, process.waitFor(), new String(out, StandardCharsets.UTF_8));
      bytes.put(osd, new ObjectMapper().readTree(out).path("osd").path("op_r_out_bytes").asLong());
    }
    return bytes;
  }

  @Test
  @Order(7)
  void objectsDeletedOrChangedAfterTheScanAreClearErrors() throws Exception {
    pool.remove("books/part-00003.txt");
    pool.writeFull("books/part-00004.txt", "shorter now\n".getBytes(StandardCharsets.UTF_8));
    FileSystem fs = fs();
    assertTrue(fs.exists(path("books/part-00003.txt")), "the GIF is trusted until the next scan, as in the paper");
    FileNotFoundException gone = assertThrows(FileNotFoundException.class, () -> fs.open(path("books/part-00003.txt")));
    assertTrue(gone.getMessage().contains("object 'books/part-00003.txt'"), gone.getMessage());
    assertTrue(gone.getMessage().contains("is listed in GIF hdfs://"), gone.getMessage());
    assertTrue(gone.getMessage().contains("/strata/gif/strata.gif"), gone.getMessage());
    assertTrue(gone.getMessage().contains("no longer exists in Ceph pool 'strata'"), gone.getMessage());
    IOException changed = assertThrows(IOException.class, () -> fs.open(path("books/part-00004.txt")));
    assertTrue(changed.getMessage().contains("object 'books/part-00004.txt' in pool 'strata' changed since it was"
        + " scanned"), changed.getMessage());
    CONTENT.remove("books/part-00003.txt");
    CONTENT.remove("books/part-00004.txt");
  }

  @Test
  @Order(8)
  void readsSurviveAStoppedOsdThroughTheOtherReplica() throws Exception {
    Map<Integer, String> hostOf = CephTestSupport.osdHosts(testbed.rados());
    int node1Osd = hostOf.entrySet().stream().filter(e -> e.getValue().equals("node1")).findFirst().orElseThrow()
        .getKey();
    long primariesOnNode1 = CONTENT.keySet().stream()
        .filter(o -> gif.file("/" + o).orElseThrow().hosts().get(0).equals("node1")).count();
    assertTrue(primariesOnNode1 > 0, "some objects have their primary on node1");
    // Killed, as in a crash: the monitors learn it from the other OSDs, and librados resends to the new primary.
    assertTrue(LocalCephCluster.stopOsd(testbed.ceph().dir(), node1Osd, true), "osd." + node1Osd + " was running");

    long started = System.nanoTime();
    try (FileSystem fs = FileSystem.newInstance(new URI("cephgif://strata/"), conf)) {
      for (Map.Entry<String, byte[]> object : CONTENT.entrySet()) {
        try (FSDataInputStream in = fs.open(path(object.getKey()))) {
          assertArrayEquals(object.getValue(), in.readAllBytes(), object.getKey());
        }
      }
    }
    double seconds = (System.nanoTime() - started) / 1e9;
    System.out.printf("read %d objects (%d with their primary on the killed node1) in %.1f s with osd.%d down%n",
        CONTENT.size(), primariesOnNode1, seconds, node1Osd);
    assertFalse(
        LocalCephCluster.livePids(testbed.ceph().dir()).stream().anyMatch(d -> d.startsWith("osd." + node1Osd)));
    var osdStat = new ObjectMapper()
        .readTree(testbed.rados().monCommand("{\"prefix\":\"osd stat\",\"format\":\"json\"}"));
    assertEquals(2, osdStat.path("num_up_osds").asInt(), "the monitors count the killed OSD as down: " + osdStat);
  }
}
