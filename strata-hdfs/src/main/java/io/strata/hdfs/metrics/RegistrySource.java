package io.strata.hdfs.metrics;

import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.MetricsRegistry;

/** A metrics source whose counters and gauges live in one {@link MetricsRegistry}, reported as one record. */
public abstract class RegistrySource implements MetricsSource {
  protected final MetricsRegistry registry;

  protected RegistrySource(String name, String context) {
    registry = new MetricsRegistry(name).setContext(context);
  }

  /** Publishes this source under its registry's name, once per process ({@link MetricsSources#publishOnce}). */
  protected void publishOnce(String description) {
    MetricsSources.publishOnce(registry.info().name(), description, this);
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    registry.snapshot(collector.addRecord(registry.info()), all);
  }
}
