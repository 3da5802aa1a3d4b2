package io.strata.core.whatif;

import java.io.IOException;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneId;

/**
 * Reads the text of {@code hdfs oiv -p Delimited [-delimiter D] [-sp] [-ec]} (plain or gzipped) one line at a time:
 * files and directories, symbolic links left out. No Hadoop is needed: this is the core's reader, for an operator
 * who exported the image on the cluster.
 *
 * <p>Hadoop writes a field that holds a comma, a quote or a line break CSV-quoted ({@code "a,b"}), line breaks as
 * {@code %x0A}, and times as {@code yyyy-MM-dd HH:mm} in the local time of the JVM that ran oiv, so the reader is
 * told that zone. A file's storage policy is its own, else its nearest ancestor directory's; as the text lists
 * inodes in no tree order, the directories' policies are collected in a first pass over the text (only when it has
 * the {@code StoragePolicyId} column), and the entries come from a second. Memory holds the directories that have
 * a policy, never the entries.
 */
public final class DelimitedImageReader implements NamespaceReader {
  private final Path file;
  private final String source;
  private final ZoneId zone;
  private final BadInputs bad;
  private final DelimitedColumns columns;
  private final DirectoryPolicies policies;
  private final InputFiles.Text text;
  private final int[] starts;
  private final int[] ends;
  private String line;
  private long lineNumber;
  private long entries;
  /** The local hour whose zone offset {@link #offsetMillis} is, as epoch milliseconds of that hour in UTC. */
  private long offsetHour = Long.MIN_VALUE;
  private long offsetMillis;

  private DelimitedImageReader(Path file, ZoneId zone, BadInputs bad) throws IOException {
    this.file = file;
    this.source = file.toString();
    this.zone = zone;
    this.bad = bad;
    this.text = InputFiles.openText(file);
    try {
      this.columns = DelimitedColumns.parse(source, text.lines().readLine());
      this.starts = new int[columns.count];
      this.ends = new int[columns.count];
      lineNumber = 1;
      this.policies = columns.storagePolicy < 0 ? null : directoryPolicies();
    } catch (IOException | RuntimeException e) {
      text.close();
      throw e;
    }
  }

  /**
   * Opens {@code file}, Delimited text whose times are local times of {@code zone} (the zone of the JVM that ran
   * {@code hdfs oiv}), and reads its header. A header that is not oiv's is an error whatever {@code bad} says.
   */
  public static DelimitedImageReader open(Path file, ZoneId zone, BadInputs bad) throws IOException {
    return new DelimitedImageReader(file, zone, bad);
  }

  @Override
  public String source() {
    return source;
  }

  @Override
  public long entriesRead() {
    return entries;
  }

  /** Bytes of the file read so far (compressed bytes for a gzipped file), for progress. */
  public long bytesRead() throws IOException {
    return text.channel().position();
  }

  @Override
  public NamespaceEntry next() throws IOException {
    while ((line = text.lines().readLine()) != null) {
      lineNumber++;
      if (line.isEmpty()) {
        continue;
      }
      try {
        NamespaceEntry entry = entry();
        if (entry != null) {
          entries++;
          return entry;
        }
      } catch (IllegalArgumentException e) {
        bad.found(BadInputException.atLine(source, lineNumber, e.getMessage()));
      }
    }
    return null;
  }

  /** The first pass: the policies of directories that have one of their own. Bad lines wait for the second. */
  private DirectoryPolicies directoryPolicies() throws IOException {
    DirectoryPolicies found = new DirectoryPolicies();
    try (InputFiles.Text scan = InputFiles.openText(file)) {
      scan.lines().readLine();
      while ((line = scan.lines().readLine()) != null) {
        try {
          split();
          int id;
          if (isDirectory() && (id = policyId()) != HdfsStoragePolicies.UNSPECIFIED) {
            found.put(path(), id);
          }
        } catch (IllegalArgumentException e) {
          // reported, with its line number, by the second pass
        }
      }
    }
    return found;
  }

  /** The entry of {@link #line}, or null for a symbolic link. */
  private NamespaceEntry entry() {
    split();
    String path = path();
    boolean directory = isDirectory();
    int replication = (int) number(columns.replication);
    long blockSize = number(columns.blockSize);
    if (!directory && replication == 0 && blockSize == 0) {
      return null; // a symbolic link: no blocks, no block size (a striped file has a block size)
    }
    String policy = null;
    if (policies != null) {
      int id = policies.effective(path, policyId());
      policy = id == HdfsStoragePolicies.UNSPECIFIED ? HdfsStoragePolicies.DEFAULT : HdfsStoragePolicies.name(id);
    }
    String ecPolicy = null;
    if (columns.erasureCodingPolicy >= 0) {
      String name = field(columns.erasureCodingPolicy);
      ecPolicy = name.isEmpty() || name.equals("-") ? null : name;
    }
    return new NamespaceEntry(path, directory, directory ? 0 : number(columns.fileSize), replication,
        directory ? 0 : blockSize, policy, ecPolicy, time(columns.modificationTime), time(columns.accessTime));
  }

  private boolean isDirectory() {
    return starts[columns.permission] < ends[columns.permission] && line.charAt(starts[columns.permission]) == 'd';
  }

