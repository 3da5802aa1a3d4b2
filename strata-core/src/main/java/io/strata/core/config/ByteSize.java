package io.strata.core.config;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Parses and prints byte sizes such as {@code 120GB} (decimal) or {@code 4 GiB} (binary). */
public final class ByteSize {
  private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-zA-Z]*)");

  private ByteSize() {}

  public static long parse(String text) {
    Matcher m = SIZE.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("not a byte size: '" + text + "' (examples: 1073741824, 120GB, 4GiB)");
    }
    double number = Double.parseDouble(m.group(1));
    double factor = switch (m.group(2).toUpperCase(Locale.ROOT)) {
      case "", "B" -> 1;
      case "K", "KB" -> 1e3;
      case "M", "MB" -> 1e6;
      case "G", "GB" -> 1e9;
      case "T", "TB" -> 1e12;
      case "KIB" -> 1L << 10;
      case "MIB" -> 1L << 20;
      case "GIB" -> 1L << 30;
      case "TIB" -> 1L << 40;
      default -> throw new IllegalArgumentException(
          "unknown size unit '" + m.group(2) + "' in '" + text + "' (use B, KB, MB, GB, TB, KiB, MiB, GiB, TiB)");
    };
    return Math.round(number * factor);
  }

  /** Human-readable binary size, e.g. {@code 1.5 GiB}. */
  public static String format(long bytes) {
    String[] units = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    double value = bytes;
    int unit = 0;
    while (Math.abs(value) >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return unit == 0 ? bytes + " B" : String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
  }
}
