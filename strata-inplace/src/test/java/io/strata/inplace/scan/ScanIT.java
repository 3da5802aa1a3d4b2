package io.strata.inplace.scan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.inplace.CephTestSupport;
import io.strata.inplace.gif.Gif;
import io.strata.inplace.gif.GifCodec;
import io.strata.inplace.gif.GifEntry;
import io.strata.inplace.gif.GifFiles;
import io.strata.inplace.gif.GifFormatException;
import io.strata.inplace.rados.RadosPool;
import io.strata.inplace.testbed.InPlaceTestbed;
import io.strata.inplace.testbed.TextObjects;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The scan against a real Ceph cluster, writing into a real HDFS: every GIF field checked against what Ceph's
 * monitors and librados say independently, then rescans that must see new, changed and deleted objects and
 * replace the GIF so that a concurrent reader never sees a partial one.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ScanIT {
  @TempDir
  static Path dir;
  static InPlaceTestbed testbed;
  static RadosPool pool;
  static FileSystem hdfs;
  static final org.apache.hadoop.fs.Path GIF = new org.apache.hadoop.fs.Path("/strata/gif/strata.gif");
  static final List<String> ODD = List.of("odd/with space.txt", "ünï/cödé.txt", "odd/tab\there.txt", "colon:name.txt");

  @BeforeAll
  static void start() throws Exception {
    testbed = CephTestSupport.testbed(dir, InPlaceTestbed.Options.defaults());
    pool = testbed.pool();
    hdfs = testbed.hdfsFileSystem();
    TextObjects.write(pool, "books/", 200, 4096, 1);
    for (String name : ODD) {
      pool.writeFull(name, ("text of " + name + "\n").getBytes(StandardCharsets.UTF_8));
    }
    // Names Hadoop cannot show: a leading slash, and an object that other objects use as a directory.
    pool.writeFull("/leading", "x".getBytes(StandardCharsets.UTF_8));
    pool.writeFull("shelf", "a file named like a directory".getBytes(StandardCharsets.UTF_8));
    pool.writeFull("shelf/book.txt", "in the directory".getBytes(StandardCharsets.UTF_8));
    // One object written by Ceph's own command-line tool, as users load data.
    Path file = dir.resolve("hello.txt");
    Files.writeString(file, "hello from the rados tool\n");
    Process rados = new ProcessBuilder("rados", "-c", testbed.ceph().confFile().toString(), "-p", "strata", "put",
        "cli/hello.txt", file.toString()).inheritIO().start();
    assertEquals(0, rados.waitFor());
  }

  @AfterAll
  static void stop() throws IOException {
    if (testbed != null) {
      testbed.close();
    }
  }

  static GifScanner.Registered scan() throws IOException {
    return GifScanner.scanAndWrite(testbed.rados(), CephUri.parse("ceph://strata"), hdfs, GIF, Clock.systemUTC());
  }

  @Test
  @Order(1)
  void everyFieldMatchesWhatCephSaysIndependently() throws Exception {
    GifScanner.Registered registered = scan();
    assertFalse(registered.result().diff().againstPrevious());

    // An ordinary HDFS file in the documented text format.
    FileStatus status = hdfs.getFileStatus(GIF);
    assertTrue(status.isFile());
    try (InputStream in = hdfs.open(GIF)) {
      String firstLine = new String(in.readNBytes(14), StandardCharsets.UTF_8);
      assertEquals(GifCodec.MAGIC + "\t1\n", firstLine);
    }
    Gif gif = GifFiles.read(hdfs, GIF);
    assertEquals(200 + ODD.size() + 2, gif.entries().size(), "books, odd names, cli/hello.txt, shelf/book.txt");
    assertEquals(2, registered.result().skipped().size(), registered.result().skipped().toString());
    assertTrue(registered.result().skipped().stream().anyMatch(s -> s.startsWith("/leading: empty path component")));
    assertTrue(registered.result().skipped().stream().anyMatch(s -> s.startsWith("shelf: other objects use it")));
    assertEquals("strata", gif.header().pool());
    assertEquals(2, gif.header().replication());
    assertEquals(testbed.rados().fsid(), gif.header().fsid());

    Set<String> hadoopNodes = new HashSet<>(testbed.hdfs().hosts());
    Set<String> blockNames = new HashSet<>();
    List<String> checked = new ArrayList<>(ODD);
    checked.add("cli/hello.txt");
    for (int i = 0; i < 200; i += 10) {
      checked.add(String.format("books/part-%05d.txt", i));
    }
    for (String object : checked) {
      GifEntry entry = gif.file("/" + object).orElseThrow(() -> new AssertionError(object + " missing from GIF"));
      CephTestSupport.MonPlacement fromMonitors = CephTestSupport.monPlacement(testbed.rados(), "strata", object);
      assertEquals(fromMonitors.pgid(), entry.pg(), object);
      assertEquals(fromMonitors.hosts(), entry.hosts(), object + ": replica hosts, primary first");
      RadosPool.ObjectStat stat = pool.stat(object);
      assertEquals(stat.size(), entry.size(), object);
      assertEquals(stat.mtimeSeconds(), entry.mtimeSeconds(), object);
      assertEquals("ceph://strata/" + object, entry.objectPath());
    }
    for (GifEntry entry : gif.entries()) {
      assertTrue(entry.blockName().matches("blk_[0-9]+"), entry.blockName());
      assertTrue(blockNames.add(entry.blockName()), "block names are unique: " + entry.blockName());
      assertEquals(2, entry.hosts().size(), entry.fileName());
      assertTrue(hadoopNodes.containsAll(entry.hosts()), "CRUSH hosts are Hadoop node names: " + entry.hosts());
    }
    assertEquals("hello from the rados tool\n".length(), gif.file("/cli/hello.txt").orElseThrow().size());
  }

  @Test
  @Order(2)
  void aRescanSeesNewChangedAndDeletedObjects() throws Exception {
    Gif before = GifFiles.read(hdfs, GIF);
    TextObjects.write(pool, "new/", 3, 100, 2);
    pool.writeFull("books/part-00007.txt", "rewritten, shorter\n".getBytes(StandardCharsets.UTF_8));
    pool.remove("books/part-00008.txt");
    pool.remove("books/part-00009.txt");

    GifScanner.Registered registered = scan();
    GifScanner.Diff diff = registered.result().diff();
    assertTrue(diff.againstPrevious());
    assertEquals(3, diff.added(), diff.examples().toString());
    assertEquals(1, diff.changed(), diff.examples().toString());
    assertEquals(2, diff.removed(), diff.examples().toString());
    assertEquals(before.entries().size() - 3, diff.unchanged());

    Gif after = GifFiles.read(hdfs, GIF);
    assertEquals("rewritten, shorter\n".length(), after.file("/books/part-00007.txt").orElseThrow().size());
    assertTrue(after.file("/books/part-00008.txt").isEmpty());
    assertTrue(after.file("/new/part-00002.txt").isPresent());
    // Unchanged objects keep their pre-calculated block names.
    assertEquals(before.file("/books/part-00100.txt").orElseThrow().blockName(),
        after.file("/books/part-00100.txt").orElseThrow().blockName());
    // Only the GIF is left in its directory: the new version was renamed over the old one.
    List<String> inDirectory = new ArrayList<>();
    for (FileStatus s : hdfs.listStatus(GIF.getParent())) {
      inDirectory.add(s.getPath().getName());
    }
    assertEquals(List.of("strata.gif"), inDirectory);
  }

  @Test
  @Order(3)
  void aConcurrentReaderAlwaysSeesAWholeGif() throws Exception {
    AtomicBoolean scanning = new AtomicBoolean(true);
    AtomicInteger reads = new AtomicInteger();
    List<String> problems = new ArrayList<>();
    Set<Long> counts = new HashSet<>();
    FileSystem readerFs = FileSystem.newInstance(hdfs.getUri(), hdfs.getConf());
    Thread reader = new Thread(() -> {
      while (scanning.get()) {
        try {
          Gif gif = GifFiles.read(readerFs, GIF);
          synchronized (counts) {
            counts.add(gif.header().objects());
          }
          reads.incrementAndGet();
        } catch (GifFormatException e) {
          synchronized (problems) {
            problems.add(e.getMessage());
          }
        } catch (IOException e) {
          synchronized (problems) {
            problems.add("read failed: " + e);
          }
        }
      }
    }, "gif-reader");
    reader.start();
    Set<Long> written = new HashSet<>();
    written.add(GifFiles.read(hdfs, GIF).header().objects());
    try {
      for (int round = 0; round < 6; round++) {
        TextObjects.write(pool, "round" + round + "/", 50, 64, round);
        written.add(scan().result().gif().header().objects());
      }
    } finally {
      scanning.set(false);
      reader.join();
      readerFs.close();
    }
    assertTrue(problems.isEmpty(), "a reader saw a broken GIF: " + problems);
    assertTrue(reads.get() > 6, "the reader read " + reads.get() + " times");
    assertTrue(written.containsAll(counts), "every GIF read is one the scanner wrote: read " + counts + ", wrote "
        + written.stream().sorted().collect(Collectors.toList()));
  }
}
