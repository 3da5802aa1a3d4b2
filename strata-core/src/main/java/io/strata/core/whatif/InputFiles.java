package io.strata.core.whatif;

import java.io.BufferedInputStream;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.GZIPInputStream;

/**
 * Opens an operator's input file. Rotated logs and exported images are often gzipped whatever their names say
 * ({@code hdfs-audit.log.3}, {@code fsimage.txt}), so a file is gunzipped when its first bytes are gzip's magic,
 * never by its name.
 */
final class InputFiles {
  private static final int BUFFER = 1 << 16;

  private InputFiles() {}

  /** A file's lines, and its channel, whose position says how many of the file's bytes were read. */
  record Text(BufferedReader lines, FileChannel channel) implements Closeable {
    @Override
    public void close() throws IOException {
      lines.close();
    }
  }

  /** The file's first {@code count} bytes (fewer when it is shorter). */
  static byte[] head(Path file, int count) throws IOException {
    try (InputStream in = Files.newInputStream(file)) {
      return in.readNBytes(count);
    }
  }

  static boolean gzipped(byte[] head) {
    return head.length >= 2 && (head[0] & 0xff) == 0x1f && (head[1] & 0xff) == 0x8b;
  }

  /** The file as UTF-8 text, gunzipped if it is gzip. */
  static Text openText(Path file) throws IOException {
    boolean gzip = gzipped(head(file, 2));
    FileChannel channel = FileChannel.open(file, StandardOpenOption.READ);
    try {
      InputStream in = new BufferedInputStream(Channels.newInputStream(channel), BUFFER);
      if (gzip) {
        in = new GZIPInputStream(in, BUFFER);
      }
      return new Text(new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), BUFFER), channel);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
  }
}
