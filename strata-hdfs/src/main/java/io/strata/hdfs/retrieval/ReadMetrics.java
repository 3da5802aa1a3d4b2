package io.strata.hdfs.retrieval;

import io.strata.core.retrieval.Locality;
import io.strata.hdfs.metrics.RegistrySource;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;

/**
 * Reads directed by the NameNode, per tier and per locality class (hatS Fig. 6), published as the JMX bean
 * {@code Hadoop:service=NameNode,name=StrataReads}: counters {@code ReadsTier_<tier>} and
 * {@code ReadsNodeLocal}, {@code ReadsRackLocal}, {@code ReadsRemote}. A read is counted for the replica the
 * reader is sent to first, each time the NameNode orders a block's locations for a client (open, and also
 * getFileBlockLocations, which job planners call).
 */
public final class ReadMetrics extends RegistrySource {
  private static final String NAME = "StrataReads";
  private static final ReadMetrics INSTANCE = new ReadMetrics();

  private final Map<String, MutableCounterLong> byTier = new ConcurrentHashMap<>();
  private final Map<Locality, MutableCounterLong> byLocality = new ConcurrentHashMap<>();

  private ReadMetrics() {
    super(NAME, "dfs");
    byLocality.put(Locality.NODE_LOCAL,
        registry.newCounter("ReadsNodeLocal", "Reads sent to a node-local replica", 0L));
    byLocality.put(Locality.RACK_LOCAL,
        registry.newCounter("ReadsRackLocal", "Reads sent to a rack-local replica", 0L));
    byLocality.put(Locality.REMOTE, registry.newCounter("ReadsRemote", "Reads sent to another rack", 0L));
  }

  public static ReadMetrics get() {
    return INSTANCE;
  }

  static void publish() {
    INSTANCE.publishOnce("Strata read ordering plugin");
  }

  void count(String tier, Locality locality) {
    byTier.computeIfAbsent(tier, t -> registry.newCounter("ReadsTier_" + t, "Reads sent to tier " + t, 0L)).incr();
    byLocality.get(locality).incr();
  }

  /** Reads sent to a tier so far. */
  public long reads(String tier) {
    MutableCounterLong counter = byTier.get(tier);
    return counter == null ? 0 : counter.value();
  }

  public long reads(Locality locality) {
    return byLocality.get(locality).value();
  }
}
