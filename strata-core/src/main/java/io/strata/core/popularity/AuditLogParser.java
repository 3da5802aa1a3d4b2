package io.strata.core.popularity;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Parses HDFS audit log lines as the NameNode's default audit logger writes them, after log4j's
 * {@code %d{ISO8601}} prefix:
 * <pre>
 * 2026-11-22 00:21:59,115 INFO FSNamesystem.audit: allowed=true	ugi=alice (auth:SIMPLE)	ip=/10.0.0.5	cmd=open	src=/data/f	dst=null	perm=null	proto=rpc[	callerContext=...]
 * </pre>
 * Fields are tab-separated {@code key=value}; {@code src} and {@code dst} are Java-escaped by HDFS and are
 * unescaped here. Parsing scans the line once without regular expressions, so a core parses over a million
 * lines a second. A line that does not have this shape is refused (the caller counts it), never fatal.
 *
 * <p>log4j writes the time in the NameNode JVM's time zone, with no offset, so the parser is told the zone.
 * When clocks are set back, the hour before the change is written twice, and log4j's text cannot say which pass a
 * line belongs to. A log is written in order, so the parser reads that hour as the first pass until a line would go
 * back more than {@value #OUT_OF_ORDER_MILLIS} ms before the previous one, and as the second pass from there to the
 * hour's end. (A log quiet from the first pass until well into the second cannot show the change; those lines are
 * read as the first pass.) In an hour that clocks skip, which log4j does not write, the offset before the change is
 * taken. A {@code T} between date and time (log4j 2's ISO8601) is read
 * too.
 */
public final class AuditLogParser {
  private final ZoneId zone;
  /** Zone offset of the last local hour converted, which nearly every next line shares. */
  private long offsetHour = Long.MIN_VALUE;
  private long offsetMillis;
  /** In an hour written twice (clocks set back), the offset of the second pass; otherwise {@link #offsetMillis}. */
  private long secondPassOffsetMillis;
  /** The local hour (written twice) whose second pass lines now come from, or Long.MIN_VALUE. */
  private long secondPassHour = Long.MIN_VALUE;
  /** The instant of the previous line, or Long.MIN_VALUE before the first. */
  private long previousMillis = Long.MIN_VALUE;
  /** How far a line may go back before the previous one and still be the same pass (threads log out of order). */
  static final long OUT_OF_ORDER_MILLIS = 10_000;

  /** A parser for a log written in UTC. */
  public AuditLogParser() {
    this(ZoneOffset.UTC);
  }

  /** A parser for a log whose times are local times of {@code zone}. */
  public AuditLogParser(ZoneId zone) {
    this.zone = zone;
  }

  /** What a line of the log is. */
  public enum Kind {
    /** An audit record of a call about a file: {@code into} is filled. */
    EVENT,
    /**
     * A well-formed record of a call about no file: {@code src=null} (datanodeReport, getDatanodeStorageReport,
     * ...) or, for a call other than open, create, delete and rename, a src that is not a path (the policy name of
     * enableErasureCodingPolicy, the directive of addCacheDirective, ...). Nothing about a file's popularity, yet
     * nothing wrong with it. {@code into} is filled, with that src.
     */
    NO_PATH,
    /**
     * Not an audit record (wrong shape, no timestamp, no {@code cmd} or {@code src}), or an open, create, delete or
     * rename whose src is not an absolute path, which HDFS never writes.
     */
    MALFORMED
  }

  /** Fills {@code into} from {@code line}; true only for an {@link Kind#EVENT}. */
  public boolean parse(String line, AuditEvent into) {
    return read(line, into) == Kind.EVENT;
  }

  /** Fills {@code into} from {@code line} and says what the line is. */
  public Kind read(String line, AuditEvent into) {
    if (line == null || line.length() < 30) {
      return Kind.MALFORMED;
    }
    long local = parseTimestamp(line);
    if (local == Long.MIN_VALUE) {
      return Kind.MALFORMED;
    }
    int allowedAt = line.indexOf("allowed=", 23);
    if (allowedAt < 0) {
      return Kind.MALFORMED;
    }
    int cmdAt = line.indexOf("\tcmd=", allowedAt);
    int srcAt = cmdAt < 0 ? -1 : line.indexOf("\tsrc=", cmdAt);
    if (cmdAt < 0 || srcAt < 0) {
      return Kind.MALFORMED;
    }
    into.timeMillis = instant(local);
    into.allowed = line.startsWith("true", allowedAt + 8);
    int cmdEnd = fieldEnd(line, cmdAt + 5);
    into.command = command(line, cmdAt + 5, cmdEnd);
    // "rename (options=[...])" always names the new path; a plain "rename" may name a directory it moved into.
    into.renameMayMoveInto = into.command != AuditEvent.Command.RENAME || cmdEnd - (cmdAt + 5) == 6;
    int srcEnd = fieldEnd(line, srcAt + 5);
    into.src = unescape(line, srcAt + 5, srcEnd);
    into.dst = null;
    if (into.command == AuditEvent.Command.RENAME) {
      int dstAt = line.indexOf("\tdst=", srcEnd);
      if (dstAt >= 0) {
        String dst = unescape(line, dstAt + 5, fieldEnd(line, dstAt + 5));
        into.dst = "null".equals(dst) ? null : dst;
      }
    }
    int contextAt = line.indexOf("\tcallerContext=", srcEnd);
    into.callerContext = contextAt < 0 ? null : line.substring(contextAt + 15, fieldEnd(line, contextAt + 15));
    if (into.src.startsWith("/")) {
      return Kind.EVENT;
    }
    return "null".equals(into.src) || into.command == AuditEvent.Command.OTHER ? Kind.NO_PATH : Kind.MALFORMED;
  }

  private static int fieldEnd(String line, int from) {
    int tab = line.indexOf('\t', from);
    return tab < 0 ? line.length() : tab;
  }

  private static AuditEvent.Command command(String line, int from, int to) {
    int len = to - from;
    if (len == 4 && line.startsWith("open", from)) {
      return AuditEvent.Command.OPEN;
    }
    if (len == 6 && line.startsWith("create", from)) {
      return AuditEvent.Command.CREATE;
    }
    if (len == 6 && line.startsWith("delete", from)) {
      return AuditEvent.Command.DELETE;
    }
    // FileSystem.rename logs "rename"; the rename with options (FileContext, the trash) "rename (options=[...])".
    if (len >= 6 && line.startsWith("rename", from) && (len == 6 || line.startsWith(" (options=", from + 6))) {
      return AuditEvent.Command.RENAME;
    }
    return AuditEvent.Command.OTHER;
  }

  /** The instant of a local time of {@code zone} given as milliseconds since the epoch as if it were UTC. */
  private long instant(long localMillis) {
    long hour = Math.floorDiv(localMillis, 3_600_000L);
    if (hour != offsetHour) {
      LocalDateTime start = LocalDateTime.ofEpochSecond(hour * 3600, 0, ZoneOffset.UTC);
      List<ZoneOffset> valid = zone.getRules().getValidOffsets(start);
      // Empty in a skipped hour: the offset before the change, as getOffset gives.
      offsetMillis = (valid.isEmpty() ? zone.getRules().getOffset(start) : valid.get(0)).getTotalSeconds() * 1000L;
      secondPassOffsetMillis = valid.size() == 2 ? valid.get(1).getTotalSeconds() * 1000L : offsetMillis;
      offsetHour = hour;
    }
    long instant = localMillis - offsetMillis;
    if (secondPassOffsetMillis != offsetMillis) {
      if (hour != secondPassHour && previousMillis != Long.MIN_VALUE
          && instant < previousMillis - OUT_OF_ORDER_MILLIS) {
        secondPassHour = hour;
      }
      if (hour == secondPassHour) {
        instant = localMillis - secondPassOffsetMillis;
      }
    }
    previousMillis = instant;
    return instant;
  }

  /**
   * {@code yyyy-MM-dd HH:mm:ss,SSS} (or with {@code T} and {@code .}) at the start of the line, as milliseconds
   * since the epoch if the local time were UTC; Long.MIN_VALUE when absent.
   */
  static long parseTimestamp(String s) {
    if (s.length() < 23 || s.charAt(4) != '-' || s.charAt(7) != '-' || (s.charAt(10) != ' ' && s.charAt(10) != 'T')
        || s.charAt(13) != ':' || s.charAt(16) != ':' || (s.charAt(19) != ',' && s.charAt(19) != '.')) {
      return Long.MIN_VALUE;
    }
    int year = digits(s, 0, 4);
    int month = digits(s, 5, 2);
    int day = digits(s, 8, 2);
    int hour = digits(s, 11, 2);
    int minute = digits(s, 14, 2);
    int second = digits(s, 17, 2);
    int milli = digits(s, 20, 3);
    if (year < 0 || month < 1 || month > 12 || day < 1 || day > 31 || hour < 0 || hour > 23 || minute < 0
        || minute > 59 || second < 0 || second > 60 || milli < 0) {
      return Long.MIN_VALUE;
    }
    long days = daysFromCivil(year, month, day);
    return ((days * 24 + hour) * 60 + minute) * 60_000L + second * 1000L + milli;
  }

  private static int digits(String s, int from, int count) {
    int value = 0;
    for (int i = from; i < from + count; i++) {
      char c = s.charAt(i);
      if (c < '0' || c > '9') {
        return -1;
      }
      value = value * 10 + (c - '0');
    }
    return value;
  }

  /** Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm). */
  private static long daysFromCivil(int year, int month, int day) {
    int y = month <= 2 ? year - 1 : year;
    int era = Math.floorDiv(y, 400);
    int yoe = y - era * 400;
    int doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
    int doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097L + doe - 719468;
  }

  private static int hex4(String s, int from) {
    int value = 0;
    for (int i = from; i < from + 4; i++) {
      int digit = Character.digit(s.charAt(i), 16);
      if (digit < 0) {
        return -1;
      }
      value = value * 16 + digit;
    }
    return value;
  }

  /** Undoes HDFS's Java escaping of paths ({@code \t}, {@code \\}, backslash-u and four hex digits, ...). */
  static String unescape(String line, int from, int to) {
    int backslash = line.indexOf('\\', from);
    if (backslash < 0 || backslash >= to) {
      return line.substring(from, to);
    }
    StringBuilder out = new StringBuilder(to - from);
    for (int i = from; i < to; i++) {
      char c = line.charAt(i);
      if (c != '\\' || i + 1 >= to) {
        out.append(c);
        continue;
      }
      char next = line.charAt(++i);
      switch (next) {
        case 't' -> out.append('\t');
        case 'n' -> out.append('\n');
        case 'r' -> out.append('\r');
        case 'b' -> out.append('\b');
        case 'f' -> out.append('\f');
        case 'u' -> {
          int code = i + 4 < to ? hex4(line, i + 1) : -1;
          if (code >= 0) {
            out.append((char) code);
            i += 4;
          } else {
            out.append("\\u"); // not an escape HDFS would write; keep it as it is
          }
        }
        default -> out.append(next);
      }
    }
    return out.toString();
  }
}
