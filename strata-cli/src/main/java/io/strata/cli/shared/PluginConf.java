package io.strata.cli.shared;

import io.strata.core.placement.PlacementRules;
import io.strata.embedded.ClientConfigWriter;
import io.strata.hdfs.StrataPlugins;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/** The NameNode settings that turn on Strata's placement plugin for an embedded cluster of a spec. */
public final class PluginConf {
  private PluginConf() {}

  /**
   * Turns on the NameNode plugin with the spec's tiers. The spec is written to {@code base}, next to the client
   * configuration, first, since the NameNode reads it at startup; the rules are checked here so a bad one starts
   * nothing.
   */
  public static Map<String, String> forSpec(Path base, ClusterChoice.Loaded loaded, String rules) throws IOException {
    PlacementRules.of(PlacementRules.parseInline(rules, "--rules"), loaded.spec().tierMap());
    Files.createDirectories(base);
    Path specFile = base.resolve(ClientConfigWriter.SPEC_FILE);
    Files.writeString(specFile, loaded.text());
    return StrataPlugins.nameNodeConf(specFile, rules, 1000);
  }
}
