package io.strata.hdfs.autotier;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.popularity.Advice;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.Plan;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A plan as {@code strata autotier plan --json} and the dashboard show it: each change with its reason, and the
 * files predicted hottest and coldest with where they are and where the plan puts them.
 */
public final class PlanJson {
  /** Files listed as hottest and as coldest. */
  public static final int EXTREMES = 10;

  private PlanJson() {}

  public static ObjectNode json(String advisor, AutotierRunner.Cycle cycle, long parsed, long skipped) {
    Plan plan = cycle.plan();
    List<FileFacts> files = cycle.files();
    Map<String, FileFacts> now = byPath(files);
    ObjectNode root = new ObjectMapper().createObjectNode();
    root.put("advisor", advisor).put("linesParsed", parsed).put("linesSkipped", skipped).put("files", files.size())
        .put("erasureCodedLeftAlone", cycle.erasureCoded()).put("lossProbability", plan.lossProbability())
        .put("accepted", plan.accepted());
    if (!plan.accepted()) {
      root.put("rejection", plan.rejection());
    }
    ArrayNode list = root.putArray("changes");
    for (Advice a : changes(plan, now)) {
      entry(list.addObject(), a, now.get(a.path()));
    }
    // Scarlett predicts nothing: its lists stay empty rather than ranking files by a number it does not have.
    List<Advice> predicted = plan.advice().stream().filter(a -> !Double.isNaN(a.predicted()))
        .sorted(Comparator.comparingDouble(Advice::predicted).reversed().thenComparing(Advice::path)).toList();
    ArrayNode hottest = root.putArray("hottest");
    predicted.stream().limit(EXTREMES).forEach(a -> entry(hottest.addObject(), a, now.get(a.path())));
    ArrayNode coldest = root.putArray("coldest");
    for (int i = predicted.size() - 1; i >= Math.max(0, predicted.size() - EXTREMES); i--) {
      entry(coldest.addObject(), predicted.get(i), now.get(predicted.get(i).path()));
    }
    return root;
  }

  private static void entry(ObjectNode node, Advice a, FileFacts f) {
    node.put("path", a.path()).put("replicationNow", f.replication()).put("secondaryNow", f.onSecondary())
        .put("replication", a.replication()).put("secondary", a.secondary()).put("reason", a.reason());
    number(node, "predicted", a.predicted());
    number(node, "relativeToAverage", a.relative());
  }

  private static void number(ObjectNode node, String field, double value) {
    if (Double.isNaN(value)) {
      node.putNull(field);
    } else {
      node.put(field, value);
    }
  }

  /** A file's place in a plan: {@code 3x primary}, {@code 1x second}. */
  public static String place(int replication, boolean secondary) {
    return replication + "x " + (secondary ? "second" : "primary");
  }

  /** The advice that changes a file, in the plan's order. */
  public static List<Advice> changes(Plan plan, Map<String, FileFacts> now) {
    return plan.advice().stream().filter(a -> a.changes(now.get(a.path()))).toList();
  }

  public static Map<String, FileFacts> byPath(List<FileFacts> files) {
    Map<String, FileFacts> now = new HashMap<>();
    files.forEach(f -> now.put(f.path(), f));
    return now;
  }
}
