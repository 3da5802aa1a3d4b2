package io.strata.inplace.gif;

import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/** Reading a GIF from, and writing one into, any Hadoop file system (HDFS in practice). */
public final class GifFiles {
  /** Reads of a GIF that rescans keep replacing before one is given up. */
  static final int READS_WHEN_REPLACED = 5;

  private GifFiles() {}

  /**
   * Writes the GIF as an ordinary file: first to a hidden file beside {@code target}, then renamed over it in
   * one step, so a reader sees the old GIF or the new one, never a half-written file.
   */
  public static void write(FileSystem fs, Path target, Gif gif) throws IOException {
    Path qualified = fs.makeQualified(target);
    Path parent = qualified.getParent();
    fs.mkdirs(parent);
    Path temporary = new Path(parent, "." + qualified.getName() + ".tmp-" + UUID.randomUUID());
    try {
      try (FSDataOutputStream out = fs.create(temporary, false)) {
        GifCodec.write(gif, out);
      }
      FileContext.getFileContext(qualified.toUri(), fs.getConf()).rename(temporary, qualified,
          Options.Rename.OVERWRITE);
    } catch (IOException | RuntimeException e) {
      fs.delete(temporary, false);
      throw e;
    }
  }

  /**
   * Reads the GIF. A rescan that renames a new GIF over the one being read can make the read fail (HDFS:
   * "Blocklist ... has changed"); the new one is then read instead, up to {@value #READS_WHEN_REPLACED} times.
   * A failure of a file that was not replaced, or a malformed GIF, is thrown as it is.
   */
  public static Gif read(FileSystem fs, Path path) throws IOException {
    Path qualified = fs.makeQualified(path);
    for (int attempt = 1;; attempt++) {
      FileStatus opened = fs.getFileStatus(qualified);
      try (InputStream in = fs.open(qualified)) {
        return GifCodec.read(in, qualified.toString());
      } catch (GifFormatException e) {
        throw e;
      } catch (IOException e) {
        if (attempt == READS_WHEN_REPLACED || !replaced(fs, qualified, opened)) {
          throw e;
        }
      }
    }
  }

  /** Whether the file at {@code path} is no longer the one {@code opened} described. */
  private static boolean replaced(FileSystem fs, Path path, FileStatus opened) {
    try {
      FileStatus now = fs.getFileStatus(path);
      return now.getModificationTime() != opened.getModificationTime() || now.getLen() != opened.getLen();
    } catch (IOException e) {
      return false;
    }
  }
}
