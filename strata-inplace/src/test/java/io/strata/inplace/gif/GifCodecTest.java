package io.strata.inplace.gif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class GifCodecTest {
  static GifEntry entry(String object, long size, String... hosts) {
    return new GifEntry("/" + object, "blk_" + Math.abs(object.hashCode()), List.of(hosts), "books", object, size,
        1_700_000_000L, "3.1f");
  }

  static Gif gif(GifEntry... entries) {
    long bytes = 0;
    for (GifEntry e : entries) {
      bytes += e.size();
    }
    return new Gif(new GifHeader(1, "fsid-1", "books", 3, 2, 41, "", Instant.parse("2026-01-02T03:04:05.678Z"),
        entries.length, bytes, 0), List.of(entries));
  }

  static String text(Gif gif) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    GifCodec.write(gif, out);
    return out.toString(StandardCharsets.UTF_8);
  }

  static Gif parse(String text) throws IOException {
    return GifCodec.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), "test.gif");
  }

  @Test
  void writesTheDocumentedColumnsAndReadsBackEveryField() throws IOException {
    Gif original = gif(entry("tolstoy/war and peace.txt", 3_200_000, "node2", "node1"),
        entry("a\ttab\nnewline\\slash", 5, "node3", "node1"), entry("ünïcode/é", 0, "node1", "node2"));
    String text = text(original);
    assertTrue(text.startsWith("#strata-gif\t1\n#fsid\tfsid-1\n#pool\tbooks\n"), text);
    assertTrue(
        text.contains("#columns\tfile_name\tblock_name\treplica_locations\tabsolute_path\tfile_size\tmtime\tpg\n"));
    assertTrue(text.contains("/tolstoy/war and peace.txt\tblk_"));
    assertTrue(text.contains("\tnode2,node1\tceph://books/tolstoy/war and peace.txt\t3200000\t1700000000\t3.1f\n"));
    assertTrue(text.contains("/a\\ttab\\nnewline\\\\slash\t"), "tab, newline and backslash are escaped");

    Gif read = parse(text);
    assertEquals(original.header(), read.header());
    assertEquals(original.entries(), read.entries());
  }

  @Test
  void derivesDirectoriesFromFileNames() throws IOException {
    Gif read = parse(text(gif(entry("a/b/c.txt", 1, "n1"), entry("a/d.txt", 2, "n1"), entry("e.txt", 3, "n2"))));
    assertEquals(List.of("a", "e.txt"), read.children("/"));
    assertEquals(List.of("b", "d.txt"), read.children("/a"));
    assertEquals(List.of("c.txt"), read.children("/a/b"));
    assertTrue(read.isDirectory("/a/b"));
    assertFalse(read.isDirectory("/a/d.txt"));
    assertEquals(2, read.file("/a/d.txt").orElseThrow().size());
  }

  @Test
  void refusesAFileThatIsAlsoADirectory() {
    assertThrows(IllegalArgumentException.class, () -> gif(entry("a", 1, "n1"), entry("a/b", 1, "n1")));
  }

  @Test
  void namesTheLineOfAMalformedRow() throws IOException {
    String good = text(gif(entry("x", 1, "n1"), entry("y", 2, "n2")));
    String badSize = good.replace("\t2\t1700000000", "\ttwo\t1700000000");
    GifFormatException e = assertThrows(GifFormatException.class, () -> parse(badSize));
    assertTrue(e.getMessage().startsWith("test.gif:14: file_size and mtime must be whole numbers"), e.getMessage());

    String missingField = good.replace("\t3.1f\n/y", "\n/y");
    e = assertThrows(GifFormatException.class, () -> parse(missingField));
    assertTrue(e.getMessage().startsWith("test.gif:13: 6 fields, expected 7"), e.getMessage());

    String otherPool = good.replace("ceph://books/y", "ceph://films/y");
    e = assertThrows(GifFormatException.class, () -> parse(otherPool));
    assertTrue(e.getMessage().contains("is not in pool 'books'"), e.getMessage());
  }

  @Test
  void detectsATruncatedGifAndForeignFiles() throws IOException {
    String good = text(gif(entry("x", 1, "n1"), entry("y", 2, "n2")));
    String truncated = good.substring(0, good.lastIndexOf("\n/y") + 1);
    GifFormatException e = assertThrows(GifFormatException.class, () -> parse(truncated));
    assertTrue(e.getMessage().contains("header says 2 objects but 1 rows follow"), e.getMessage());

    e = assertThrows(GifFormatException.class, () -> parse("file_name,size\nx,1\n"));
    assertTrue(e.getMessage().startsWith("test.gif:1: not a Strata GIF"), e.getMessage());

    e = assertThrows(GifFormatException.class, () -> parse(good.replace("#strata-gif\t1", "#strata-gif\t9")));
    assertTrue(e.getMessage().contains("GIF version 9 is not supported"), e.getMessage());

    e = assertThrows(GifFormatException.class, () -> parse(good.replace("#pool_id\t3\n", "")));
    assertTrue(e.getMessage().contains("header '#pool_id' is missing"), e.getMessage());
  }
}
