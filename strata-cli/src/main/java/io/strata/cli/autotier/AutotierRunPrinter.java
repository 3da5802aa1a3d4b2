package io.strata.cli.autotier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.DurationArg;
import io.strata.cli.shared.Failures;
import io.strata.cli.shared.RescuePrinter;
import io.strata.core.config.ByteSize;
import io.strata.hdfs.autotier.Advice;
import io.strata.hdfs.autotier.AutotierDaemon;
import io.strata.hdfs.autotier.AutotierJournal;
import io.strata.hdfs.autotier.AutotierMetrics;
import io.strata.hdfs.autotier.AutotierRunner;
import io.strata.hdfs.autotier.Change;
import io.strata.hdfs.autotier.PlanJson;
import io.strata.hdfs.autotier.TierRoles;
import io.strata.hdfs.rescue.FilerRescue;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.OptionalLong;

/**
 * What {@code strata autotier run} prints of its daemon: each change, rescue, resumed plan and cycle on stdout (one
 * JSON line each with --json), how it starts and what goes wrong on stderr.
 */
final class AutotierRunPrinter implements AutotierDaemon.Listener {
  /**
   * What the printing depends on of {@code autotier run}'s options.
   *
   * @param audit          the audit log and its zone, to warn when the zone looks wrong
   * @param advisorConfig  the advisor's {@code --config} file, or null
   * @param changeInterval as typed, for the start line
   */
  record Settings(boolean json, boolean dryRun, String path, int maxChanges, DurationArg changeInterval,
      long maxBytesPerSecond, AuditLogOptions audit, Path advisorConfig) {}

  private final Settings options;
  private final ObjectMapper mapper = new ObjectMapper();

  AutotierRunPrinter(Settings options) {
    this.options = options;
  }

  @Override
  public void bandwidthSet(long bytesPerSecond) {
    System.err.printf("strata autotier: DataNodes' block-move bandwidth set to %s/s%n",
        ByteSize.format(bytesPerSecond));
  }

  @Override
  public void started(Advice advice, TierRoles roles) {
    System.err.printf("strata autotier: %s%s over %s, RT %d s, %s; at most %d change(s) per %s and %s/s copied%n",
        advice.advisor().name(), options.dryRun() ? " (dry run)" : "", options.path(), advice.referenceSeconds(),
        roles == null ? "no tiers chosen"
            : "primary tier " + roles.primary() + ", secondary tier "
                + (roles.secondary() == null ? "none" : roles.secondary())
                + (advice.rules().secondaryRedundant() ? " (internally redundant)" : ""),
        options.maxChanges(), options.changeInterval(), ByteSize.format(options.maxBytesPerSecond()));
  }

  @Override
  public void rescued(FilerRescue.BlockResult block) {
    if (options.json()) {
      System.out.println(RescuePrinter.json(mapper.createObjectNode().put("event", "rescue"), block));
    } else {
      System.out.println("rescue   " + RescuePrinter.line(block));
    }
    System.out.flush();
  }

  @Override
  public void rescueFailed(Exception e) {
    System.err.println("strata autotier: filer rescue failed, planning anyway: " + Failures.describe(e));
  }

  @Override
  public void resuming(AutotierJournal.Entry plan, int doneBefore) {
    if (options.json()) {
      System.out.println(mapper.createObjectNode().put("event", "resume").put("plan", plan.id())
          .put("changes", plan.changes().size()).put("doneBefore", doneBefore));
    } else {
      System.out.printf("resuming plan %s: %d of %d change(s) done before%n", plan.id(), doneBefore,
          plan.changes().size());
    }
    System.out.flush();
  }

  @Override
  public void auditLogSkew(OptionalLong skewMillis) {
    options.audit().warnIfZoneLooksWrong(skewMillis, "autotier run");
  }

  @Override
  public void backfilled(long linesParsed, long linesSkipped, Instant nextPlan) {
    System.err.printf("strata autotier: backfilled %d audit line(s) (%d skipped); next plan at %s%n", linesParsed,
        linesSkipped, nextPlan);
  }

  @Override
  public void planned(AutotierRunner runner, AutotierRunner.Cycle cycle, AutotierMetrics totals) {
    if (options.dryRun()) {
      if (options.json()) {
        ObjectNode line = PlanJson.json(runner.advisor().name(), cycle, runner.linesParsed(),
            runner.linesSkipped()).put("event", "plan");
        line.set("totals", totals.toJson());
        System.out.println(line);
      } else {
        PlanPrinter.text(System.out, runner.advisor().name(), options.path(), cycle, runner.linesParsed(),
            runner.linesSkipped());
      }
      return;
    }
    if (options.json()) {
      ObjectNode line = mapper.createObjectNode().put("event", "cycle").put("time", System.currentTimeMillis())
          .put("files", cycle.files().size()).put("erasureCodedLeftAlone", cycle.erasureCoded())
          .put("changes", cycle.changes().size())
          .put("accepted", cycle.plan().accepted()).put("lossProbability", cycle.plan().lossProbability());
      line.put("plan", cycle.planId());
      if (!cycle.plan().accepted()) {
        line.put("rejection", cycle.plan().rejection());
      }
      if (cycle.result() != null) {
        line.put("applied", cycle.result().applied()).put("inPlace", cycle.result().inPlace())
            .put("finished", cycle.result().finished());
      }
      line.set("totals", totals.toJson());
      System.out.println(line);
    } else {
      System.out.printf("cycle %s: %d file(s), %d change(s)%s; totals %s%n", Instant.now(), cycle.files().size(),
          cycle.changes().size(), cycle.plan().accepted() ? "" : ", plan REFUSED: " + cycle.plan().rejection(),
          totals.toJson());
    }
    System.out.flush();
  }

  @Override
  public void cycleFailed(IOException e) {
    System.err.println("strata autotier: cycle failed, trying again next reference time: " + Failures.describe(e));
  }

  @Override
  public void settingsRefused(String error) {
    System.err.println("strata autotier: keeping the settings in force: " + error);
  }

  @Override
  public void restarting() {
    System.err.println("strata autotier: " + options.advisorConfig() + " changed: restarting with its settings "
        + "(journal replayed, popularity rebuilt from the audit logs)");
  }

  @Override
  public void interruptedWithoutStop(Exception e) {
    System.err.println("strata autotier: interrupted without a stop request: " + e);
  }

  @Override
  public void changed(AutotierJournal.Entry plan, Change change, String outcome, String detail) {
    String from = PlanJson.place(change.fromReplication(), change.fromSecondary());
    String to = PlanJson.place(change.toReplication(), change.toSecondary());
    if (options.json()) {
      System.out.println(mapper.createObjectNode().put("event", "change").put("plan", plan.id())
          .put("index", change.index()).put("path", change.path()).put("kind", change.kind().name())
          .put("outcome", outcome).put("from", from).put("to", to).put("reason", change.reason())
          .put("detail", detail));
    } else {
      System.out.printf("%-8s %-15s %s: %s -> %s (%s); %s%n", outcome, change.kind(), change.path(), from, to,
          change.reason(), detail);
    }
    System.out.flush();
  }
}
