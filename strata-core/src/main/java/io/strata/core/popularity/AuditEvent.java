package io.strata.core.popularity;

/** One parsed HDFS audit log line; a mutable holder so a parser can refill it without allocating per line. */
public final class AuditEvent {
  /** The commands popularity cares about; the rest are {@link #OTHER}. */
  public enum Command { OPEN, CREATE, DELETE, RENAME, OTHER }

  long timeMillis;
  boolean allowed;
  Command command;
  String src;
  String dst;

  public long timeMillis() {
    return timeMillis;
  }

  public boolean allowed() {
    return allowed;
  }

  public Command command() {
    return command;
  }

  public String src() {
    return src;
  }

  /** The rename target, or null. */
  public String dst() {
    return dst;
  }

  // The caller context, so adapters can tell tools' own lookups from real reads.
  String callerContext;

  /** The {@code callerContext} the client set (logged with {@code hadoop.caller.context.enabled}), or null. */
  public String callerContext() {
    return callerContext;
  }
}
