package io.strata.hdfs.whatif;

import io.strata.core.whatif.BadInputException;
import java.io.BufferedInputStream;
import java.io.Closeable;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.server.namenode.FSImageUtil;
import org.apache.hadoop.hdfs.server.namenode.FsImageProto.FileSummary;
import org.apache.hadoop.util.LimitInputStream;

/**
 * One section of an fsimage read as Hadoop writes it: length-delimited protobuf messages, decompressed with the
 * image's codec by Hadoop's {@code FSImageUtil}. Each message's bytes are read whole before parsing, so a message
 * that does not parse can be skipped by its length, and every error names the section, the entry and its offset.
 */
final class ImageSection implements Closeable {
  /** No fsimage message comes near this; a larger length is a corrupt one. */
  private static final int MAX_MESSAGE = 64 << 20;

  private final String source;
  private final FileSummary.Section section;
  private final boolean compressed;
  private final InputStream in;
  private byte[] buffer = new byte[4096];
  private int length;
  /** Entries read so far; the current one is entry {@code entries - 1} (0-based). */
  private long entries;
  /** Bytes of the (decompressed) section read so far, and where the current entry started. */
  private long offset;
  private long entryOffset;

  /** Opens {@code section} of the image {@code file}. */
  ImageSection(Path file, FileSummary summary, FileSummary.Section section) throws IOException {
    this.source = file.toString();
    this.section = section;
    this.compressed = summary.hasCodec() && !summary.getCodec().isEmpty();
    FileInputStream raw = new FileInputStream(file.toFile());
    try {
      raw.getChannel().position(section.getOffset());
      this.in = FSImageUtil.wrapInputStreamForCompression(new Configuration(false), summary.getCodec(),
          new BufferedInputStream(new LimitInputStream(raw, section.getLength()), 1 << 16));
    } catch (IOException | RuntimeException e) {
      raw.close();
      throw e;
    }
  }

  String name() {
    return section.getName();
  }

  /** Reads the next message; false at the end of the section. Its bytes are {@link #bytes()}[0, {@link #length()}). */
  boolean next() throws IOException {
    entryOffset = offset;
    int first = in.read();
    if (first < 0) {
      return false;
    }
    entries++;
    long size = first & 0x7f;
    int shift = 7;
    int b = first;
    offset++;
    while ((b & 0x80) != 0) {
      b = in.read();
      if (b < 0 || shift > 28) {
        throw corrupt("the length of the entry is cut short or corrupt; the rest of the section cannot be read",
            null);
      }
      offset++;
      size |= (long) (b & 0x7f) << shift;
      shift += 7;
    }
    if (size > MAX_MESSAGE) {
      throw corrupt("an entry of " + size + " bytes: a corrupt length; the rest of the section cannot be read", null);
    }
    length = (int) size;
    if (buffer.length < length) {
      buffer = new byte[Math.max(length, buffer.length * 2)];
    }
    if (in.readNBytes(buffer, 0, length) < length) {
      throw corrupt("the section ends inside the entry; it is cut short", null);
    }
    offset += length;
    return true;
  }

  byte[] bytes() {
    return buffer;
  }

  int length() {
    return length;
  }

  /** The 0-based number of the entry read last, in the section. */
  long entry() {
    return entries - 1;
  }

  /** An error at the entry read last. */
  BadInputException corrupt(String reason, Throwable cause) {
    String where = compressed
        ? section.getName() + " section, entry " + entry() + " at byte " + entryOffset + " of the decompressed section"
        : section.getName() + " section, entry " + entry() + " at byte " + (section.getOffset() + entryOffset);
    return BadInputException.at(source, where, reason, cause);
  }

  /** An error about the whole section. */
  BadInputException corruptSection(String reason) {
    return BadInputException.at(source, section.getName() + " section at byte " + section.getOffset(), reason, null);
  }

  @Override
  public void close() throws IOException {
    in.close();
  }
}
