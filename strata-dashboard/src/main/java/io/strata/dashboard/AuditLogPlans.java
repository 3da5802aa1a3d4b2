package io.strata.dashboard;

import io.strata.core.tier.TierMap;
import io.strata.hdfs.autotier.Advice;
import io.strata.hdfs.autotier.DryRunPlan;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FileSystem;

/**
 * Plans as {@code strata autotier plan} does: the whole audit log read, the advisor made for the cluster's
 * DataNodes, one plan for the files under {@code root}.
 *
 * @param advice makes the advisor for a number of DataNodes (the command line's advisor options)
 */
public record AuditLogPlans(IntFunction<Advice> advice, Path auditLog, ZoneId zone, String root, String advisorName)
    implements
      PlanSource {
  @Override
  public DryRunPlan plan(FileSystem fs, TierMap tiers) throws IOException, InterruptedException {
    return DryRunPlan.make(fs, tiers, advice, auditLog, zone, root);
  }

  @Override
  public String description() {
    return advisorName + " over the audit log " + auditLog + " (times in " + zone + "), files under " + root;
  }
}
