package io.strata.hdfs.autotier;

import io.strata.core.popularity.Advice;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.Plan;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * One file's change in an accepted plan, as journaled: where the file was when the plan was made and where the
 * plan puts it, with the advisor's reason.
 *
 * @param index           position in the plan (the journal marks changes done by it)
 * @param path            the file
 * @param fromReplication its replication when planned
 * @param fromSecondary   whether it was on the secondary tier when planned
 * @param toReplication   the replication the plan gives it
 * @param toSecondary     whether the plan puts it on the secondary tier
 * @param bytes           its length
 * @param blocks          its block count
 * @param reason          the advisor's reason
 */
public record Change(int index, String path, int fromReplication, boolean fromSecondary, int toReplication,
    boolean toSecondary, long bytes, int blocks, String reason) {

  /** What the change does, for logs and metrics. */
  public enum Kind { PROMOTE, DEMOTE, ADD_REPLICAS, REMOVE_REPLICAS }

  public Kind kind() {
    if (fromSecondary != toSecondary) {
      return toSecondary ? Kind.DEMOTE : Kind.PROMOTE;
    }
    return toReplication > fromReplication ? Kind.ADD_REPLICAS : Kind.REMOVE_REPLICAS;
  }

  /** True when the change takes room off the primary tier rather than adding to it. */
  public boolean freesPrimary() {
    Kind kind = kind();
    return kind == Kind.DEMOTE || kind == Kind.REMOVE_REPLICAS;
  }

  /**
   * The changes of a plan, in the order they are applied: first those that free room on the primary tier
   * (demotions, fewer replicas), then those that take it (promotions, more replicas), so a plan never overfills
   * the primary tier halfway; by path within each group. Files without data have nothing to place and are left
   * out, as are advices that change nothing.
   */
  public static List<Change> of(Plan plan, Map<String, FileFacts> now) {
    List<Advice> changing = new ArrayList<>();
    for (Advice advice : plan.advice()) {
      FileFacts facts = now.get(advice.path());
      if (facts != null && facts.bytes() > 0 && advice.changes(facts)) {
        changing.add(advice);
      }
    }
    List<Change> unordered = new ArrayList<>();
    for (Advice advice : changing) {
      FileFacts f = now.get(advice.path());
      unordered.add(new Change(0, advice.path(), f.replication(), f.onSecondary(), advice.replication(),
          advice.secondary(), f.bytes(), f.blocks(), advice.reason()));
    }
    unordered.sort(Comparator.comparing((Change c) -> !c.freesPrimary()).thenComparing(Change::path));
    List<Change> ordered = new ArrayList<>();
    for (int i = 0; i < unordered.size(); i++) {
      Change c = unordered.get(i);
      ordered.add(new Change(i, c.path(), c.fromReplication(), c.fromSecondary(), c.toReplication(), c.toSecondary(),
          c.bytes(), c.blocks(), c.reason()));
    }
    return ordered;
  }
}
