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

  /**
   * Besides the HDFS superuser, the group whose members may write the rules kept in HDFS; the NameNode applies that
   * file only when one of them owns it. Default: {@code dfs.permissions.superusergroup}.
   */
  public static final String PLACEMENT_ADMIN_GROUP = "strata.placement.admin-group";

  /** How often the NameNode looks for changed rules in HDFS. */
  public static final String RULES_REFRESH_MS = "strata.placement.rules.refresh.ms";
  public static final long RULES_REFRESH_MS_DEFAULT = 5_000;

  /** The read-ordering plugin class, for {@code dfs.net.topology.impl}. */
  public static final String TOPOLOGY_CLASS = "io.strata.hdfs.retrieval.StrataNetworkTopology";

  /** Which replica a reader gets first: a name of {@code RetrievalPolicies} (rate-aware is the recommended one). */
  public static final String RETRIEVAL_POLICY = "strata.retrieval.policy";
  public static final String RETRIEVAL_POLICY_DEFAULT = "network";

  /** Tier weights for weighted retrieval, {@code tier:weight,...}; default: each tier's read bandwidth. */
  public static final String RETRIEVAL_WEIGHTS = "strata.retrieval.weights";

  /** Concurrent streams a node runs, which share its network link (hybrid and adaptive retrieval); default 10. */
  public static final String RETRIEVAL_STREAMS_PER_NODE = "strata.retrieval.streams-per-node";

  /**
   * Energy-efficient HDFS's write group, {@code SIZE/PERIOD} (e.g. {@code 25%/1h}) or {@code off}: backup replicas
   * of {@code primary-backup} blocks go to the backups of a rotating share of the DataNodes, which their power
   * managers keep awake through the turn. Give {@code strata power run} the same value.
   */
  public static final String WRITE_GROUP = "strata.energy.write-group";

  private StrataKeys() {}
}
