package io.strata.hdfs;

/** Configuration keys of Strata's HDFS plugins (set them in the NameNode's hdfs-site.xml). */
public final class StrataKeys {
  /** The placement plugin class, for {@code dfs.block.replicator.classname}. */
  public static final String PLACEMENT_POLICY_CLASS = "io.strata.hdfs.placement.StrataBlockPlacementPolicy";

  /** A cluster spec (local file) naming the tiers and device speeds; without it each storage type is a tier. */
  public static final String SPEC_FILE = "strata.spec.file";

  /** Placement rules inline: {@code /path=policy;/other=policy}. */
  public static final String RULES = "strata.placement.rules";

  /** Placement rules in a local YAML file: {@code rules: [{path: /p, policy: hybrid}]}. */
  public static final String RULES_FILE = "strata.placement.rules.file";

  /** Rules kept in HDFS, set with {@code strata policy set}; they override configured rules for the same path. */
  public static final String RULES_HDFS_FILE = "strata.placement.rules.hdfs-file";
  public static final String RULES_HDFS_FILE_DEFAULT = "/.strata/placement-rules.yaml";

  /** How often the NameNode looks for changed rules in HDFS. */
  public static final String RULES_REFRESH_MS = "strata.placement.rules.refresh.ms";
  public static final long RULES_REFRESH_MS_DEFAULT = 5_000;

  private StrataKeys() {}
}
