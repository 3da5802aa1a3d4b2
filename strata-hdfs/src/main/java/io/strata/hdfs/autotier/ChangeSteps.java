package io.strata.hdfs.autotier;

import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.List;

/**
 * Orders the calls of one change so the file is never less protected than before it or than the plan assumed:
 * a replica count goes up before replicas move, and goes down only after the replicas that stay are on their
 * planned tier. Demoting three primary replicas to one on a filer first moves one replica to the filer (three
 * replicas throughout), then lowers the count to one, so HDFS drops the primary ones; lowering first would
 * leave one disk replica for the length of the move.
 */
public final class ChangeSteps {
  private ChangeSteps() {}

  /**
   * The fewest replicas a file may be left with.
   *
   * @param primary   on the primary tier (the decision rules' minimum, and never below HDFS's
   *                  {@code dfs.namenode.replication.min})
   * @param secondary on the secondary tier (1 only where that tier is internally redundant)
   */
  public record Floors(int primary, int secondary) {
    public Floors {
      if (primary < 1 || secondary < 1) {
        throw new IllegalArgumentException("replica floors must be >= 1, got " + primary + " and " + secondary);
      }
    }
  }

  /** A change that would leave a file below its floor: refused, never applied. */
  public static final class Refused extends Exception {
    private static final long serialVersionUID = 1L;

    Refused(String message) {
      super(message);
    }
  }

  /**
   * Where the change puts the file: on the secondary tier, every replica there; promoted, every replica on the
   * primary tier; staying on the primary tier, its recorded layout resized (replicas added on the primary tier,
   * the slowest dropped), or, without one, its replica count alone, which HDFS places by the file's policy.
   */
  public static Step target(FileState now, TierLayout recorded, Change change, TierRoles roles, TierMap tierMap) {
    int replication = change.toReplication();
    if (change.toSecondary()) {
      return new Step(TierLayout.of(repeat(roles.secondary(), replication), tierMap), replication);
    }
    List<String> usual = now.usualTiers();
    boolean anySecondary = usual != null && usual.stream().anyMatch(t -> isSecondary(t, tierMap));
    if (recorded == null && !anySecondary) {
      return new Step(null, replication);
    }
    List<String> keep = new ArrayList<>();
    if (recorded != null) {
      recorded.tiers().stream().filter(t -> !isSecondary(t, tierMap)).limit(replication).forEach(keep::add);
    }
    while (keep.size() < replication) {
      keep.add(roles.primary());
    }
    return new Step(TierLayout.of(keep, tierMap), replication);
  }

  /**
   * The calls that bring the file from {@code now} to the change's target, in order.
   *
   * @throws Refused when the target is below the floors
   */
  public static List<Step> steps(FileState now, TierLayout recorded, Change change, TierRoles roles, TierMap tierMap,
      Floors floors) throws Refused {
    int floor = change.toSecondary() ? floors.secondary() : floors.primary();
    if (change.toReplication() < floor) {
      throw new Refused(change.path() + ": " + change.toReplication() + " replica(s) on the "
          + (change.toSecondary() ? "secondary" : "primary") + " tier is below the minimum of " + floor);
    }
    Step target = target(now, recorded, change, roles, tierMap);
    List<String> current = now.usualTiers();
    if (target.layout() == null || target.replication() >= now.replication() || current == null) {
      return List.of(target); // a count alone, or the count goes up first and replicas move after
    }
    // Fewer replicas on other tiers: first put the replicas that stay on their tiers while keeping the count ...
    List<String> wanted = target.layout().tiers();
    List<String> others = TierLayout.minus(current, wanted);
    List<String> interim = new ArrayList<>(wanted);
    for (int i = 0; interim.size() < now.replication(); i++) {
      interim.add(i < others.size() ? others.get(i) : wanted.get(0));
    }
    // ... then lower it: HDFS drops the replicas beyond the count that are not where the layout wants them.
    TierLayout first = TierLayout.of(interim, tierMap);
    if (now.has(first, now.replication())) {
      return List.of(target); // every block is there already (e.g. the first step finished before a crash)
    }
    return List.of(new Step(first, now.replication(), true), target);
  }

  private static boolean isSecondary(String tier, TierMap tierMap) {
    return tierMap.find(tier).map(TierRoles::isSecondary).orElse(false);
  }

  private static List<String> repeat(String tier, int count) {
    List<String> tiers = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      tiers.add(tier);
    }
    return tiers;
  }
}
