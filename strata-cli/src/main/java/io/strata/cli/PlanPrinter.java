package io.strata.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.popularity.Advice;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.Plan;
import io.strata.hdfs.autotier.AutotierRunner;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Prints a plan's changes with their reasons, as {@code strata autotier plan} and {@code run --dry-run} show it. */
final class PlanPrinter {
  private PlanPrinter() {}

  static ObjectNode json(String advisor, AutotierRunner.Cycle cycle, long parsed, long skipped) {
    Plan plan = cycle.plan();
    List<FileFacts> files = cycle.files();
    Map<String, FileFacts> now = byPath(files);
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    root.put("advisor", advisor).put("linesParsed", parsed).put("linesSkipped", skipped)
        .put("files", files.size()).put("erasureCodedLeftAlone", cycle.erasureCoded())
        .put("lossProbability", plan.lossProbability())
        .put("accepted", plan.accepted());
    if (!plan.accepted()) {
      root.put("rejection", plan.rejection());
    }
    ArrayNode list = root.putArray("changes");
    for (Advice a : changes(plan, now)) {
      FileFacts f = now.get(a.path());
      list.addObject().put("path", a.path()).put("replicationNow", f.replication())
          .put("secondaryNow", f.onSecondary()).put("replication", a.replication())
          .put("secondary", a.secondary()).put("reason", a.reason());
    }
    return root;
  }

  static void text(PrintStream out, String advisor, String path, AutotierRunner.Cycle cycle, long parsed,
      long skipped) {
    Plan plan = cycle.plan();
    List<FileFacts> files = cycle.files();
    Map<String, FileFacts> now = byPath(files);
    List<Advice> changes = changes(plan, now);
    out.printf("%s plan for %d files under %s (audit lines parsed %d, skipped %d)%n", advisor, files.size(),
        path, parsed, skipped);
    out.printf("%-50s %9s %9s  %s%n", "file", "now", "planned", "reason");
    for (Advice a : changes) {
      FileFacts f = now.get(a.path());
      out.printf("%-50s %9s %9s  %s%n", a.path(), place(f.replication(), f.onSecondary()),
          place(a.replication(), a.secondary()), a.reason());
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

  static String place(int replication, boolean secondary) {
    return replication + "x " + (secondary ? "second" : "primary");
  }

  private static List<Advice> changes(Plan plan, Map<String, FileFacts> now) {
    return plan.advice().stream().filter(a -> a.changes(now.get(a.path()))).toList();
  }

  private static Map<String, FileFacts> byPath(List<FileFacts> files) {
    Map<String, FileFacts> now = new HashMap<>();
    files.forEach(f -> now.put(f.path(), f));
    return now;
  }
}
