package io.strata.cli.autotier;

import io.strata.core.popularity.Advice;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.Plan;
import io.strata.hdfs.autotier.AutotierRunner;
import io.strata.hdfs.autotier.PlanJson;
import java.io.PrintStream;
import java.util.List;
import java.util.Map;

/** Prints a plan's changes with their reasons, as {@code strata autotier plan} and {@code run --dry-run} show it. */
final class PlanPrinter {
  private PlanPrinter() {}

  static void text(PrintStream out, String advisor, String path, AutotierRunner.Cycle cycle, long parsed,
      long skipped) {
    Plan plan = cycle.plan();
    List<FileFacts> files = cycle.files();
    Map<String, FileFacts> now = PlanJson.byPath(files);
    List<Advice> changes = PlanJson.changes(plan, now);
    out.printf("%s plan for %d files under %s (audit lines parsed %d, skipped %d)%n", advisor, files.size(),
        path, parsed, skipped);
    out.printf("%-50s %9s %9s  %s%n", "file", "now", "planned", "reason");
    for (Advice a : changes) {
      FileFacts f = now.get(a.path());
      out.printf("%-50s %9s %9s  %s%n", a.path(), PlanJson.place(f.replication(), f.onSecondary()),
          PlanJson.place(a.replication(), a.secondary()), a.reason());
    }
    if (changes.isEmpty()) {
      out.println("(no change)");
    }
    if (cycle.erasureCoded() > 0) {
      out.printf("%d erasure-coded file(s) left alone: their block groups have no replicas to add or remove%n",
          cycle.erasureCoded());
    }
    out.printf("probability of losing a block within a day after the plan: %.3g%n", plan.lossProbability());
    out.println(plan.accepted() ? "plan accepted (dry run: nothing applied)" : "plan REFUSED: " + plan.rejection());
  }
}
