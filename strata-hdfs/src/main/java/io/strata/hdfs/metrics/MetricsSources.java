package io.strata.hdfs.metrics;

import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * Publishes Strata's metrics sources in the process's Hadoop metrics system (its JMX beans and any configured sink).
 * Metrics are an aid: publishing never fails the caller, which runs on without them.
 */
public final class MetricsSources {
  private MetricsSources() {}

  /**
   * Registers {@code source} as {@code name} unless the metrics system has a source of that name. Callers publish
   * each time they start: the NameNode's metrics system starts after class loading and is rebuilt when a NameNode
   * restarts in the same JVM.
   */
  public static synchronized void publishOnce(String name, String description, MetricsSource source) {
    try {
      MetricsSystem system = DefaultMetricsSystem.instance();
      if (system.getSource(name) == null) {
        system.register(name, description, source);
      }
    } catch (RuntimeException e) {
      // Metrics are an aid; the caller runs without them.
    }
  }

  /** Registers {@code source} as {@code name}, replacing the source registered under that name before. */
  public static synchronized void publishReplacing(String name, String description, MetricsSource source) {
    try {
      MetricsSystem system = DefaultMetricsSystem.instance();
      if (system.getSource(name) != null) {
        system.unregisterSource(name);
      }
      system.register(name, description, source);
    } catch (RuntimeException e) {
      // Metrics are an aid; the caller runs without them.
    }
  }
}
