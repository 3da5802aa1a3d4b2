package io.strata.core.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Delimited text as {@code hdfs oiv -p Delimited} writes it, with and without its optional columns. */
class DelimitedImageReaderTest {
  private static final String HEADER = "Path\tReplication\tModificationTime\tAccessTime\tPreferredBlockSize\t"
      + "BlocksCount\tFileSize\tNSQUOTA\tDSQUOTA\tPermission\tUserName\tGroupName";
  private static final String HEADER_SP_EC = HEADER + "\tStoragePolicyId\tErasureCodingPolicy";

  @TempDir
  Path dir;

  /** One line as Hadoop's OutputEntryBuilder writes it, in the default column order. */
  private static String line(String d, String path, int replication, String mtime, String atime, long blockSize,
      long size, String permission, String... optional) {
    List<String> fields = new ArrayList<>(List.of(path, String.valueOf(replication), mtime, atime,
        String.valueOf(blockSize), String.valueOf(size == 0 ? 0 : (size + blockSize - 1) / blockSize),
        String.valueOf(size), "0", "0", permission, "hdfs", "supergroup"));
    fields.addAll(List.of(optional));
    return String.join(d, fields);
  }

  private Path write(String name, String... lines) throws IOException {
    return Files.writeString(dir.resolve(name), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
  }

  private static List<NamespaceEntry> readAll(NamespaceReader reader) throws IOException {
    List<NamespaceEntry> entries = new ArrayList<>();
    try (reader) {
      NamespaceEntry e;
      while ((e = reader.next()) != null) {
        entries.add(e);
      }
    }
    return entries;
  }

  private static Map<String, NamespaceEntry> byPath(List<NamespaceEntry> entries) {
    Map<String, NamespaceEntry> map = new LinkedHashMap<>();
    entries.forEach(e -> map.put(e.path(), e));
    return map;
  }

  private static long instant(String iso) {
    return Instant.parse(iso).toEpochMilli();
  }

  @Test
  void readsFilesAndDirectoriesWithPoliciesInheritedFromDirectoriesListedAfterThem() throws Exception {
    String t = "\t";
    // Inodes come in the image's order, not the tree's: the file comes before the directory that gives it a policy.
    Path file = write("image.tsv", HEADER_SP_EC,
        line(t, "/hot/sub/f", 3, "2026-07-01 12:00", "2026-07-01 13:30", 134217728, 300L << 20, "-rw-r--r--", "0",
            "-"),
        line(t, "/", 0, "2026-07-01 11:00", "1970-01-01 01:00", 0, 0, "drwxr-xr-x", "0", "-"),
        line(t, "/hot", 0, "2026-07-01 11:00", "1970-01-01 01:00", 0, 0, "drwxr-xr-x", "12", "-"),
        line(t, "/hot/sub", 0, "2026-07-01 11:00", "1970-01-01 01:00", 0, 0, "drwxr-xr-x", "0", "-"),
        line(t, "/hot/own", 2, "2026-01-15 08:05", "2026-01-15 08:05", 1048576, 5, "-rw-r--r--", "2", "-"),
        line(t, "/plain/empty", 1, "2026-01-15 08:05", "2026-01-15 08:05", 1048576, 0, "-rw-r--r--", "0", "-"),
        line(t, "/plain/link", 0, "2026-01-15 08:05", "2026-01-15 08:05", 0, 0, "-rwxrwxrwx", "0", "-"),
        line(t, "/ec/striped", 0, "2026-01-15 08:05", "2026-01-15 08:05", 1048576, 12L << 20, "-rw-r--r--", "0",
            "RS-6-3-1024k"));
    // oiv wrote the times in its JVM's zone: Berlin here, +02:00 in July, +01:00 in January.
    List<NamespaceEntry> entries = readAll(
        DelimitedImageReader.open(file, ZoneId.of("Europe/Berlin"), BadInputs.failing()));
    Map<String, NamespaceEntry> byPath = byPath(entries);
    assertEquals(List.of("/hot/sub/f", "/", "/hot", "/hot/sub", "/hot/own", "/plain/empty", "/ec/striped"),
        List.copyOf(byPath.keySet()), "in the text's order; the symbolic link left out");

    NamespaceEntry f = byPath.get("/hot/sub/f");
    assertEquals(new NamespaceEntry("/hot/sub/f", false, 300L << 20, 3, 134217728, "ALL_SSD", null,
        instant("2026-07-01T10:00:00Z"), instant("2026-07-01T11:30:00Z")), f);
    assertEquals(3, f.blocks());
    assertEquals("COLD", byPath.get("/hot/own").storagePolicy(), "its own policy over its directory's");
    assertEquals(instant("2026-01-15T07:05:00Z"), byPath.get("/hot/own").modificationTime());
    assertEquals("HOT", byPath.get("/plain/empty").storagePolicy(), "no policy anywhere above: HDFS's default");
    assertEquals(0, byPath.get("/plain/empty").blocks());
    assertEquals("ALL_SSD", byPath.get("/hot/sub").storagePolicy());
    assertTrue(byPath.get("/hot").directory());
    assertEquals(0, byPath.get("/").accessTime(), "1970-01-01 01:00 in Berlin is the epoch");
    NamespaceEntry striped = byPath.get("/ec/striped");
    assertEquals("RS-6-3-1024k", striped.erasureCodingPolicy());
    assertEquals(0, striped.replication(), "HDFS stores no replication for a striped file");
  }

  @Test
  void withoutTheOptionalColumnsPoliciesAreUnknown() throws Exception {
    Path file = write("plain.tsv", HEADER,
        line("\t", "/a", 2, "2026-01-01 00:00", "2026-01-01 00:00", 1024, 10, "-rw-r--r--"));
    NamespaceEntry a = readAll(DelimitedImageReader.open(file, ZoneOffset.UTC, BadInputs.failing())).get(0);
    assertNull(a.storagePolicy());
    assertNull(a.erasureCodingPolicy());
    assertEquals(new NamespaceEntry("/a", false, 10, 2, 1024, null, null, instant("2026-01-01T00:00:00Z"),
        instant("2026-01-01T00:00:00Z")), a);
  }

  /**
   * {@code -delimiter ,}: Hadoop quotes a field as CSV does (a comma or quote in a path), and writes line breaks
   * as {@code %x0A}; the delimiter is found from the header, whatever its length.
   */
  @Test
  void anyDelimiterIsTakenFromTheHeaderAndQuotedFieldsAreUnquoted() throws Exception {
    for (String d : List.of(",", "|", "::")) {
      String header = HEADER_SP_EC.replace("\t", d);
      Path file = write("image" + d.length() + d.hashCode() + ".txt", header,
          line(d, "\"/odd,dir/say \"\"hi\"\"\"", 3, "2026-01-01 00:00", "2026-01-01 00:00", 1024, 1, "-rw-r--r--",
              "7", "-"),
          line(d, "/two%x0Alines", 3, "2026-01-01 00:00", "2026-01-01 00:00", 1024, 1, "-rw-r--r--", "0", "-"));
      List<NamespaceEntry> entries = readAll(DelimitedImageReader.open(file, ZoneOffset.UTC, BadInputs.failing()));
      assertEquals(List.of("/odd,dir/say \"hi\"", "/two\nlines"), entries.stream().map(NamespaceEntry::path).toList(),
          "delimiter '" + d + "'");
    }
  }

  @Test
  void readsGzippedTextWhateverItsName() throws Exception {
    Path file = dir.resolve("image.tsv");
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
      out.write((HEADER + "\n" + line("\t", "/z", 1, "2026-01-01 00:00", "2026-01-01 00:00", 1024, 1, "-rw-r--r--")
          + "\n").getBytes(StandardCharsets.UTF_8));
    }
    assertEquals(ImageFormat.DELIMITED, ImageFormat.of(file));
    assertEquals("/z", readAll(DelimitedImageReader.open(file, ZoneOffset.UTC, BadInputs.failing())).get(0).path());
  }

