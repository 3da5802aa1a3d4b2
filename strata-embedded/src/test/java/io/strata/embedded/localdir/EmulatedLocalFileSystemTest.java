package io.strata.embedded.localdir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.pagecache.PageCacheSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmulatedLocalFileSystemTest {
  @TempDir
  Path dir;

  private static LocalFileSystem fileSystem() throws IOException {
    Configuration conf = new Configuration(false);
    LocalFileSystem fs = new EmulatedLocalFileSystem();
    fs.initialize(FileSystem.getDefaultUri(conf), conf);
    return fs;
  }

  @Test
  void bytesUnderADeviceAreCountedBySeveralHandlesOnItAndPositionedReadsPayASeek() throws Exception {
    Path root = dir.resolve("n1").resolve("hdd-1");
    // Fast enough that the test does not wait: what is checked is what the device was charged.
    LocalDevice.create(root, "n1/hdd", 10_000_000_000L, 10_000_000_000L, 1000);
    try (LocalFileSystem fs = fileSystem()) {
      assertTrue(fs.getRaw() instanceof RawLocalFileSystem, "MapReduce casts the raw file system");
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(root.resolve("usercache/spill0.out").toUri());
      byte[] data = new byte[100_000];
      new java.util.Random(1).nextBytes(data);
      try (FSDataOutputStream out = fs.getRaw().create(file)) {
        out.write(data);
      }
      byte[] back = new byte[data.length];
      byte[] part = new byte[4096];
      try (FSDataInputStream in = fs.getRaw().open(file)) {
        in.readFully(back);
        in.readFully(50_000, part);
      }
      assertArrayEquals(data, back);
      LocalDevice.Usage usage = LocalDevice.open(root.resolve(LocalDevice.STATE_FILE)).usage();
      assertEquals("n1/hdd", usage.device());
      assertEquals(data.length, usage.bytesWritten());
      assertTrue(usage.bytesRead() >= data.length + part.length, "read " + usage.bytesRead());
      // One for the new output stream, one for the first read, one for the positioned read in the middle.
      assertEquals(3, usage.positionings());
    }
  }

  @Test
  void withAPageCacheFreshDataIsReadFromMemoryAndADeletedSpillIsNeverWritten() throws Exception {
    Path node = dir.resolve("n1");
    NodePageCache cache = NodePageCache.create(node, PageCacheSettings.linuxDefaults(64L << 20));
    Path root = node.resolve("hdd-1");
    LocalDevice.create(root, "n1/hdd", 100_000_000L, 100_000_000L, 1000);
    try (LocalFileSystem fs = fileSystem()) {
      org.apache.hadoop.fs.Path spill = new org.apache.hadoop.fs.Path(root.resolve("spill0.out").toUri());
      org.apache.hadoop.fs.Path merged = new org.apache.hadoop.fs.Path(root.resolve("file.out").toUri());
      byte[] data = new byte[4 << 20]; // below the 6.4 MiB background limit: stays in memory
      new java.util.Random(1).nextBytes(data);
      try (FSDataOutputStream out = fs.getRaw().create(spill)) {
        out.write(data);
      }
      byte[] back = new byte[data.length];
      try (FSDataInputStream in = fs.getRaw().open(spill)) {
        in.readFully(back);
      }
      assertArrayEquals(data, back);
      // MapReduce turns a map's only spill into its output with File.renameTo, past every Hadoop file system.
      assertTrue(root.resolve("spill0.out").toFile().renameTo(root.resolve("file.out").toFile()));
      try (FSDataInputStream in = fs.getRaw().open(merged)) {
        in.readFully(back);
      }
      LocalDevice.Usage usage = LocalDevice.open(root.resolve(LocalDevice.STATE_FILE)).usage();
      assertEquals(0, usage.bytesWritten(), "dirty in memory, not written yet");
      assertEquals(0, usage.bytesRead(), "both reads hit, the second after a rename");
      assertTrue(fs.getRaw().delete(merged, false));
      assertEquals(data.length, cache.stats().droppedDirtyBytes());
      assertEquals(0, cache.stats().cachedBytes());
    }
  }

  @Test
  void withAPageCacheAWriteBeyondTheDirtyLimitWaitsForTheDevice() throws Exception {
    Path node = dir.resolve("n1");
    // 16 MiB of cache: 1.6 MiB background, 3.2 MiB dirty limit.
    NodePageCache.create(node, PageCacheSettings.linuxDefaults(16L << 20));
    Path root = node.resolve("hdd-1");
    LocalDevice.create(root, "n1/hdd", 100_000_000L, 100_000_000L, 1000);
    try (LocalFileSystem fs = fileSystem()) {
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(root.resolve("file.out").toUri());
      long start = System.nanoTime();
      try (FSDataOutputStream out = fs.getRaw().create(file)) {
        out.write(new byte[8 << 20]);
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      // 8 MiB less the 3.2 MiB the limit lets through at memory speed, at 100 MB/s: 50 ms at least.
      assertTrue(seconds > 0.045, "took " + seconds + " s");
      long written = LocalDevice.open(root.resolve(LocalDevice.STATE_FILE)).usage().bytesWritten();
      assertTrue(written >= (8 << 20) - (16L << 20) / 10 - 65536, "written back " + written);
    }
  }

  @Test
  void pathsOutsideEveryDeviceAreNotPacedOrCounted() throws Exception {
    Path device = dir.resolve("dev");
    LocalDevice.create(device, "dev", 1, 1, 0);
    try (LocalFileSystem fs = fileSystem()) {
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(dir.resolve("other/file").toUri());
      try (FSDataOutputStream out = fs.getRaw().create(file)) {
        out.write(new byte[1 << 20]); // at 1 byte/s this would never end if it were paced
      }
      assertEquals(1 << 20, Files.size(dir.resolve("other/file")));
      assertEquals(0, LocalDevice.open(device.resolve(LocalDevice.STATE_FILE)).usage().bytesWritten());
    }
  }

  @Test
  void aFileThatIsNoDeviceIsRefusedByName() throws Exception {
    Path bogus = dir.resolve(LocalDevice.STATE_FILE);
    Files.writeString(bogus, "x".repeat(400));
    IOException e = assertThrows(IOException.class, () -> LocalDevice.open(bogus));
    assertTrue(e.getMessage().contains("not a Strata device state file") && e.getMessage().contains(bogus.toString()),
        e.getMessage());
  }
}
