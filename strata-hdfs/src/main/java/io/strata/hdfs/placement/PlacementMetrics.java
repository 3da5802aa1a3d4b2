package io.strata.hdfs.placement;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.MetricsRegistry;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeInt;

/**
 * The placement plugin's counters, published through Hadoop metrics (JMX bean
 * {@code Hadoop:service=NameNode,name=StrataPlacement}). One set per process: the NameNode replaces its
 * placement policy object on reconfiguration, and the counts should survive that.
 */
public final class PlacementMetrics implements MetricsSource {
  private static final String NAME = "StrataPlacement";
  private static final PlacementMetrics INSTANCE = new PlacementMetrics();

  private final MetricsRegistry registry = new MetricsRegistry(NAME).setContext("dfs");
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
  /** Versions (file and modification time) of rules files refused so far. */
  private final Set<String> refusedVersions = ConcurrentHashMap.newKeySet();
  final MutableGaugeInt rulesInForce = registry.newGauge("RulesInForce", "Placement rules in force", 0);

  private PlacementMetrics() {}

  public static PlacementMetrics get() {
    return INSTANCE;
  }

  /**
   * Publishes the counters if the process's metrics system does not have them: the NameNode's metrics system
   * starts after class loading and is rebuilt when a NameNode restarts in the same JVM.
   */
  static synchronized void publish() {
    MetricsSystem system = DefaultMetricsSystem.instance();
    if (system.getSource(NAME) == null) {
      try {
        system.register(NAME, "Strata placement policy plugin", INSTANCE);
      } catch (RuntimeException e) {
        // Metrics are an aid; never let them stop placement.
      }
    }
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    registry.snapshot(collector.addRecord(registry.info()), all);
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

  public long ruleLoadFailures() {
    return ruleLoadFailures.value();
  }
}
