package io.strata.dashboard;

import io.strata.core.tier.TierMap;
import io.strata.hdfs.autotier.DryRunPlan;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;

/** Makes the dry-run plan {@code strata autotier plan} makes, with the same audit log and advisor options. */
public interface PlanSource {
  DryRunPlan plan(FileSystem fs, TierMap tiers) throws IOException, InterruptedException;

  /** What is planned from, for the page: e.g. {@code aptstore over /var/log/hdfs-audit.log, files under /}. */
  String description();
}
