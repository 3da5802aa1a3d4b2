package io.strata.core.popularity;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Reads HDFS audit logs: archived ones for a backfill ({@code hdfs-audit.log.3}, {@code .2}, {@code .1}, oldest
 * first, gzipped or not), then the live log, following it across rotation the way {@code tail -F} does: when
 * the file at the path is no longer the one open (log4j renamed it and started a new one), the old file is
 * read to its end first, so no line is lost. Records of calls about no file ({@code src=null}) count as parsed
 * and give no event; lines that do not parse are counted as skipped.
 */
public final class AuditLogFollower implements AutoCloseable {
  private static final Pattern ROTATED = Pattern.compile("\\.(\\d+)(\\.gz)?$");

  private final Path live;
  private final AuditLogParser parser;
  private final AuditEvent event = new AuditEvent();
  private FileChannel channel;
  private Object openKey;
  private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);
  private final ByteArrayOutputStream partial = new ByteArrayOutputStream();
  private long parsed;
  private long skipped;
  /** Time of the last record read, from any file; Long.MIN_VALUE before the first. */
  private long lastRecordMillis = Long.MIN_VALUE;
  /** Time of the last record read from the live log; Long.MIN_VALUE before the first. */
  private long lastLiveRecordMillis = Long.MIN_VALUE;

  /** Follows a log written in UTC. */
  public AuditLogFollower(Path live) {
    this(live, ZoneOffset.UTC);
  }

  /** Follows a log whose times are local times of {@code zone}, the NameNode JVM's time zone. */
  public AuditLogFollower(Path live, ZoneId zone) {
    this.live = live;
    this.parser = new AuditLogParser(zone);
  }

  public long parsed() {
    return parsed;
  }

  public long skipped() {
    return skipped;
  }

  /** The rotated siblings of the live log, oldest first: {@code name.N[.gz]} with the highest N first. */
  public static List<Path> archives(Path live) throws IOException {
    List<Path> found = new ArrayList<>();
    Path dir = live.toAbsolutePath().getParent();
    String name = live.getFileName().toString();
    if (dir == null || !Files.isDirectory(dir)) {
      return found;
    }
    try (var entries = Files.list(dir)) {
      entries.filter(p -> p.getFileName().toString().startsWith(name + "."))
          .filter(p -> ROTATED.matcher(p.getFileName().toString().substring(name.length())).matches())
          .forEach(found::add);
    }
    found.sort(Comparator.comparingInt((Path p) -> rotationIndex(p, name)).reversed());
    return found;
  }

  private static int rotationIndex(Path p, String name) {
    Matcher m = ROTATED.matcher(p.getFileName().toString().substring(name.length()));
    return m.matches() ? Integer.parseInt(m.group(1)) : 0;
  }

  /** Reads a whole log file (an archive, gzipped or not) and hands each audit event to {@code sink}. */
  public void readArchive(Path file, Consumer<AuditEvent> sink) throws IOException {
    try (InputStream raw = Files.newInputStream(file);
         InputStream in = file.getFileName().toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
         BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16)) {
      String line;
      while ((line = lines.readLine()) != null) {
        accept(line, sink);
      }
    }
  }

  /**
   * Reads what the live log gained since the last call (complete lines only), switching to the new file after a
   * rotation. Returns the number of lines read; 0 when nothing new (the log may not exist yet).
   */
  public int poll(Consumer<AuditEvent> sink) throws IOException {
    long parsedBefore = parsed;
    int read = pollLive(sink);
    if (parsed > parsedBefore) {
      lastLiveRecordMillis = lastRecordMillis;
    }
    return read;
  }

  /**
   * How far the live log's last record is stamped from the file's last write, in milliseconds (positive: after);
   * empty before a record was read from the live log. The NameNode writes a record and the file at the same
   * instant, so when the times are read in the zone they were written in, the two agree to within a flush; a
   * gap of hours means the zone is wrong.
   */
  public OptionalLong liveSkewMillis() throws IOException {
    if (lastLiveRecordMillis == Long.MIN_VALUE || !Files.exists(live)) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(lastLiveRecordMillis - Files.getLastModifiedTime(live).toMillis());
  }

  private int pollLive(Consumer<AuditEvent> sink) throws IOException {
    int read = 0;
    if (channel == null && !open()) {
      return 0;
    }
    read += drain(sink);
    Object current = currentKey();
    boolean rotated = current != null && !current.equals(openKey);
    boolean truncated = !rotated && current != null && Files.size(live) < channel.position();
    if (rotated || truncated) {
      read += drain(sink); // whatever was written to the old file before the switch
      flushPartial(sink);
      closeChannel();
      if (open()) {
        read += drain(sink);
      }
    }
    return read;
  }

  private boolean open() throws IOException {
    try {
      channel = FileChannel.open(live, StandardOpenOption.READ);
    } catch (NoSuchFileException e) {
      return false;
    }
    openKey = currentKey();
    partial.reset();
    return true;
  }

  private Object currentKey() throws IOException {
    try {
      return Files.readAttributes(live, BasicFileAttributes.class).fileKey();
    } catch (NoSuchFileException e) {
      return null;
    }
  }

  /** Reads to the current end; a last line without its newline waits for the rest. */
  private int drain(Consumer<AuditEvent> sink) throws IOException {
    int lines = 0;
    buffer.clear();
    while (channel.read(buffer) > 0) {
      buffer.flip();
      while (buffer.hasRemaining()) {
        byte b = buffer.get();
        if (b == '\n') {
          accept(line(), sink);
          lines++;
        } else if (b != '\r') {
          partial.write(b);
        }
      }
      buffer.clear();
    }
    return lines;
  }

  private String line() {
    String line = partial.toString(StandardCharsets.UTF_8);
    partial.reset();
    return line;
  }

  private void flushPartial(Consumer<AuditEvent> sink) {
    if (partial.size() > 0) {
      accept(line(), sink);
    }
  }

  private void accept(String line, Consumer<AuditEvent> sink) {
    AuditLogParser.Kind kind = parser.read(line, event);
    if (kind == AuditLogParser.Kind.MALFORMED) {
      skipped += line.isBlank() ? 0 : 1;
      return;
    }
    parsed++;
    lastRecordMillis = event.timeMillis();
    if (kind == AuditLogParser.Kind.EVENT) {
      sink.accept(event); // a call about no file is read, with nothing to count
    }
  }

  private void closeChannel() throws IOException {
    if (channel != null) {
      channel.close();
      channel = null;
    }
  }

  @Override
  public void close() throws IOException {
    closeChannel();
  }
}
