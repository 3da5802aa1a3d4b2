package io.strata.hdfs;

import io.strata.core.config.ConfigException;
import io.strata.core.retrieval.RetrievalPolicies;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import org.apache.commons.text.similarity.LevenshteinDistance;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;

/**
 * NameNode and DataNode settings given as {@code -D key=value}, as Hadoop's own tools accept them, checked before
 * anything starts: the key must be one Hadoop (core-default.xml, hdfs-default.xml, or a deprecated name of one) or
 * Strata knows, and the value must have the type of the key's default (a number, a boolean, a duration). Hadoop
 * itself takes any key and reads a bad value only when the daemon uses it, so a typo would silently do nothing.
 */
public final class HadoopSettings {
  /** Keys the cluster launcher sets itself (addresses and directories), with the option to use instead. */
  private static final Map<String, String> OWNED_BY_LAUNCHER = Map.of(
      "fs.defaultFS", "--port",
      "dfs.namenode.rpc-address", "--port",
      "dfs.namenode.http-address", "--http-port",
      "dfs.namenode.name.dir", "--dir",
      "dfs.datanode.data.dir", "--dir and the spec's volumes",
      "dfs.datanode.address", "the spec's hosts",
      "dfs.datanode.hostname", "the spec's hosts");

  /** A number with an optional unit: 3, 0.999f, 128m, 30s. */
  private static final Pattern NUMBER = Pattern.compile("-?\\d*\\.?\\d+\\s*[a-zA-Z]*");

  private static volatile Map<String, String> defaults;

  private HadoopSettings() {}

  /**
   * Parses and checks {@code definitions} (each {@code key=value}), in order; a later one for the same key wins.
   *
   * @param option how the user gave them, for messages (e.g. {@code -D})
   * @throws ConfigException naming the definition and what is wrong with it
   */
  public static Map<String, String> parse(List<String> definitions, String option) {
    Map<String, String> settings = new LinkedHashMap<>();
    for (String definition : definitions) {
      int equals = definition.indexOf('=');
      if (equals <= 0) {
        throw new ConfigException(option + " '" + definition + "': expected KEY=VALUE, e.g. " + option
            + " dfs.replication=2");
      }
      String key = definition.substring(0, equals).trim();
      String value = definition.substring(equals + 1).trim();
      check(option, key, value);
      settings.put(key, value);
    }
    return settings;
  }

  /** Checks one setting; see {@link #parse}. */
  public static void check(String option, String key, String value) {
    String where = option + " " + key + "=" + value;
    if (OWNED_BY_LAUNCHER.containsKey(key)) {
      throw new ConfigException(where + ": the cluster sets " + key + " itself; use " + OWNED_BY_LAUNCHER.get(key));
    }
    Map<String, String> known = knownKeys();
    if (!known.containsKey(key) && !Configuration.isDeprecated(key)) {
      String nearest = nearest(key, known.keySet());
      throw new ConfigException(where + ": unknown key '" + key + "' (not in Hadoop's core-default.xml or "
          + "hdfs-default.xml, nor one of Strata's)" + (nearest == null ? "" : "; did you mean " + nearest + "?"));
    }
    String fallback = known.getOrDefault(key, "");
    if (key.equals(StrataKeys.RETRIEVAL_POLICY)) {
      if (!RetrievalPolicies.NAMES.contains(value)) {
        throw new ConfigException(where + ": unknown retrieval policy '" + value + "' (known: "
            + String.join(", ", RetrievalPolicies.NAMES) + ")");
      }
    } else if (fallback.equals("true") || fallback.equals("false")) {
      if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
        throw new ConfigException(where + ": " + key + " is true or false");
      }
    } else if (NUMBER.matcher(fallback).matches() && !NUMBER.matcher(value).matches()) {
      // Hadoop reads these as numbers, sizes (128m) or durations (30s, 1h); all start with a number.
      throw new ConfigException(where + ": " + key + " is a number, with a unit where its default has one "
          + "(default " + fallback + ")");
    }
  }

  /** Every key of core-default.xml and hdfs-default.xml with its default, and Strata's keys (no default). */
  static Map<String, String> knownKeys() {
    Map<String, String> known = defaults;
    if (known == null) {
      Map<String, String> all = new TreeMap<>();
      HdfsConfiguration conf = new HdfsConfiguration(true);
      for (Map.Entry<String, String> entry : conf) {
        all.put(entry.getKey(), entry.getValue());
      }
      for (Field field : StrataKeys.class.getFields()) {
        if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
          try {
            String value = (String) field.get(null);
            if (value.startsWith("strata.")) {
              all.putIfAbsent(value, "");
            }
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
      known = Map.copyOf(all);
      defaults = known;
    }
    return known;
  }

  private static String nearest(String key, Set<String> known) {
    LevenshteinDistance distance = new LevenshteinDistance(Math.max(3, key.length() / 5));
    return known.stream().filter(k -> distance.apply(key, k) >= 0)
        .min(Comparator.comparingInt((String k) -> distance.apply(key, k)).thenComparing(k -> k)).orElse(null);
  }
}
