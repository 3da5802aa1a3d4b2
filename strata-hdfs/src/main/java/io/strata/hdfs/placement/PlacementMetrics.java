package io.strata.hdfs.placement;

import io.strata.hdfs.metrics.RegistrySource;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeInt;

/**
 * The placement plugin's counters, published through Hadoop metrics (JMX bean
 * {@code Hadoop:service=NameNode,name=StrataPlacement}). One set per process: the NameNode replaces its
 * placement policy object on reconfiguration, and the counts should survive that.
 */
public final class PlacementMetrics extends RegistrySource {
  private static final String NAME = "StrataPlacement";
  private static final PlacementMetrics INSTANCE = new PlacementMetrics();

  final MutableCounterLong placedBlocks = registry.newCounter("PlacedBlocks",
      "Blocks placed by a Strata policy (not 'default')", 0L);
  final MutableCounterLong fallbackReplicas = registry.newCounter("FallbackReplicas",
      "Replicas that went to another tier than the policy wanted (full or missing tier)", 0L);
  final MutableCounterLong outsideWriteGroup = registry.newCounter("OutsideWriteGroupReplicas",
      "Backup replicas placed outside the write group because it could not take them (each may wake a disk)", 0L);
  final MutableCounterLong defaultCompletions = registry.newCounter("DefaultCompletions",
      "Blocks for which the Strata policy found too few targets and HDFS's default placement completed them", 0L);
  final MutableCounterLong ruleLoads = registry.newCounter("RuleLoads",
      "Successful loads of placement rules kept in HDFS", 0L);
  final MutableCounterLong ruleLoadFailures = registry.newCounter("RuleLoadFailures",
      "Placement rule files in HDFS that were refused (the previous rules stay in force)", 0L);
  final MutableCounterLong untrustedRuleFiles = registry.newCounter("UntrustedRuleFiles",
      "Placement rule files in HDFS not applied because someone who is not an admin owns or can write them", 0L);
  /** Versions (file and modification time) of rules files refused so far. */
  private final Set<String> refusedVersions = ConcurrentHashMap.newKeySet();
  /** Rules files distrusted so far, with the reason (which names owners and modes). */
  private final Set<String> distrustReasons = ConcurrentHashMap.newKeySet();
  final MutableGaugeInt rulesInForce = registry.newGauge("RulesInForce", "Placement rules in force", 0);

  private PlacementMetrics() {
    super(NAME, "dfs");
  }

  public static PlacementMetrics get() {
    return INSTANCE;
  }

  static void publish() {
    INSTANCE.publishOnce("Strata placement policy plugin");
  }

  public long placedBlocks() {
    return placedBlocks.value();
  }

  public long fallbackReplicas() {
    return fallbackReplicas.value();
  }

  public long outsideWriteGroup() {
    return outsideWriteGroup.value();
  }

  public long defaultCompletions() {
    return defaultCompletions.value();
  }

  public long ruleLoads() {
    return ruleLoads.value();
  }

  /**
   * Counts a refused rules file once per version, however many policy instances read it (HDFS's fsck makes a
   * placement policy of its own each time it runs); true the first time, when the caller should log it.
   */
  boolean refused(String file, long modificationTime) {
    if (refusedVersions.add(file + "@" + modificationTime)) {
      ruleLoadFailures.incr();
      return true;
    }
    return false;
  }

  /**
   * Counts a rules file not trusted for {@code reason} once, however often it is polled; true the first time, when
   * the caller should log it. A new reason (another owner or mode) counts again.
   */
  boolean distrusted(String file, String reason) {
    if (distrustReasons.add(file + ": " + reason)) {
      untrustedRuleFiles.incr();
      return true;
    }
    return false;
  }

  public long untrustedRuleFiles() {
    return untrustedRuleFiles.value();
  }

  public long ruleLoadFailures() {
    return ruleLoadFailures.value();
  }
}
