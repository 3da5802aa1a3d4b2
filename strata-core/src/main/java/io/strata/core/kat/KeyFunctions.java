package io.strata.core.kat;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The key functions a KAT ingest may name, each written once: its syntax, a line for help texts and how to make
 * it from its parameter. A key function is written as {@code NAME[:PARAM]}; the text is what the ingest records
 * with the data, so a job and a later ingest rebuild the same function.
 */
public final class KeyFunctions {
  /** One key function: its name, syntax and description, and how to make it from the text after "NAME:". */
  public record Entry(String name, String syntax, String description, Function<String, KeyExtractor> factory) {}

  public static final KeyFunctions STANDARD = new KeyFunctions(List.of(
      new Entry("field", "field:N[:DELIM]", "field N (from 1) of a line split at DELIM (default: tab)",
          KeyFunctions::field),
      new Entry("regex", "regex:REGEX", "the first match of REGEX in a line (its group 1 if it has one)",
          param -> new RegexKey(require("regex", param))),
      new Entry("tokens", "tokens[:REGEX]",
          "every whitespace token is a record keyed by itself, or by REGEX's match in it (WordCount, Grep)",
          param -> new TokenKey(param == null || param.isEmpty() ? null : param)),
      new Entry("class", "class:NAME", "a class implementing io.strata.core.kat.KeyExtractor (no-argument constructor)",
          param -> userClass(require("class", param)))));

  private final List<Entry> entries;

  public KeyFunctions(List<Entry> entries) {
    this.entries = List.copyOf(entries);
  }

  public KeyFunctions plus(Entry entry) {
    List<Entry> more = new ArrayList<>(entries);
    more.add(entry);
    return new KeyFunctions(more);
  }

  public List<Entry> entries() {
    return entries;
  }

  /** "field:N[:DELIM], regex:REGEX, ..." for help texts and errors. */
  public String syntaxes() {
    return String.join(", ", entries.stream().map(Entry::syntax).toList());
  }

  /** The key function {@code text} names, e.g. {@code field:2:,} or {@code tokens}. */
  public KeyExtractor create(String text) {
    String t = text == null ? "" : text;
    int colon = t.indexOf(':');
    String name = colon < 0 ? t : t.substring(0, colon);
    String param = colon < 0 ? null : t.substring(colon + 1);
    for (Entry entry : entries) {
      if (entry.name().equals(name)) {
        return entry.factory().apply(param);
      }
    }
    throw new ConfigException("unknown key function '" + t + "' (known: " + syntaxes() + ")");
  }

  private static String require(String name, String param) {
    if (param == null || param.isEmpty()) {
      throw new ConfigException("key function '" + name + "' needs a parameter: " + name + ":...");
    }
    return param;
  }

  private static KeyExtractor field(String param) {
    String p = require("field", param);
    int colon = p.indexOf(':');
    String number = colon < 0 ? p : p.substring(0, colon);
    String delimiter = colon < 0 ? "\t" : p.substring(colon + 1).replace("\\t", "\t");
    try {
      return new FieldKey(Integer.parseInt(number), delimiter);
    } catch (NumberFormatException e) {
      throw new ConfigException("key 'field:" + p + "': '" + number + "' is not a field number");
    }
  }

  private static KeyExtractor userClass(String name) {
    try {
      ClassLoader loader = Thread.currentThread().getContextClassLoader();
      Class<?> type = Class.forName(name, true, loader != null ? loader : KeyFunctions.class.getClassLoader());
      if (!KeyExtractor.class.isAssignableFrom(type)) {
        throw new ConfigException("key 'class:" + name + "': the class does not implement "
            + KeyExtractor.class.getName());
      }
      return (KeyExtractor) type.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | LinkageError e) {
      throw new ConfigException("key 'class:" + name + "': cannot make one: " + e, e);
    }
  }
}
