package io.strata.hdfs.tier;

import io.strata.hdfs.metrics.RegistrySource;
import org.apache.hadoop.metrics2.lib.MutableCounterLong;
import org.apache.hadoop.metrics2.lib.MutableGaugeInt;
import org.apache.hadoop.metrics2.lib.MutableGaugeLong;

/**
 * The tier monitor's counts, published through Hadoop metrics: JMX bean
 * {@code Hadoop:service=StrataMonitor,name=TierMonitor} in the {@code strata monitor} process (the service part
 * is the process's metrics prefix), and any configured metrics sink.
 */
public final class MonitorMetrics extends RegistrySource {
  static final String NAME = "TierMonitor";

  final MutableCounterLong cycles = registry.newCounter("Cycles", "Monitor cycles run", 0L);
  final MutableCounterLong filesChecked = registry.newCounter("FilesChecked", "Files checked against their layouts",
      0L);
  final MutableCounterLong violationsFound = registry.newCounter("ViolationsFound",
      "Files found with replicas off their layout or split across tiers", 0L);
  final MutableCounterLong filesRepaired = registry.newCounter("FilesRepaired", "Files brought back to their layout",
      0L);
  final MutableCounterLong repairsFailed = registry.newCounter("RepairsFailed", "Repairs left unfinished", 0L);
  final MutableCounterLong filesDemoted = registry.newCounter("FilesDemoted",
      "Files moved to a slower tier because a tier was above its high-water mark", 0L);
  final MutableCounterLong bytesDemoted = registry.newCounter("BytesDemoted", "Replica bytes demoted", 0L);
  final MutableCounterLong blockMoves = registry.newCounter("BlockMoves", "Block moves done by the monitor", 0L);
  final MutableCounterLong failedBlockMoves = registry.newCounter("FailedBlockMoves", "Block moves that failed", 0L);
  final MutableGaugeInt openViolations = registry.newGauge("OpenViolations",
      "Files off their layout at the end of the last cycle", 0);
  final MutableGaugeLong lastCycleMillis = registry.newGauge("LastCycleMillis", "Duration of the last cycle", 0L);

  public MonitorMetrics() {
    super(NAME, "strata");
  }

  /** Publishes these metrics in the process's metrics system (once per name). */
  MonitorMetrics register() {
    publishOnce("Strata tier monitor");
    return this;
  }

  public long cycles() {
    return cycles.value();
  }

  public long violationsFound() {
    return violationsFound.value();
  }

  public long filesRepaired() {
    return filesRepaired.value();
  }

  public long repairsFailed() {
    return repairsFailed.value();
  }

  public long filesDemoted() {
    return filesDemoted.value();
  }

  public long bytesDemoted() {
    return bytesDemoted.value();
  }

  public long blockMoves() {
    return blockMoves.value();
  }

  public int openViolations() {
    return openViolations.value();
  }
}
