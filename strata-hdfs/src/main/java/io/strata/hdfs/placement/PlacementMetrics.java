package io.strata.hdfs.placement;

import org.apache.hadoop.metrics2.annotation.Metric;
import org.apache.hadoop.metrics2.annotation.Metrics;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeInt;

/**
 * The placement plugin's counters, published through Hadoop metrics (JMX bean
 * {@code Hadoop:service=NameNode,name=StrataPlacement}). One set per process: the NameNode replaces its
 * placement policy object on reconfiguration, and the counts should survive that.
 */
@Metrics(name = "StrataPlacement", about = "Strata placement policy plugin", context = "dfs")
public final class PlacementMetrics {
  private static final PlacementMetrics INSTANCE = create();

  @Metric("Blocks placed by a Strata policy (not 'default')")
  MutableCounterLong placedBlocks;
  @Metric("Replicas that went to another tier than the policy wanted (full or missing tier)")
  MutableCounterLong fallbackReplicas;
  @Metric("Blocks for which the Strata policy found too few targets and HDFS's default placement completed them")
  MutableCounterLong defaultCompletions;
  @Metric("Successful loads of placement rules kept in HDFS")
  MutableCounterLong ruleLoads;
  @Metric("Placement rule files in HDFS that were refused (the previous rules stay in force)")
  MutableCounterLong ruleLoadFailures;
  @Metric("Placement rules in force")
  MutableGaugeInt rulesInForce;

  private static PlacementMetrics create() {
    PlacementMetrics metrics = new PlacementMetrics();
    try {
      return DefaultMetricsSystem.instance().register("StrataPlacement", "Strata placement policy plugin", metrics);
    } catch (RuntimeException alreadyRegistered) {
      // A second registration in one JVM (tests that restart NameNodes) keeps working unpublished.
      return metrics;
    }
  }

  public static PlacementMetrics get() {
    return INSTANCE;
  }

  public long placedBlocks() {
    return placedBlocks.value();
  }

  public long fallbackReplicas() {
    return fallbackReplicas.value();
  }

  public long defaultCompletions() {
    return defaultCompletions.value();
  }

  public long ruleLoads() {
    return ruleLoads.value();
  }

  public long ruleLoadFailures() {
    return ruleLoadFailures.value();
  }
}