  @Test
  void theFormatIsToldByTheFsimageMagic() throws Exception {
    Path image = Files.write(dir.resolve("fsimage_0000000000000000042"), "HDFSIMG1\0\0\0\0".getBytes(
        StandardCharsets.US_ASCII));
    assertEquals(ImageFormat.FSIMAGE, ImageFormat.of(image));
    assertEquals(ImageFormat.DELIMITED, ImageFormat.of(write("short", "HDFS")));
  }

  /** A good line of the {@code -sp -ec} text for {@code path}, with field {@code column} (0-based) replaced. */
  private static String goodWith(String path, int column, String value) {
    String[] fields = line("\t", path, 3, "2026-01-01 00:00", "2026-01-01 00:00", 1024, 1, "-rw-r--r--", "0", "-")
        .split("\t");
    fields[column] = value;
    return String.join("\t", fields);
  }

  private static final Map<String, String> BAD_LINES = new LinkedHashMap<>();

  static {
    BAD_LINES.put(goodWith("/size", 6, "lots"), "FileSize 'lots' is not a number");
    BAD_LINES.put("/short\t3\t2026-01-01 00:00", "3 field(s), the header names 14");
    BAD_LINES.put(goodWith("relative/path", 0, "relative/path"), "Path 'relative/path' is not absolute");
    BAD_LINES.put(goodWith("/time", 2, "2026-13-01 00:00"),
        "ModificationTime '2026-13-01 00:00': Invalid value for MonthOfYear (valid values 1 - 12): 13");
    BAD_LINES.put(goodWith("/clock", 3, "2026-01-01 0:00"), "AccessTime '2026-01-01 0:00' is not a time "
        + "yyyy-MM-dd HH:mm");
    BAD_LINES.put(goodWith("/policy", 12, "9"), "StoragePolicyId 9 is none of HDFS's storage policies");
    BAD_LINES.put(goodWith("/tab\tin/name", 0, "/tab\tin/name"), "more fields than the 14 the header names (a path "
        + "holding the delimiter? export again with another -delimiter)");
    BAD_LINES.put(goodWith("/quote", 0, "\"/open"), "a quoted field is not closed");
  }

