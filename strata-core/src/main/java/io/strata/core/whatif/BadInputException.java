package io.strata.core.whatif;

import java.io.IOException;

/**
 * A line or entry of an operator's input (a namespace image, an audit log) that cannot be read. The message names
 * the file and where in it: {@code file:LINE: why} for text, {@code file: SECTION section, entry N at byte B: why}
 * for a binary fsimage.
 */
public final class BadInputException extends IOException {
  private static final long serialVersionUID = 1L;

  private final String source;
  private final String location;
  private final String reason;

  private BadInputException(String source, String location, String reason, String message, Throwable cause) {
    super(message, cause);
    this.source = source;
    this.location = location;
    this.reason = reason;
  }

  /** Line {@code line} (1-based) of the text file {@code source}. */
  public static BadInputException atLine(String source, long line, String reason) {
    return new BadInputException(source, "line " + line, reason, source + ":" + line + ": " + reason, null);
  }

  /** A place in a binary file described by {@code location} (a section, an entry, a byte offset). */
  public static BadInputException at(String source, String location, String reason, Throwable cause) {
    return new BadInputException(source, location, reason, source + ": " + location + ": " + reason, cause);
  }

  /** {@code text}, cut to a length that fits an error message. */
  public static String excerpt(String text) {
    return text.length() <= 120 ? text : text.substring(0, 117) + "...";
  }

  /** The file, as it was named to the reader. */
  public String source() {
    return source;
  }

  /** Where in the file: {@code line N}, or a section, entry and offset. */
  public String location() {
    return location;
  }

  /** What is wrong there. */
  public String reason() {
    return reason;
  }
}
