package io.strata.dashboard;

import io.strata.core.config.ConfigException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/** The parameters of a request: its query string, or the form of a POST. */
public final class Query {
  private final Map<String, String> values;

  private Query(Map<String, String> values) {
    this.values = values;
  }

  /** Parses {@code a=1&b=x%2Fy}; null or empty gives no parameters. */
  public static Query parse(String encoded) {
    Map<String, String> values = new LinkedHashMap<>();
    if (encoded != null && !encoded.isEmpty()) {
      for (String pair : encoded.split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String rawName = eq < 0 ? pair : pair.substring(0, eq);
        values.put(decoded(rawName, rawName), eq < 0 ? "" : decoded(pair.substring(eq + 1), rawName));
      }
    }
    return new Query(values);
  }

  /** {@code text} URL-decoded; a {@link ConfigException} naming parameter {@code name} when it is not URL-encoded. */
  private static String decoded(String text, String name) {
    try {
      return URLDecoder.decode(text, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("parameter '" + name + "': '" + text + "' is not URL-encoded (" + e.getMessage() + ")");
    }
  }

  /** The parameter, or {@code fallback} when absent or blank. */
  public String get(String name, String fallback) {
    String value = values.get(name);
    return value == null || value.isBlank() ? fallback : value.trim();
  }

  /** The parameter; a {@link ConfigException} naming it when absent. */
  public String required(String name) {
    String value = get(name, null);
    if (value == null) {
      throw new ConfigException("parameter '" + name + "' is required");
    }
    return value;
  }

  /** An absolute HDFS path given as parameter {@code name}, {@code fallback} when absent. */
  public String absolutePath(String name, String fallback) {
    String path = get(name, fallback);
    if (path == null || !path.startsWith("/")) {
      throw new ConfigException(
          "parameter '" + name + "': '" + path + "' is not an absolute path (it must start with /)");
    }
    return path;
  }

  /** A whole number of at least {@code min}, {@code fallback} when absent. */
  public int integer(String name, int fallback, int min) {
    String value = get(name, null);
    if (value == null) {
      return fallback;
    }
    try {
      int n = Integer.parseInt(value);
      if (n < min) {
        throw new ConfigException("parameter '" + name + "' must be at least " + min + ", got " + n);
      }
      return n;
    } catch (NumberFormatException e) {
      throw new ConfigException("parameter '" + name + "': '" + value + "' is not a whole number");
    }
  }
}
