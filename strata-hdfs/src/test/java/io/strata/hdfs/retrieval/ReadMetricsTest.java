package io.strata.hdfs.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.retrieval.Locality;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.junit.jupiter.api.Test;

class ReadMetricsTest {
  /** The counters as the metrics system (and so JMX) sees them. */
  private static Map<String, Long> polled() {
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    ReadMetrics.get().getMetrics(collector, true);
    Map<String, Long> values = new HashMap<>();
    for (MetricsRecord record : collector.getRecords()) {
      assertEquals("StrataReads", record.name());
      for (AbstractMetric metric : record.metrics()) {
        values.put(metric.name(), metric.value().longValue());
      }
    }
    return values;
  }

  @Test
  void everyCountedReadReachesItsTierAndLocalityCounter() {
    Map<String, Long> before = polled();
    ReadMetrics.get().count("metrics-test-tier", Locality.REMOTE);
    ReadMetrics.get().count("metrics-test-tier", Locality.NODE_LOCAL);
    ReadMetrics.get().count("metrics-test-tier", Locality.REMOTE);
    Map<String, Long> after = polled();

    assertEquals(3L, after.get("ReadsTier_metrics-test-tier") - before.getOrDefault("ReadsTier_metrics-test-tier", 0L));
    assertEquals(2L, after.get("ReadsRemote") - before.get("ReadsRemote"));
    assertEquals(1L, after.get("ReadsNodeLocal") - before.get("ReadsNodeLocal"));
    assertEquals(after.get("ReadsRackLocal"), before.get("ReadsRackLocal"));
    assertEquals(3L, ReadMetrics.get().reads("metrics-test-tier"));
  }
}
