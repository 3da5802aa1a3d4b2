package io.strata.core.config;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as operators write them: {@code 500ms}, {@code 90s}, {@code 30m}, {@code 12h}, {@code 1d}. */
public final class Durations {
  private static final Pattern DURATION = Pattern.compile("(\\d{1,12})\\s*(ms|s|m|h|d)");

  private Durations() {}

  /** {@code text} in milliseconds; {@code what} names the input in the error. */
  public static long parseMillis(String text, String what) {
    try {
      return parse(text).toMillis();
    } catch (IllegalArgumentException e) {
      throw new ConfigException(what + ": " + e.getMessage());
    }
  }

  /** {@code text} as a duration; the error names the text but not where it came from. */
  public static Duration parse(String text) {
    Matcher m = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException("not a duration: '" + text + "' (examples: 500ms, 90s, 30m, 12h, 1d)");
    }
    long value = Long.parseLong(m.group(1));
    long unit = switch (m.group(2)) {
      case "ms" -> 1;
      case "s" -> 1000;
      case "m" -> 60_000;
      case "h" -> 3_600_000;
      default -> 86_400_000;
    };
    try {
      return Duration.ofMillis(Math.multiplyExact(value, unit));
    } catch (ArithmeticException e) {
      // Twelve digits of days overflow a long of milliseconds, and a wrapped product is a wrong duration, not an error.
      throw new IllegalArgumentException("duration too long: '" + text + "' (at most 106751991167d)");
    }
  }
}