  private String path() {
    String path = field(columns.path);
    if (!path.startsWith("/")) {
      throw new IllegalArgumentException("Path '" + BadInputException.excerpt(path) + "' is not absolute");
    }
    return path;
  }

  private int policyId() {
    long id = number(columns.storagePolicy);
    if (id != HdfsStoragePolicies.UNSPECIFIED && HdfsStoragePolicies.name((int) id) == null) {
      throw new IllegalArgumentException("StoragePolicyId " + id + " is none of HDFS's storage policies");
    }
    return (int) id;
  }

  /**
   * Finds the fields of {@link #line}: split at the delimiter, except inside a field Hadoop quoted (it quotes as
   * CSV does, whatever the delimiter).
   */
  private void split() {
    String delimiter = columns.delimiter;
    int at = 0;
    for (int i = 0; i < columns.count; i++) {
      int end;
      if (at < line.length() && line.charAt(at) == '"') {
        end = closingQuote(at) + 1;
      } else {
        end = line.indexOf(delimiter, at);
        end = end < 0 ? line.length() : end;
      }
      starts[i] = at;
      ends[i] = end;
      boolean last = i == columns.count - 1;
      if (!last && !line.startsWith(delimiter, end)) {
        throw new IllegalArgumentException((i + 1) + " field(s), the header names " + columns.count);
      }
      at = end + delimiter.length();
    }
    if (ends[columns.count - 1] != line.length()) {
      throw new IllegalArgumentException("more fields than the " + columns.count + " the header names (a path "
          + "holding the delimiter? export again with another -delimiter)");
    }
  }

  private int closingQuote(int open) {
    int at = open + 1;
    while (true) {
      int quote = line.indexOf('"', at);
      if (quote < 0) {
        throw new IllegalArgumentException("a quoted field is not closed");
      }
      if (quote + 1 < line.length() && line.charAt(quote + 1) == '"') {
        at = quote + 2; // "" stands for one quote
      } else {
        return quote;
      }
    }
  }

  /** Field {@code i}, unquoted, with Hadoop's escapes of line breaks undone. */
  private String field(int i) {
    String value;
    if (ends[i] - starts[i] >= 2 && line.charAt(starts[i]) == '"') {
      value = line.substring(starts[i] + 1, ends[i] - 1).replace("\"\"", "\"");
    } else {
      value = line.substring(starts[i], ends[i]);
    }
    return value.indexOf('%') < 0 ? value : value.replace("%x0D%x0A", "\r\n").replace("%x0A", "\n");
  }

  /** Field {@code i} as a non-negative decimal number, read in place. */
  private long number(int i) {
    int from = starts[i];
    int to = ends[i];
    if (from == to || to - from > 18) {
      throw notNumber(i);
    }
    long value = 0;
    for (int at = from; at < to; at++) {
      char c = line.charAt(at);
      if (c < '0' || c > '9') {
        throw notNumber(i);
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private IllegalArgumentException notNumber(int i) {
    return new IllegalArgumentException(columnName(i) + " '" + BadInputException.excerpt(line.substring(starts[i],
        ends[i])) + "' is not a number");
  }

  /** Field {@code i}, {@code yyyy-MM-dd HH:mm} in {@link #zone}, as epoch milliseconds; empty is 0. */
  private long time(int i) {
    int from = starts[i];
    if (ends[i] == from) {
      return 0;
    }
    if (ends[i] - from != 16 || line.charAt(from + 4) != '-' || line.charAt(from + 7) != '-'
        || line.charAt(from + 10) != ' ' || line.charAt(from + 13) != ':') {
      throw new IllegalArgumentException(columnName(i) + " '" + line.substring(from, ends[i])
          + "' is not a time yyyy-MM-dd HH:mm");
    }
    long days;
    try {
      days = LocalDate.of(digits(i, 0, 4), digits(i, 5, 2), digits(i, 8, 2)).toEpochDay();
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(columnName(i) + " '" + line.substring(from, ends[i]) + "': "
          + e.getMessage(), e);
    }
    int hour = digits(i, 11, 2);
    int minute = digits(i, 14, 2);
    if (hour > 23 || minute > 59) {
      throw new IllegalArgumentException(columnName(i) + " '" + line.substring(from, ends[i])
          + "' is not a time of day");
    }
    long localHour = (days * 24 + hour) * 3_600_000L;
    if (localHour != offsetHour) {
      // Every time of an hour has the same offset; an hour written twice (clocks set back) reads as the first.
      LocalDateTime start = LocalDateTime.of(LocalDate.ofEpochDay(days), LocalTime.of(hour, 0));
      offsetMillis = zone.getRules().getOffset(start).getTotalSeconds() * 1000L;
      offsetHour = localHour;
    }
    return localHour + minute * 60_000L - offsetMillis;
  }

  private int digits(int i, int offset, int count) {
    int value = 0;
    for (int at = starts[i] + offset; at < starts[i] + offset + count; at++) {
      char c = line.charAt(at);
      if (c < '0' || c > '9') {
        throw new IllegalArgumentException(columnName(i) + " '" + line.substring(starts[i], ends[i])
            + "' is not a time yyyy-MM-dd HH:mm");
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  private String columnName(int i) {
    return columns.names.get(i);
  }

  @Override
  public void close() throws IOException {
    text.close();
  }
}
