package io.strata.core.config;

import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * A YAML (or JSON, which YAML reads too) document node that remembers where it came from, so every error
 * names the file, line, column and key path. Strata's config readers walk these instead of plain maps.
 */
public final class ConfigNode {
  private final String source;
  private final String path;
  private final Node node;

  private ConfigNode(String source, String path, Node node) {
    this.source = source;
    this.path = path;
    this.node = node;
  }

  /** Parses a YAML or JSON file. */
  public static ConfigNode parse(Path file) {
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      return parse(file.toString(), reader);
    } catch (IOException e) {
      throw new ConfigException(file + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** Parses YAML or JSON text; {@code source} names it in error messages. */
  public static ConfigNode parse(String source, String text) {
    return parse(source, new StringReader(text));
  }

  private static ConfigNode parse(String source, Reader reader) {
    LoaderOptions options = new LoaderOptions();
    options.setAllowDuplicateKeys(false);
    // SnakeYAML refuses documents over 3 MiB by default; a placement rules file with tens of thousands of per-file
    // layouts is larger, and refusing it would leave the NameNode on stale rules.
    options.setCodePointLimit(Integer.MAX_VALUE);
    Node root;
    try {
      root = new Yaml(options).compose(reader);
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark();
      String where = mark == null ? source : source + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1);
      throw new ConfigException(where + ": not valid YAML/JSON: " + e.getProblem(), e);
    } catch (RuntimeException e) {
      throw new ConfigException(source + ": not valid YAML/JSON: " + e.getMessage(), e);
    }
    if (root == null) {
      throw new ConfigException(source + ": is empty");
    }
    return new ConfigNode(source, "", root);
  }

  public String source() {
    return source;
  }

  /** Dotted key path inside the document, e.g. {@code racks[1].nodes[0].host}. */
  public String path() {
    return path.isEmpty() ? "(top level)" : path;
  }

  /** 1-based line of this node in its source. */
  public int line() {
    return node.getStartMark() == null ? 0 : node.getStartMark().getLine() + 1;
  }

  /** An error located at this node. */
  public ConfigException error(String message) {
    Mark mark = node.getStartMark();
    String where = mark == null ? source : source + ":" + (mark.getLine() + 1) + ":" + (mark.getColumn() + 1);
    return new ConfigException(where + ": " + path() + ": " + message);
  }

  public boolean isMapping() {
    return node instanceof MappingNode;
  }

  public boolean isSequence() {
    return node instanceof SequenceNode;
  }

  /** The keys of a mapping, in document order, with their values. */
  public Map<String, ConfigNode> entries() {
    if (!(node instanceof MappingNode mapping)) {
      throw error("must be a mapping (key: value pairs)");
    }
    Map<String, ConfigNode> result = new LinkedHashMap<>();
    for (NodeTuple tuple : mapping.getValue()) {
      if (!(tuple.getKeyNode() instanceof ScalarNode keyNode)) {
        throw new ConfigNode(source, path, tuple.getKeyNode()).error("keys must be plain words");
      }
      String key = keyNode.getValue();
      result.put(key, new ConfigNode(source, path.isEmpty() ? key : path + "." + key, tuple.getValueNode()));
    }
    return result;
  }

  /** Refuses keys outside {@code allowed}, which catches typos that would otherwise be silently ignored. */
  public ConfigNode allowOnly(String... allowed) {
    Set<String> known = new TreeSet<>(Arrays.asList(allowed));
    for (Map.Entry<String, ConfigNode> entry : entries().entrySet()) {
      if (!known.contains(entry.getKey())) {
        throw entry.getValue()
            .error("unknown key '" + entry.getKey() + "' (allowed: " + String.join(", ", known) + ")");
      }
    }
    return this;
  }

  /** The value under {@code key}, or null when absent. */
  public ConfigNode get(String key) {
    return entries().get(key);
  }

  /** The value under {@code key}; absent is an error. */
  public ConfigNode require(String key) {
    ConfigNode child = get(key);
    if (child == null) {
      throw error("missing required key '" + key + "'");
    }
    return child;
  }

  /** True for a key given no value ({@code key:}, {@code key: ~}, {@code key: null}). */
  public boolean isEmpty() {
    if (!(node instanceof ScalarNode scalar)) {
      return false;
    }
    String value = scalar.getValue();
    return value == null || value.isBlank() || "null".equals(value) || "~".equals(value);
  }

  /** The items of a sequence. */
  public List<ConfigNode> items() {
    if (!(node instanceof SequenceNode sequence)) {
      throw error("must be a list");
    }
    List<ConfigNode> result = new ArrayList<>();
    int index = 0;
    for (Node item : sequence.getValue()) {
      result.add(new ConfigNode(source, path + "[" + index++ + "]", item));
    }
    return result;
  }

  /** A scalar as text. */
  public String text() {
    if (!(node instanceof ScalarNode scalar)) {
      throw error("must be a single value, not a list or mapping");
    }
    String value = scalar.getValue();
    if (value == null || value.isBlank() || "null".equals(value) || "~".equals(value)) {
      throw error("must not be empty");
    }
    return value.trim();
  }

  /** A scalar as a finite number. */
  public double number() {
    String text = text();
    try {
      double value = Double.parseDouble(text);
      if (!Double.isFinite(value)) {
        throw error("must be a finite number, got '" + text + "'");
      }
      return value;
    } catch (NumberFormatException e) {
      throw error("must be a number, got '" + text + "'");
    }
  }

  /** A scalar as a number that must be {@code >= 0}. */
  public double nonNegative() {
    double value = number();
    if (value < 0) {
      throw error("must be >= 0, got " + text());
    }
    return value;
  }

  /** A scalar as a number that must be {@code > 0}. */
  public double positive() {
    double value = number();
    if (value <= 0) {
      throw error("must be > 0, got " + text());
    }
    return value;
  }

  /** A scalar as a boolean ({@code true}/{@code false}). */
  public boolean bool() {
    String text = text();
    if ("true".equalsIgnoreCase(text)) {
      return true;
    }
    if ("false".equalsIgnoreCase(text)) {
      return false;
    }
    throw error("must be true or false, got '" + text + "'");
  }

  /** A byte size: a plain number of bytes or a number with a unit (KB, MB, GB, TB, KiB, MiB, GiB, TiB). */
  public long bytes() {
    String text = text();
    try {
      long value = ByteSize.parse(text);
      if (value <= 0) {
        throw error("must be > 0, got '" + text + "'");
      }
      return value;
    } catch (IllegalArgumentException e) {
      throw error(e.getMessage());
    }
  }

  /** A list of strings; a single scalar is read as a one-item list. */
  public List<String> texts() {
    if (node instanceof ScalarNode) {
      return List.of(text());
    }
    List<String> result = new ArrayList<>();
    for (ConfigNode item : items()) {
      result.add(item.text());
    }
    return result;
  }
}
