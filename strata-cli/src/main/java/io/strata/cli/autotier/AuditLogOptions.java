package io.strata.cli.autotier;

import io.strata.core.config.ConfigException;
import io.strata.core.popularity.AuditLogFollower;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.Locale;
import java.util.OptionalLong;
import picocli.CommandLine.Option;

/**
 * Which audit log an autotier command reads, and the time zone of its times: log4j writes the NameNode JVM's
 * local time without an offset, so a NameNode outside UTC would otherwise have every read shifted by hours.
 */
public final class AuditLogOptions {
  /** More than a flush or an NFS clock apart, less than any zone offset but the odd quarter hours. */
  static final long SKEW_TOLERANCE_MILLIS = 20 * 60_000L;
  /** Every zone's offset is a whole number of quarter hours. */
  static final long QUARTER_HOUR_MILLIS = 15 * 60_000L;
  /** How far from a whole quarter hour a wrong zone's skew can be: a flush, not a copy made later. */
  static final long QUARTER_HOUR_SLACK_MILLIS = 30_000L;

  @Option(names = "--audit-log", required = true, paramLabel = "FILE",
      description = "the NameNode's audit log (its rotated siblings FILE.N[.gz] are read first)")
  Path file;

  @Option(names = "--audit-log-zone", paramLabel = "ZONE",
      description = "time zone the NameNode writes the log's times in, e.g. UTC, Europe/Berlin, +02:00 (default: "
          + "this machine's, ${DEFAULT-VALUE})")
  String zone = ZoneId.systemDefault().getId();

  /** The audit log, or null when the option is not given (in an optional group). */
  public Path file() {
    return file;
  }

  /** The zone, once the log (or its rotated archives) is known to exist and the zone is one. */
  public ZoneId check() throws IOException {
    if (!Files.exists(file) && AuditLogFollower.archives(file).isEmpty()) {
      throw new ConfigException(file + ": no such audit log (nor rotated archives of it)");
    }
    try {
      return ZoneId.of(zone);
    } catch (DateTimeException e) {
      throw new ConfigException("--audit-log-zone '" + zone + "': not a time zone (e.g. UTC, Europe/Berlin, +02:00)");
    }
  }

  /**
   * Warns on stderr when the live log's last record is stamped far from the file's last write (the skew of
   * {@link AuditLogFollower#liveSkewMillis()}): they are one instant, unless the times are read in the wrong zone.
   */
  void warnIfZoneLooksWrong(OptionalLong skewMillis, String command) {
    if (skewMillis.isPresent() && zoneLooksWrong(skewMillis.getAsLong())) {
      long skew = skewMillis.getAsLong();
      System.err.printf(Locale.ROOT, "strata %s: warning: the last record of %s, read in time zone %s, "
          + "is stamped %.1f h %s the file was last written; if the NameNode writes its log in another zone, give it "
          + "with --audit-log-zone (how long files look idle depends on it)%n", command, file, zone,
          Math.abs(skew) / 3_600_000.0, skew > 0 ? "after" : "before");
    }
  }

  /**
   * A record stamped after the file's last write can only be read in the wrong zone. One stamped before it may
   * also be a log copied or touched later, so it counts only when the gap is a whole number of quarter hours, as
   * zone offsets are, to within a flush.
   */
  static boolean zoneLooksWrong(long skewMillis) {
    if (Math.abs(skewMillis) < SKEW_TOLERANCE_MILLIS) {
      return false;
    }
    if (skewMillis > 0) {
      return true;
    }
    long offQuarter = Math.floorMod(-skewMillis, QUARTER_HOUR_MILLIS);
    return Math.min(offQuarter, QUARTER_HOUR_MILLIS - offQuarter) <= QUARTER_HOUR_SLACK_MILLIS;
  }
}
