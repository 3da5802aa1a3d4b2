package io.strata.cli.cluster;

import io.strata.core.config.ConfigException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A link rate as {@code tc} writes it: {@code 100Mbit}, {@code 1.5Gbit}, {@code 800kbit} or bits per second. */
final class LinkRate {
  private static final Pattern RATE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmg]?)(?:bit)?",
      Pattern.CASE_INSENSITIVE);

  private LinkRate() {}

  /** Bits per second; a {@link ConfigException} naming {@code what} when the text is not a positive rate. */
  static long parse(String text, String what) {
    Matcher m = RATE.matcher(text.strip());
    if (!m.matches()) {
      throw new ConfigException(what + ": '" + text + "' is not a rate (e.g. 100Mbit, 1Gbit)");
    }
    double factor = switch (m.group(2).toLowerCase(Locale.ROOT)) {
      case "k" -> 1e3;
      case "m" -> 1e6;
      case "g" -> 1e9;
      default -> 1;
    };
    long bits = Math.round(Double.parseDouble(m.group(1)) * factor);
    if (bits <= 0) {
      throw new ConfigException(what + ": '" + text + "' must be above 0");
    }
    return bits;
  }
}
