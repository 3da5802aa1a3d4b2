package io.strata.inplace.gif;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The GIF's text form (docs/gif-format.md): UTF-8, tab-separated, one object per line, so any tool can read
 * it ({@code hdfs dfs -cat}, awk, a spreadsheet). Header lines start with "#" and hold "key TAB value"; the
 * "#columns" line names the columns; rows follow sorted by file name. In every field, backslash, tab, newline
 * and carriage return are written as {@code \\}, {@code \t}, {@code \n}, {@code \r}.
 */
public final class GifCodec {
  public static final String MAGIC = "#strata-gif";
  public static final List<String> COLUMNS = List.of(
      "file_name", "block_name", "replica_locations", "absolute_path", "file_size", "mtime", "pg");

  private GifCodec() {}

  public static void write(Gif gif, OutputStream out) throws IOException {
    Writer writer = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16);
    GifHeader h = gif.header();
    writer.write(MAGIC + "\t" + h.version() + "\n");
    header(writer, "fsid", h.fsid());
    header(writer, "pool", h.pool());
    header(writer, "pool_id", Long.toString(h.poolId()));
    header(writer, "replication", Integer.toString(h.replication()));
    header(writer, "osdmap_epoch", Long.toString(h.osdmapEpoch()));
    header(writer, "prefix", h.prefix());
    header(writer, "scanned_at", h.scannedAt().toString());
    header(writer, "objects", Long.toString(h.objects()));
    header(writer, "bytes", Long.toString(h.bytes()));
    header(writer, "skipped", Long.toString(h.skipped()));
    writer.write("#columns\t" + String.join("\t", COLUMNS) + "\n");
    StringBuilder line = new StringBuilder(256);
    for (GifEntry e : gif.entries()) {
      line.setLength(0);
      escape(e.fileName(), line).append('\t');
      escape(e.blockName(), line).append('\t');
      escape(String.join(",", e.hosts()), line).append('\t');
      escape(e.objectPath(), line).append('\t');
      line.append(e.size()).append('\t').append(e.mtimeSeconds()).append('\t');
      escape(e.pg(), line).append('\n');
      writer.append(line);
    }
    writer.flush();
  }

  private static void header(Writer writer, String key, String value) throws IOException {
    StringBuilder line = new StringBuilder("#").append(key).append('\t');
    escape(value, line).append('\n');
    writer.append(line);
  }

  /** Reads a GIF; {@code source} names it in error messages. */
  public static Gif read(InputStream in, String source) throws IOException {
    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    String first = reader.readLine();
    if (first == null || !first.startsWith(MAGIC + "\t")) {
      throw new GifFormatException(source + ":1: not a Strata GIF (expected a first line '" + MAGIC + "<TAB>1')");
    }
    int version;
    try {
      version = Integer.parseInt(first.substring(MAGIC.length() + 1).strip());
    } catch (NumberFormatException e) {
      throw new GifFormatException(source + ":1: bad version '" + first.substring(MAGIC.length() + 1) + "'");
    }
    if (version != GifHeader.VERSION) {
      throw new GifFormatException(source + ":1: GIF version " + version + " is not supported (this Strata reads "
          + GifHeader.VERSION + ")");
    }
    Map<String, String> header = new HashMap<>();
    List<GifEntry> entries = new ArrayList<>();
    boolean columnsSeen = false;
    String pool = null;
    int lineNumber = 1;
    String line;
    while ((line = reader.readLine()) != null) {
      lineNumber++;
      if (line.isEmpty()) {
        continue;
      }
      if (!columnsSeen) {
        if (!line.startsWith("#")) {
          throw new GifFormatException(source + ":" + lineNumber + ": a row before the '#columns' line");
        }
        int tab = line.indexOf('\t');
        String key = tab < 0 ? line.substring(1) : line.substring(1, tab);
        String value = tab < 0 ? "" : line.substring(tab + 1);
        if (key.equals("columns")) {
          if (!Arrays.asList(value.split("\t", -1)).equals(COLUMNS)) {
            throw new GifFormatException(source + ":" + lineNumber + ": columns are '" + value.replace('\t', ' ')
                + "', expected '" + String.join(" ", COLUMNS) + "'");
          }
          columnsSeen = true;
          pool = require(header, "pool", source);
        } else {
          header.put(key, unescape(value, source, lineNumber));
        }
        continue;
      }
      if (line.startsWith("#")) {
        continue;
      }
      entries.add(row(line, pool, source, lineNumber));
    }
    if (!columnsSeen) {
      throw new GifFormatException(source + ": no '#columns' line");
    }
    GifHeader parsed;
    try {
      parsed = new GifHeader(version, header.getOrDefault("fsid", ""), pool,
          Long.parseLong(require(header, "pool_id", source)), Integer.parseInt(require(header, "replication", source)),
          Long.parseLong(require(header, "osdmap_epoch", source)), header.getOrDefault("prefix", ""),
          Instant.parse(require(header, "scanned_at", source)), Long.parseLong(require(header, "objects", source)),
          Long.parseLong(require(header, "bytes", source)), Long.parseLong(header.getOrDefault("skipped", "0")));
    } catch (NumberFormatException | DateTimeParseException e) {
      throw new GifFormatException(source + ": bad header value: " + e.getMessage());
    }
    if (parsed.objects() != entries.size()) {
      throw new GifFormatException(source + ": header says " + parsed.objects() + " objects but " + entries.size()
          + " rows follow (truncated?)");
    }
    try {
      return new Gif(parsed, entries);
    } catch (IllegalArgumentException e) {
      throw new GifFormatException(source + ": " + e.getMessage());
    }
  }

  private static String require(Map<String, String> header, String key, String source) throws GifFormatException {
    String value = header.get(key);
    if (value == null) {
      throw new GifFormatException(source + ": header '#" + key + "' is missing");
    }
    return value;
  }

  private static GifEntry row(String line, String pool, String source, int lineNumber) throws GifFormatException {
    String[] fields = line.split("\t", -1);
    if (fields.length != COLUMNS.size()) {
      throw new GifFormatException(source + ":" + lineNumber + ": " + fields.length + " fields, expected "
          + COLUMNS.size() + " (" + String.join(", ", COLUMNS) + ")");
    }
    String fileName = unescape(fields[0], source, lineNumber);
    if (!fileName.startsWith("/")) {
      throw new GifFormatException(source + ":" + lineNumber + ": file_name '" + fileName + "' must start with /");
    }
    String objectPath = unescape(fields[3], source, lineNumber);
    String expectedPrefix = "ceph://" + pool + "/";
    if (!objectPath.startsWith(expectedPrefix)) {
      throw new GifFormatException(source + ":" + lineNumber + ": absolute_path '" + objectPath + "' is not in pool '"
          + pool + "' (expected " + expectedPrefix + "...)");
    }
    String hosts = unescape(fields[2], source, lineNumber);
    try {
      return new GifEntry(fileName, unescape(fields[1], source, lineNumber),
          hosts.isEmpty() ? List.of() : List.of(hosts.split(",")), pool, objectPath.substring(expectedPrefix.length()),
          Long.parseLong(fields[4]), Long.parseLong(fields[5]), unescape(fields[6], source, lineNumber));
    } catch (NumberFormatException e) {
      throw new GifFormatException(source + ":" + lineNumber + ": file_size and mtime must be whole numbers, got '"
          + fields[4] + "' and '" + fields[5] + "'");
    } catch (IllegalArgumentException e) {
      throw new GifFormatException(source + ":" + lineNumber + ": " + e.getMessage());
    }
  }

  static StringBuilder escape(String text, StringBuilder out) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '\\' -> out.append("\\\\");
        case '\t' -> out.append("\\t");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        default -> out.append(c);
      }
    }
    return out;
  }

  static String unescape(String text, String source, int lineNumber) throws GifFormatException {
    if (text.indexOf('\\') < 0) {
      return text;
    }
    StringBuilder out = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c != '\\') {
        out.append(c);
        continue;
      }
      if (++i == text.length()) {
        throw new GifFormatException(source + ":" + lineNumber + ": a field ends in a lone backslash");
      }
      switch (text.charAt(i)) {
        case '\\' -> out.append('\\');
        case 't' -> out.append('\t');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        default -> throw new GifFormatException(source + ":" + lineNumber + ": unknown escape '\\" + text.charAt(i)
            + "'");
      }
    }
    return out.toString();
  }
}
