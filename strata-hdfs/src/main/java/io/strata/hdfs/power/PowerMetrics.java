package io.strata.hdfs.power;

import io.strata.core.energy.PowerState;
import io.strata.hdfs.metrics.MetricsSources;
import java.util.function.Supplier;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * The power manager's accounting as Hadoop metrics: the JMX bean {@code Hadoop:service=<process>,name=StrataPower}
 * (in the embedded cluster, the NameNode's {@code /jmx}; beside a real DataNode, the daemon's own JVM) with
 * {@code BackupVolumes}, {@code VolumesInStandby}, {@code SpinUps}, {@code StallSeconds}, {@code DiskJoules},
 * {@code BackupJoules}, {@code NodeJoules} and {@code DriverFailures}, each read from the manager's status when
 * the bean is read.
 */
final class PowerMetrics implements MetricsSource {
  static final String NAME = "StrataPower";
  private final Supplier<PowerStatus> status;

  private PowerMetrics(Supplier<PowerStatus> status) {
    this.status = status;
  }

  /** Publishes {@code status} under {@link #NAME}, replacing an earlier manager's; never fails the caller. */
  static void publish(Supplier<PowerStatus> status) {
    MetricsSources.publishReplacing(NAME, "Strata power manager: backup disks in standby and the energy they spent",
        new PowerMetrics(status));
  }

  @Override
  public void getMetrics(MetricsCollector collector, boolean all) {
    PowerStatus s = status.get();
    MetricsRecordBuilder record = collector.addRecord(NAME).setContext("dfs");
    record.addGauge(Interns.info("BackupVolumes", "Backup volumes the manager drives"),
        (int) s.volumes().stream().filter(PowerStatus.Volume::backup).count());
    record.addGauge(Interns.info("VolumesInStandby", "Volumes in standby now"),
        (int) s.volumes().stream().filter(v -> v.state() == PowerState.STANDBY).count());
    record.addGauge(Interns.info("SpinUps", "Spin-ups since the manager started"), s.spinUps());
    record.addGauge(Interns.info("StallSeconds", "Seconds I/O waited for spin-ups"), s.stallSeconds());
    record.addGauge(Interns.info("DiskJoules", "Modeled energy of all volumes"), s.diskJoules());
    record.addGauge(Interns.info("BackupJoules", "Modeled energy of the backup volumes"), s.backupJoules());
    record.addGauge(Interns.info("NodeJoules", "Modeled node energy: base power plus disks"), s.nodeJoules());
    record.addGauge(Interns.info("DriverFailures", "Device tool failures, each leaving a disk awake"),
        s.driverFailures());
  }
}
