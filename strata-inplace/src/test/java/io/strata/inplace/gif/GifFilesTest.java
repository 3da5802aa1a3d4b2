package io.strata.inplace.gif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a GIF that a rescan replaces meanwhile. On HDFS a reader of the replaced file fails ("Blocklist ... has
 * changed"); the local file system keeps serving the old file, so a file system here fails the way HDFS does.
 */
class GifFilesTest {
  @TempDir
  java.nio.file.Path dir;

  /** Local files whose opens fail mid-read as HDFS's do once the file is replaced, after {@code beforeFailing}. */
  private static final class FailingReads extends FilterFileSystem {
    final AtomicInteger opens = new AtomicInteger();
    int failingOpens;
    Runnable beforeFailing = () -> {};

    FailingReads() throws IOException {
      super(FileSystem.getLocal(new Configuration()));
    }

    @Override
    public FSDataInputStream open(Path f, int bufferSize) throws IOException {
      if (opens.incrementAndGet() > failingOpens) {
        return super.open(f, bufferSize);
      }
      beforeFailing.run();
      return new FSDataInputStream(new FSInputStream() {
        @Override
        public int read() throws IOException {
          throw new IOException("Blocklist for " + f + " has changed!");
        }

        @Override
        public void seek(long pos) {}

        @Override
        public long getPos() {
          return 0;
        }

        @Override
        public boolean seekToNewSource(long targetPos) {
          return false;
        }
      });
    }
  }

  @Test
  void aGifReplacedWhileItIsReadIsReadAgainAndTheNewOneReturned() throws Exception {
    FailingReads fs = new FailingReads();
    Path path = new Path(dir.resolve("strata.gif").toUri());
    GifFiles.write(fs, path, GifCodecTest.gif(GifCodecTest.entry("old", 1, "node1")));
    Gif replacement = GifCodecTest.gif(GifCodecTest.entry("new", 2, "node2"), GifCodecTest.entry("more", 3, "node3"));
    fs.failingOpens = 1;
    fs.beforeFailing = () -> {
      try {
        Thread.sleep(5); // a later modification time than the file being read
        GifFiles.write(fs, path, replacement);
      } catch (IOException | InterruptedException e) {
        throw new IllegalStateException(e);
      }
    };
    Gif read = GifFiles.read(fs, path);
    assertEquals(2, read.header().objects(), "the new GIF");
    assertEquals(2, fs.opens.get());
  }

  @Test
  void aFailedReadOfAFileNobodyReplacedIsNotRetried() throws Exception {
    FailingReads fs = new FailingReads();
    Path path = new Path(dir.resolve("strata.gif").toUri());
    GifFiles.write(fs, path, GifCodecTest.gif(GifCodecTest.entry("old", 1, "node1")));
    fs.failingOpens = Integer.MAX_VALUE;
    IOException failed = assertThrows(IOException.class, () -> GifFiles.read(fs, path));
    assertEquals("Blocklist for " + path + " has changed!", failed.getMessage());
    assertEquals(1, fs.opens.get());
  }

  @Test
  void aMalformedGifIsNotRetried() throws Exception {
    FailingReads fs = new FailingReads();
    java.nio.file.Path file = Files.writeString(dir.resolve("bad.gif"), "not a GIF\n");
    Path path = new Path(file.toUri());
    assertThrows(GifFormatException.class, () -> GifFiles.read(fs, path));
    assertEquals(1, fs.opens.get());
  }
}
