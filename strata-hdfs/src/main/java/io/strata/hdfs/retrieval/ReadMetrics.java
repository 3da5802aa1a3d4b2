package io.strata.hdfs.retrieval;

import io.strata.core.retrieval.Locality;
import io.strata.hdfs.metrics.RegistrySource;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * Reads directed by the NameNode, per tier and per locality class (hatS Fig. 6), published as the JMX bean
 * {@code Hadoop:service=NameNode,name=StrataReads}: counters {@code ReadsTier_<tier>} and
 * {@code ReadsNodeLocal}, {@code ReadsRackLocal}, {@code ReadsRemote}. A read is counted for the replica the
 * reader is sent to first, each time the NameNode orders a block's locations for a client (open, and also
 * getFileBlockLocations, which job planners call).
 *
 * <p>The counters are plain {@link LongAdder}s read when the metrics system polls: this runs for every block of
 * every open, and Hadoop's {@code MutableCounterLong} adds a volatile "changed" write per increment.
 */
public final class ReadMetrics extends RegistrySource {
  private static final String NAME = "StrataReads";
  private static final ReadMetrics INSTANCE = new ReadMetrics();

  private final Map<String, LongAdder> byTier = new ConcurrentHashMap<>();
  private final Map<Locality, LongAdder> byLocality = new EnumMap<>(Locality.class);
  private final Map<Locality, MetricsInfo> localityInfo = new EnumMap<>(Locality.class);

  private ReadMetrics() {
    super(NAME, "dfs");
    localityInfo.put(Locality.NODE_LOCAL, Interns.info("ReadsNodeLocal", "Reads sent to a node-local replica"));
    localityInfo.put(Locality.RACK_LOCAL, Interns.info("ReadsRackLocal", "Reads sent to a rack-local replica"));
    localityInfo.put(Locality.REMOTE, Interns.info("ReadsRemote", "Reads sent to another rack"));
    for (Locality locality : Locality.values()) {
      byLocality.put(locality, new LongAdder());
    }
  }

  public static ReadMetrics get() {
    return INSTANCE;
  }

  static void publish() {
    INSTANCE.publishOnce("Strata read ordering plugin");
  }

  void count(String tier, Locality locality) {
    LongAdder tierReads = byTier.get(tier);
    if (tierReads == null) {
      tierReads = byTier.computeIfAbsent(tier, t -> new LongAdder());
    }
    tierReads.increment();
    byLocality.get(locality).increment();
  }

  /** Reads sent to a tier so far. */
  public long reads(String tier) {
    LongAdder counter = byTier.get(tier);
    return counter == null ? 0 : counter.sum();
  }

  public long reads(Locality locality) {
    return byLocality.get(locality).sum();
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder record = collector.addRecord(registry.info());
    registry.snapshot(record, all);
    for (Map.Entry<Locality, MetricsInfo> locality : localityInfo.entrySet()) {
      record.addCounter(locality.getValue(), reads(locality.getKey()));
    }
    for (Map.Entry<String, LongAdder> tier : byTier.entrySet()) {
      record.addCounter(Interns.info("ReadsTier_" + tier.getKey(), "Reads sent to tier " + tier.getKey()),
          tier.getValue().sum());
    }
  }
}
