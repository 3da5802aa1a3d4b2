package io.strata.core.whatif;

import io.strata.core.popularity.AuditEvent;
import io.strata.core.popularity.AuditLogParser;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Several HDFS audit logs (the live one and its rotations, gzipped or not, named in any order) read as one, in time
 * order: a merge on each line's time, not a concatenation, so the argument order does not matter and the edges
 * where rotated files overlap come out interleaved. Each file's own order is kept (the NameNode's threads may log a
 * few milliseconds out of order). Lines are parsed by the autotier daemon's {@link AuditLogParser}; records of
 * calls about no file ({@code src=null}) are read and give no event.
 *
 * <p>Rotated files overlap only at their edges, so a file is opened only when the merge reaches its first record:
 * one or two files are open at a time however many are named. A line that is not an audit record is an error
 * naming the file and line, or skipped and counted, as {@link BadInputs} says.
 */
public final class MergedAuditLog implements Closeable {
  private final BadInputs bad;
  private final ZoneId zone;
  /** Files not opened yet, by the time of their first record. */
  private final Deque<Cursor> waiting = new ArrayDeque<>();
  private final PriorityQueue<Cursor> open = new PriorityQueue<>(
      Comparator.comparingLong((Cursor c) -> c.event.timeMillis()).thenComparingInt(c -> c.rank));
  private final long totalBytes;
  private long closedBytes;
  /** The cursor whose event {@link #next()} returned last; it moves on at the next call. */
  private Cursor current;
  private long records;
  private long events;

  private MergedAuditLog(List<Path> files, ZoneId zone, BadInputs bad) throws IOException {
    this.bad = bad;
    this.zone = zone;
    List<Cursor> cursors = new ArrayList<>();
    long bytes = 0;
    for (int i = 0; i < files.size(); i++) {
      Path file = files.get(i);
      cursors.add(new Cursor(file, i, firstRecordMillis(file)));
      bytes += Files.size(file);
    }
    // By first record, then as named; a file with no record at all comes last (its lines are then reported).
    cursors.sort(Comparator.comparingLong((Cursor c) -> c.firstMillis).thenComparingInt(c -> c.rank));
    for (int rank = 0; rank < cursors.size(); rank++) {
      cursors.get(rank).rank = rank;
    }
    waiting.addAll(cursors);
    this.totalBytes = bytes;
  }

  /**
   * The audit logs {@code files}, whose times are local times of {@code zone} (the NameNode JVM's zone), merged.
   * Each file's first record is looked up now; nothing else is read before {@link #next()}.
   */
  public static MergedAuditLog open(List<Path> files, ZoneId zone, BadInputs bad) throws IOException {
    return new MergedAuditLog(files, zone, bad);
  }

  /**
   * The next event about a file in time order, or null after the last. The event is reused: it is valid until the
   * next call.
   */
  public AuditEvent next() throws IOException {
    if (current != null) {
      if (current.advance()) {
        open.add(current);
      } else {
        closedBytes += current.close();
      }
      current = null;
    }
    while (!waiting.isEmpty() && (open.isEmpty() || waiting.peek().firstMillis <= open.peek().event.timeMillis())) {
      Cursor next = waiting.poll();
      if (next.start()) {
        open.add(next);
      } else {
        closedBytes += next.close();
      }
    }
    current = open.poll();
    if (current == null) {
      return null;
    }
    events++;
    return current.event;
  }

  /** Where the event {@link #next()} returned last was read: {@code file:line}. */
  public String position() {
    return current == null ? "" : current.file + ":" + current.line;
  }

  /** Audit records read so far, calls about no file included. */
  public long records() {
    return records;
  }

  /** Events about files handed out so far. */
  public long events() {
    return events;
  }

  /** The files' size on disk, together (compressed bytes for gzipped ones). */
  public long totalBytes() {
    return totalBytes;
  }

  /** Bytes of the files read so far, comparable with {@link #totalBytes()}, for progress. */
  public long bytesRead() throws IOException {
    long reading = 0;
    for (Cursor c : open) {
      reading += c.position();
    }
    if (current != null) {
      reading += current.position();
    }
    return closedBytes + reading;
  }

  @Override
  public void close() throws IOException {
    if (current != null) {
      current.close();
    }
    for (Cursor c : open) {
      c.close();
    }
    open.clear();
    waiting.clear();
    current = null;
  }

  /** The time of the file's first audit record, Long.MAX_VALUE when it has none. */
  private long firstRecordMillis(Path file) throws IOException {
    AuditLogParser parser = new AuditLogParser(zone);
    AuditEvent event = new AuditEvent();
    try (InputFiles.Text text = InputFiles.openText(file)) {
      String line;
      while ((line = text.lines().readLine()) != null) {
        if (parser.read(line, event) != AuditLogParser.Kind.MALFORMED) {
          return event.timeMillis();
        }
      }
    }
    return Long.MAX_VALUE;
  }

  /** One file being read: its next event. */
  private final class Cursor {
    final Path file;
    final long firstMillis;
    int rank;
    final AuditLogParser parser = new AuditLogParser(zone);
    final AuditEvent event = new AuditEvent();
    InputFiles.Text text;
    long line;

    Cursor(Path file, int rank, long firstMillis) {
      this.file = file;
      this.rank = rank;
      this.firstMillis = firstMillis;
    }

    /** Opens the file and reads its first event; false when it has none. */
    boolean start() throws IOException {
      text = InputFiles.openText(file);
      return advance();
    }

    /** Reads the next event; false at the end of the file. */
    boolean advance() throws IOException {
      String read;
      while ((read = text.lines().readLine()) != null) {
        line++;
        AuditLogParser.Kind kind = parser.read(read, event);
        if (kind == AuditLogParser.Kind.MALFORMED) {
          if (!read.isBlank()) {
            bad.found(BadInputException.atLine(file.toString(), line,
                "not an HDFS audit log record: '" + BadInputException.excerpt(read) + "'"));
          }
          continue;
        }
        records++;
        if (kind == AuditLogParser.Kind.EVENT) {
          return true;
        }
      }
      return false;
    }

    long position() throws IOException {
      return text == null ? 0 : text.channel().position();
    }

    /** Closes the file and returns its size. */
    long close() throws IOException {
      if (text != null) {
        long size = text.channel().size();
        text.close();
        text = null;
        return size;
      }
      return 0;
    }
  }
}