  private Path withBadLines() throws IOException {
    List<String> lines = new ArrayList<>(List.of(HEADER_SP_EC, goodWith("/ok1", 0, "/ok1")));
    lines.addAll(BAD_LINES.keySet());
    lines.add(goodWith("/ok2", 0, "/ok2"));
    return write("bad.tsv", lines.toArray(String[]::new));
  }

  @Test
  void aBadLineIsAnErrorNamingTheFileAndLine() throws Exception {
    Path file = withBadLines();
    BadInputException e = assertThrows(BadInputException.class,
        () -> readAll(DelimitedImageReader.open(file, ZoneOffset.UTC, BadInputs.failing())));
    assertEquals(file + ":3: FileSize 'lots' is not a number", e.getMessage());
    assertEquals("line 3", e.location());
  }

  @Test
  void eachKindOfBadLineSaysWhatIsWrongThere() throws Exception {
    for (Map.Entry<String, String> bad : BAD_LINES.entrySet()) {
      Path file = write("one-bad.tsv", HEADER_SP_EC, goodWith("/ok", 0, "/ok"), "", bad.getKey());
      BadInputException e = assertThrows(BadInputException.class,
          () -> readAll(DelimitedImageReader.open(file, ZoneOffset.UTC, BadInputs.failing())), bad.getKey());
      assertEquals(file + ":4: " + bad.getValue(), e.getMessage(), "an empty line 3 is passed over");
    }
  }

  @Test
  void skippingCountsEveryBadLineAndKeepsTheFirst() throws Exception {
    Path file = withBadLines();
    BadInputs bad = BadInputs.skipping();
    List<NamespaceEntry> entries = readAll(DelimitedImageReader.open(file, ZoneOffset.UTC, bad));
    assertEquals(List.of("/ok1", "/ok2"), entries.stream().map(NamespaceEntry::path).toList());
    assertEquals(BAD_LINES.size(), bad.skipped());
    assertEquals(file + ":3: FileSize 'lots' is not a number", bad.first().orElseThrow().getMessage());
    assertTrue(bad.summary().startsWith(BAD_LINES.size() + " bad line(s) or entries skipped, the first: " + file
        + ":3:"), bad.summary());
  }

  @Test
  void aHeaderThatIsNotOivsIsAnErrorEvenWhenSkipping() throws Exception {
    Path noHeader = write("noheader.tsv", goodWith("/a", 0, "/a"));
    BadInputException e = assertThrows(BadInputException.class,
        () -> DelimitedImageReader.open(noHeader, ZoneOffset.UTC, BadInputs.skipping()));
    assertTrue(e.getMessage().startsWith(noHeader + ":1: not the header of `hdfs oiv -p Delimited` output"),
        e.getMessage());
    Path lacking = write("lacking.tsv", "Path\tReplication\tFileSize");
    e = assertThrows(BadInputException.class,
        () -> DelimitedImageReader.open(lacking, ZoneOffset.UTC, BadInputs.skipping()));
    assertEquals(lacking + ":1: the header lacks column(s) ModificationTime, AccessTime, PreferredBlockSize, "
        + "Permission (found Path, Replication, FileSize)", e.getMessage());
    Path empty = write("empty.tsv");
    assertThrows(BadInputException.class, () -> DelimitedImageReader.open(empty, ZoneOffset.UTC, BadInputs.failing()));
  }
}
