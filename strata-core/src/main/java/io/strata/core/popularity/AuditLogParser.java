package io.strata.core.popularity;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;

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
 * Within an hour that a daylight-saving change makes ambiguous (or skips), the offset before the change is taken;
 * log4j's text cannot say which was meant. A {@code T} between date and time (log4j 2's ISO8601) is read too.
 */
public final class AuditLogParser {
  private final ZoneId zone;
  /** Zone offset of the last local hour converted, which nearly every next line shares. */
  private long offsetHour = Long.MIN_VALUE;
  private long offsetMillis;

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
     * A well-formed record of a call about no file ({@code src=null}: datanodeReport, getDatanodeStorageReport,
     * ...): nothing about a file's popularity, yet nothing wrong with it. {@code into} is filled, its src "null".
     */
    NO_PATH,
    /** Not an audit record (wrong shape, no timestamp, no {@code cmd} or {@code src}, a relative src). */
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
    into.timeMillis = local - offsetMillis(local);
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
    return "null".equals(into.src) ? Kind.NO_PATH : Kind.MALFORMED;
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

  /** The offset of {@code zone} at a local time given as milliseconds since the epoch as if it were UTC. */
  private long offsetMillis(long localMillis) {
    long hour = Math.floorDiv(localMillis, 3_600_000L);
    if (hour != offsetHour) {
      LocalDateTime start = LocalDateTime.ofEpochSecond(hour * 3600, 0, ZoneOffset.UTC);
      offsetMillis = zone.getRules().getOffset(start).getTotalSeconds() * 1000L;
      offsetHour = hour;
    }
    return offsetMillis;
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
