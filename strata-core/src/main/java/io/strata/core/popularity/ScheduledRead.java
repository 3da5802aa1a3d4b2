package io.strata.core.popularity;

import com.cronutils.model.CronType;
import com.cronutils.model.definition.CronDefinitionBuilder;
import com.cronutils.model.time.ExecutionTime;
import com.cronutils.parser.CronParser;
import io.strata.core.config.ConfigException;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.Optional;

/**
 * A hint for a scheduled job (AptStore paper, III-D): the files under {@code path} are read whenever the crontab
 * expression {@code cron} fires, in time zone {@code zone}. When it fires within the next reference time, AptStore
 * promotes the files ahead of the job instead of waiting for the reads to make them popular.
 */
public final class ScheduledRead {
  private static final CronParser UNIX = new CronParser(CronDefinitionBuilder.instanceDefinitionFor(CronType.UNIX));

  private final String path;
  private final String cron;
  private final ZoneId zone;
  private final ExecutionTime executions;

  private ScheduledRead(String path, String cron, ZoneId zone, ExecutionTime executions) {
    this.path = path;
    this.cron = cron;
    this.zone = zone;
    this.executions = executions;
  }

  /**
   * @param cron five crontab fields (minute hour day-of-month month day-of-week), e.g. {@code 0 2 * * *}
   * @throws ConfigException naming the path and what is wrong with it or the expression
   */
  public static ScheduledRead of(String path, String cron, ZoneId zone) {
    if (path == null || !path.startsWith("/")) {
      throw new ConfigException("scheduled read path must be absolute (start with /), got '" + path + "'");
    }
    try {
      return new ScheduledRead(path, cron, zone, ExecutionTime.forCron(UNIX.parse(cron)));
    } catch (RuntimeException e) {
      // Mostly IllegalArgumentException, but cron-utils fails on some expressions with others (an index out of
      // bounds on '30 | * * 1-5'): any failure to parse is the expression's.
      throw new ConfigException("scheduled read of " + path + ": not a crontab expression: '" + cron + "' ("
          + e.getMessage() + "; five fields: minute hour day-of-month month day-of-week, e.g. '0 2 * * *')");
    }
  }

  public String path() {
    return path;
  }

  public String cron() {
    return cron;
  }

  public ZoneId zone() {
    return zone;
  }

  boolean covers(String file) {
    return path.equals("/") || file.equals(path) || file.startsWith(path + "/");
  }

  /** The first run at or after {@code fromMillis}, if it comes before {@code untilMillis}. */
  Optional<Instant> runWithin(long fromMillis, long untilMillis) {
    // ExecutionTime.nextExecution is strictly after its argument; start a second early so a run at 'from' counts.
    ZonedDateTime from = Instant.ofEpochMilli(fromMillis).minusSeconds(1).atZone(zone);
    return executions.nextExecution(from).map(ZonedDateTime::toInstant)
        .filter(next -> next.toEpochMilli() < untilMillis);
  }

  @Override
  public String toString() {
    return path + " at '" + cron + "' (" + zone + ")";
  }
}
