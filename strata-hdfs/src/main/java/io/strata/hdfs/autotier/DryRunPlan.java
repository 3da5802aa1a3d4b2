package io.strata.hdfs.autotier;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.tier.TierMap;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.OptionalLong;
import java.util.function.IntFunction;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * The autotier daemon's own reading and planning without a journal or an applier, as {@code strata autotier plan}
 * and the dashboard's popularity page make it: the whole audit log read, one plan for the files under a directory,
 * nothing applied.
 *
 * @param advisor   the advisor's name
 * @param cycle     the plan and the files it saw
 * @param parsed    audit lines parsed
 * @param skipped   audit lines skipped as malformed
 * @param auditSkew how far the live log's last record is stamped from its last write, when known
 */
public record DryRunPlan(String advisor, AutotierRunner.Cycle cycle, long parsed, long skipped,
    OptionalLong auditSkew) {

  /**
   * Plans once.
   *
   * @param advice makes the advisor for a cluster of the given number of DataNodes
   */
  public static DryRunPlan make(FileSystem fs, TierMap tiers, IntFunction<Advice> advice, Path auditLog,
      ZoneId auditZone, String root) throws IOException, InterruptedException {
    int nodes = fs instanceof DistributedFileSystem dfs ? Advice.dataNodes(dfs) : 1;
    Advice made = advice.apply(nodes);
    try (AutotierRunner runner = new AutotierRunner(fs, tiers, made.advisor(), auditLog, auditZone, null, null,
        new AutotierMetrics(), root, made.referenceSeconds() * 1000)) {
      runner.backfill();
      OptionalLong skew = runner.auditSkewMillis();
      AutotierRunner.Cycle cycle = runner.cycle(System.currentTimeMillis(), () -> false);
      return new DryRunPlan(made.advisor().name(), cycle, runner.linesParsed(), runner.linesSkipped(), skew);
    }
  }

  /** The JSON of {@code strata autotier plan --json}. */
  public ObjectNode json() {
    return PlanJson.json(advisor, cycle, parsed, skipped);
  }
}
