package io.strata.core.placement;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.tier.TierMap;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.DumperOptions.FlowStyle;
import org.yaml.snakeyaml.DumperOptions.ScalarStyle;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Which placement policy applies to which path: rules by path prefix, the most specific prefix wins, and paths
 * no rule covers get {@code default}. Every rule is checked against the cluster's tiers when the rules are
 * built, so a bad rule is refused at startup or when it is set, never when a block is written.
 */
public final class PlacementRules {
  /** One rule: a path prefix (a directory or file) and the policy under it. */
  public record Rule(String path, String policy) {}

  private final List<Rule> rules;
  private final Map<String, Rule> byPath = new HashMap<>();
  private final Map<String, PlacementPolicy> policies;
  /** Lengths of the rule paths: a prefix of another length cannot be a rule, so it is not looked up. */
  private final BitSet ruleLengths = new BitSet();
  private final Rule rootRule;

  private PlacementRules(List<Rule> rules, Map<String, PlacementPolicy> policies) {
    this.rules = List.copyOf(rules);
    this.policies = Collections.unmodifiableMap(policies);
    rules.forEach(rule -> {
      byPath.put(rule.path(), rule);
      ruleLengths.set(rule.path().length());
    });
    Rule root = byPath.get("/");
    this.rootRule = root != null ? root : new Rule("/", PlacementPolicies.DEFAULT);
  }

  /** No rules: every path gets {@code default}. */
  public static PlacementRules none(TierMap tiers) {
    return of(List.of(), tiers);
  }

  /** Validates and indexes rules; a later rule for the same path replaces an earlier one. */
  public static PlacementRules of(List<Rule> rules, TierMap tiers) {
    return of(rules, tiers, PlacementPolicies.STANDARD);
  }

  /** As {@link #of(List, TierMap)}, with the policies of {@code catalog}. */
  public static PlacementRules of(List<Rule> rules, TierMap tiers, PlacementPolicies catalog) {
    Map<String, Rule> byPath = new LinkedHashMap<>();
    Map<String, PlacementPolicy> policies = new LinkedHashMap<>();
    policies.put(PlacementPolicies.DEFAULT, catalog.create(PlacementPolicies.DEFAULT, tiers));
    for (Rule rule : rules) {
      String path = normalize(rule.path());
      try {
        policies.computeIfAbsent(rule.policy().trim(), name -> catalog.create(name, tiers));
      } catch (ConfigException e) {
        throw new ConfigException("rule for " + path + ": " + e.getMessage(), e);
      }
      byPath.put(path, new Rule(path, rule.policy().trim()));
    }
    List<Rule> sorted = new ArrayList<>(byPath.values());
    sorted.sort((a, b) -> a.path().compareTo(b.path()));
    return new PlacementRules(sorted, new LinkedHashMap<>(policies));
  }

  /**
   * Parses {@code PATH=POLICY} pairs separated by {@code ;}, {@code ,} or new lines, as the
   * {@code strata.placement.rules} key holds them.
   */
  public static List<Rule> parseInline(String text, String source) {
    List<Rule> rules = new ArrayList<>();
    if (text == null) {
      return rules;
    }
    for (String item : text.split("[;,\\n]")) {
      String trimmed = item.trim();
      if (trimmed.isEmpty()) {
        continue;
      }
      int eq = trimmed.indexOf('=');
      if (eq <= 0 || eq == trimmed.length() - 1) {
        throw new ConfigException(source + ": '" + trimmed + "' is not PATH=POLICY");
      }
      rules.add(new Rule(checkedPath(trimmed.substring(0, eq).trim(), source), trimmed.substring(eq + 1).trim()));
    }
    return rules;
  }

