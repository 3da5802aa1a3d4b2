package io.strata.hdfs.placement;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import io.strata.core.placement.PlacementRules;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.StrataKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * What the plugin reads from the NameNode's configuration: the tiers (from a cluster spec) and the configured
 * placement rules. Reading it validates it, so a bad key stops the NameNode at startup with a clear message.
 */
public record PlacementSettings(TierMap tierMap, List<PlacementRules.Rule> configuredRules) {

  public PlacementSettings {
    configuredRules = List.copyOf(configuredRules);
  }

  public static PlacementSettings from(Configuration conf) {
    TierMap tiers = tierMap(conf);
    List<PlacementRules.Rule> rules = new ArrayList<>(
        PlacementRules.parseInline(conf.get(StrataKeys.RULES), StrataKeys.RULES));
    String rulesFile = conf.getTrimmed(StrataKeys.RULES_FILE);
    if (rulesFile != null && !rulesFile.isEmpty()) {
      Path file = Path.of(rulesFile);
      if (!Files.isRegularFile(file)) {
        throw new ConfigException(StrataKeys.RULES_FILE + ": no such file " + file);
      }
      rules.addAll(PlacementRules.parseDocument(ConfigNode.parse(file)));
    }
    PlacementRules.of(rules, tiers); // refuses bad rules now rather than at write time
    return new PlacementSettings(tiers, rules);
  }

  /** True when {@code strata.spec.file} names a spec; without one the tiers follow the DataNodes' storage types. */
  public static boolean hasSpec(Configuration conf) {
    String specFile = conf.getTrimmed(StrataKeys.SPEC_FILE);
    return specFile != null && !specFile.isEmpty();
  }

  /**
   * The tiers the spec named in {@code strata.spec.file} defines; one tier per storage type without it (the
   * plugin then places only on the types its DataNodes have).
   */
  public static TierMap tierMap(Configuration conf) {
    if (!hasSpec(conf)) {
      return TierMap.byStorageKind();
    }
    String specFile = conf.getTrimmed(StrataKeys.SPEC_FILE);
    Path file = Path.of(specFile);
    if (!Files.isRegularFile(file)) {
      throw new ConfigException(StrataKeys.SPEC_FILE + ": no such file " + file);
    }
    return SpecParser.parse(file).tierMap();
  }
}
