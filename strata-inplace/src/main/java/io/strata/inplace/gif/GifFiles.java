package io.strata.inplace.gif;

import java.io.IOException;
import java.io.InputStream;
import java.util.UUID;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileContext;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;

/** Reading a GIF from, and writing one into, any Hadoop file system (HDFS in practice). */
public final class GifFiles {
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

  public static Gif read(FileSystem fs, Path path) throws IOException {
    Path qualified = fs.makeQualified(path);
    try (InputStream in = fs.open(qualified)) {
      return GifCodec.read(in, qualified.toString());
    }
  }
}
