package io.strata.core.whatif;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/** The two forms of a namespace image that whatif reads, told apart by the file's first bytes. */
public enum ImageFormat {
  /** The NameNode's binary fsimage ({@code fsimage_N}, from {@code hdfs dfsadmin -fetchImage}). */
  FSIMAGE,
  /** The text of {@code hdfs oiv -p Delimited} (plain or gzipped): a header line, then one line per inode. */
  DELIMITED;

  /** What every protobuf fsimage starts with (Hadoop's {@code FSImageUtil.MAGIC_HEADER}). */
  static final byte[] FSIMAGE_MAGIC = "HDFSIMG1".getBytes(StandardCharsets.US_ASCII);

  /** The format of {@code file}: an fsimage when it starts with {@code HDFSIMG1}, else Delimited text. */
  public static ImageFormat of(Path file) throws IOException {
    byte[] head = InputFiles.head(file, FSIMAGE_MAGIC.length);
    return Arrays.equals(head, FSIMAGE_MAGIC) ? FSIMAGE : DELIMITED;
  }
}
