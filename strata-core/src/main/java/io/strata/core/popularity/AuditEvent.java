package io.strata.core.popularity;

/** One parsed HDFS audit log line; a mutable holder so a parser can refill it without allocating per line. */
public final class AuditEvent {
  /** The commands popularity cares about; the rest are {@link #OTHER}. */
  public enum Command {
    OPEN, CREATE, DELETE, RENAME, OTHER
  }

  long timeMillis;
  boolean allowed;
  Command command;
  String src;
  String dst;
  boolean renameMayMoveInto = true;

  /** An empty event, for a parser to fill. */
  public AuditEvent() {}

  /**
   * An event from another source than an audit log line (the simulator's trace, a test): the same thing the
   * parser would have produced for the line.
   */
  public static AuditEvent of(long timeMillis, Command command, String src, String dst) {
    return new AuditEvent().set(timeMillis, true, command, src, dst);
  }

  /** Refills this event in place (no allocation per event) and returns it. */
  public AuditEvent set(long timeMillis, boolean allowed, Command command, String src, String dst) {
    if (command == null || src == null) {
      throw new IllegalArgumentException("an audit event needs a command and a source path, got " + command + " "
          + src);
    }
    this.timeMillis = timeMillis;
    this.allowed = allowed;
    this.command = command;
    this.src = src;
    this.dst = dst;
    this.renameMayMoveInto = true;
    return this;
  }

  /** Marks a rename as one made with options ({@link #renameMayMoveInto()} false) and returns this event. */
  public AuditEvent withRenameOptions() {
    this.renameMayMoveInto = false;
    return this;
  }

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

  /**
   * Whether a rename may have moved its source into {@link #dst()}: HDFS's original rename (logged {@code rename})
   * moves the source inside when the destination is an existing directory, and the log names the directory. The
   * rename with options (FileContext's and the trash's, logged {@code rename (options=[...])}) never does: its
   * destination is the source's new path.
   */
  public boolean renameMayMoveInto() {
    return renameMayMoveInto;
  }

  // The caller context, so adapters can tell tools' own lookups from real reads.
  String callerContext;

  /** The {@code callerContext} the client set (logged with {@code hadoop.caller.context.enabled}), or null. */
  public String callerContext() {
    return callerContext;
  }
}