  /** Parses a rules document: {@code rules: [{path: /data, policy: ratio:0.5}, ...]}. */
  public static List<Rule> parseDocument(ConfigNode root) {
    root.allowOnly("rules");
    List<Rule> rules = new ArrayList<>();
    ConfigNode list = root.get("rules");
    if (list == null || list.isEmpty()) {
      return rules;
    }
    for (ConfigNode item : list.items()) {
      item.allowOnly("path", "policy");
      ConfigNode path = item.require("path");
      try {
        rules.add(new Rule(checkedPath(path.text(), root.source()), item.require("policy").text()));
      } catch (ConfigException e) {
        throw path.error(e.getMessage());
      }
    }
    return rules;
  }

  /**
   * Renders rules as a document {@link #parseDocument} reads back, one rule a line. Paths and policies are YAML
   * double-quoted scalars, which SnakeYAML escapes, so any HDFS path (quotes, control characters, line breaks) reads
   * back as it was.
   */
  public static String toDocument(List<Rule> rules) {
    List<Node> items = new ArrayList<>();
    for (Rule rule : rules) {
      items.add(new MappingNode(Tag.MAP, List.of(entry("path", rule.path()), entry("policy", rule.policy())),
          FlowStyle.FLOW));
    }
    // An empty flow list says there are none; "rules:" alone would be a key without a value.
    Node list = new SequenceNode(Tag.SEQ, items, items.isEmpty() ? FlowStyle.FLOW : FlowStyle.BLOCK);
    Node root = new MappingNode(Tag.MAP, List.of(new NodeTuple(plain("rules"), list)), FlowStyle.BLOCK);
    StringWriter out = new StringWriter().append("# Strata placement rules: the most specific path prefix wins.\n");
    new Yaml(documentStyle()).serialize(root, out);
    return out.toString();
  }

  /** Each rule on one line, indented under {@code rules:}, however long its path. */
  private static DumperOptions documentStyle() {
    DumperOptions style = new DumperOptions();
    style.setIndent(4);
    style.setIndicatorIndent(2);
    style.setIndentWithIndicator(true);
    style.setWidth(Integer.MAX_VALUE);
    style.setSplitLines(false);
    return style;
  }

  private static NodeTuple entry(String key, String value) {
    return new NodeTuple(plain(key), new ScalarNode(Tag.STR, value, null, null, ScalarStyle.DOUBLE_QUOTED));
  }

  private static ScalarNode plain(String text) {
    return new ScalarNode(Tag.STR, text, null, null, ScalarStyle.PLAIN);
  }

  private static String checkedPath(String path, String source) {
    if (!path.startsWith("/")) {
      throw new ConfigException(source + ": rule path '" + path + "' must be absolute (start with /)");
    }
    return normalize(path);
  }

  private static String normalize(String path) {
    String p = path.trim();
    while (p.length() > 1 && p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  /** The rule that governs {@code path}: the longest prefix ending at a path component boundary. */
  public Rule ruleFor(String path) {
    // Walks up from the path itself: per-file rules (tier layouts) can be many, and the NameNode asks per block.
    int end = path.length();
    while (end > 0) {
      if (ruleLengths.get(end)) {
        Rule rule = byPath.get(end == path.length() ? path : path.substring(0, end));
        if (rule != null) {
          return rule;
        }
      }
      end = path.lastIndexOf('/', end - 1);
    }
    return rootRule;
  }

  /** The policy that governs {@code path}. */
  public PlacementPolicy policyFor(String path) {
    return policyOf(ruleFor(path));
  }

  /** The policy of one of these rules (from {@link #ruleFor}). */
  public PlacementPolicy policyOf(Rule rule) {
    return policies.get(rule.policy());
  }

  public List<Rule> rules() {
    return rules;
  }

  /** The rules for a reader, as {@link #parseInline} reads them ({@code /data=hybrid, /logs=default}), or "none". */
  public String describe() {
    return rules.isEmpty() ? "none"
        : rules.stream().map(rule -> rule.path() + "=" + rule.policy()).collect(Collectors.joining(", "));
  }
}
