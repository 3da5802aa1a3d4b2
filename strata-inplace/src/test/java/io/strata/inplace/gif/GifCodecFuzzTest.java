package io.strata.inplace.gif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;

/**
 * Any bytes as a Global Information File (what {@code cephgif://} and {@code strata scan} read from HDFS): read, or
 * refused with a {@link GifFormatException} naming the file; never another exception. A GIF read is written and
 * read back unchanged, as a rescan rewrites it.
 */
class GifCodecFuzzTest {
  @FuzzTest
  void read(byte[] input) throws IOException {
    Gif gif;
    try {
      gif = GifCodec.read(new ByteArrayInputStream(input), "fuzz.gif");
    } catch (GifFormatException e) {
      assertTrue(e.getMessage().startsWith("fuzz.gif"), e.getMessage());
      return;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GifCodec.write(gif, out);
    Gif again = GifCodec.read(new ByteArrayInputStream(out.toByteArray()), "written.gif");
    assertEquals(gif.header(), again.header());
    assertEquals(gif.entries(), again.entries());
  }
}
