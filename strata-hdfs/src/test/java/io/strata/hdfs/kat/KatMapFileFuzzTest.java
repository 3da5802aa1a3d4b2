package io.strata.hdfs.kat;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.util.zip.GZIPOutputStream;

/**
 * Any content as a KAT directory's {@code _kat.map}, as a job's partitioner reads it: a partition map, or an
 * {@link IOException} naming the file; never another exception, however large the counts it claims. The input is
 * the file's content before gzip (gzip's own checks are the JDK's), and the digest asked for is the one it records,
 * so the fuzzer gets past the header to the map.
 */
class KatMapFileFuzzTest {
  @FuzzTest
  void read(byte[] content) throws IOException {
    ByteArrayOutputStream file = new ByteArrayOutputStream();
    try (GZIPOutputStream zip = new GZIPOutputStream(file)) {
      zip.write(content);
    }
    try {
      KatMapFile.read(new ByteArrayInputStream(file.toByteArray()), recordedDigest(content));
    } catch (IOException e) {
      assertTrue(String.valueOf(e.getMessage()).contains(KatMapFile.FILE), e.toString());
    }
  }

  /** The digest after the magic number and version, or none when the content is too short to hold one. */
  private static String recordedDigest(byte[] content) {
    try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(content))) {
      in.skipNBytes(8);
      return in.readUTF();
    } catch (IOException e) {
      return "";
    }
  }
}
