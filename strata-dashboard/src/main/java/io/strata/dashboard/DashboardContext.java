package io.strata.dashboard;

import io.strata.hdfs.HdfsFileSystems;
import java.io.Closeable;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/** What the pages read the cluster through: one HDFS client for the dashboard's life, and its settings. */
public final class DashboardContext implements Closeable {
  private final Configuration conf;
  private final TierSource tiers;
  private final PlanSource plans;
  private final Path powerState;
  private DistributedFileSystem fs;

  /**
   * @param plans null when no audit log was given: the popularity page then says how to give one
   */
  public DashboardContext(Configuration conf, TierSource tiers, PlanSource plans) {
    this(conf, tiers, plans, null);
  }

  /**
   * @param powerState the power manager's state directory, or null: the energy page then says how to give one
   */
  public DashboardContext(Configuration conf, TierSource tiers, PlanSource plans, Path powerState) {
    this.conf = new Configuration(conf);
    // A page waits for its answer: a NameNode that is down is reported after a few seconds, not Hadoop's 45.
    this.conf.setIfUnset("ipc.client.connect.max.retries", "2");
    this.conf.setIfUnset("ipc.client.connect.max.retries.on.timeouts", "2");
    this.conf.setIfUnset("ipc.client.connect.timeout", "5000");
    this.tiers = tiers;
    this.plans = plans;
    this.powerState = powerState;
  }

  public Configuration conf() {
    return conf;
  }

  /** The HDFS client, opened on first use. */
  public synchronized DistributedFileSystem fs() throws IOException {
    if (fs == null) {
      fs = HdfsFileSystems.open(conf);
    }
    return fs;
  }

  public TierSource tiers() {
    return tiers;
  }

  public Optional<PlanSource> plans() {
    return Optional.ofNullable(plans);
  }

  /** The power manager's state directory (its {@code --state-dir}), if the dashboard was given one. */
  public Optional<Path> powerState() {
    return Optional.ofNullable(powerState);
  }

  /** The file system the dashboard shows. */
  public URI fsUri() {
    return FileSystem.getDefaultUri(conf);
  }

  @Override
  public synchronized void close() throws IOException {
    if (fs != null) {
      fs.close();
      fs = null;
    }
  }
}
