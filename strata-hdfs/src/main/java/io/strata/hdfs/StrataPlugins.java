package io.strata.hdfs;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** The NameNode configuration that turns Strata's plugins on, for embedded clusters and tests. */
public final class StrataPlugins {
  private StrataPlugins() {}

  /**
   * @param specFile     the cluster spec the NameNode reads its tiers from
   * @param inlineRules  {@code /path=policy;...}, or null for none
   * @param refreshMillis how often the NameNode looks for rule changes in HDFS
   */
  public static Map<String, String> nameNodeConf(Path specFile, String inlineRules, long refreshMillis) {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put("dfs.block.replicator.classname", StrataKeys.PLACEMENT_POLICY_CLASS);
    conf.put(StrataKeys.SPEC_FILE, specFile.toAbsolutePath().toString());
    if (inlineRules != null && !inlineRules.isBlank()) {
      conf.put(StrataKeys.RULES, inlineRules);
    }
    conf.put(StrataKeys.RULES_REFRESH_MS, Long.toString(refreshMillis));
    conf.put("dfs.net.topology.impl", StrataKeys.TOPOLOGY_CLASS);
    // Audit lines then name the tool behind a call, so the autotier daemon can tell its own lookups from reads.
    conf.put("hadoop.caller.context.enabled", "true");
    return conf;
  }
}
