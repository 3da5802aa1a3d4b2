package io.strata.core.popularity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Scarlett (Ananthanarayanan et al., EuroSys 2011) as a baseline in the same framework: each reference time a
 * file gets {@code max(concurrent accesses + delta, base)} replicas, where concurrent accesses is the peak number
 * of opens within any window of {@code windowSeconds}, and extra replicas are handed out most-contended file
 * first until a storage budget (a fraction over base replication) runs out. Scarlett has no second tier.
 */
public final class ScarlettAdvisor implements ReplicationAdvisor {
  private final DecisionRules rules;
  private final int delta;
  private final double budgetFraction;
  private final long windowMillis;
  /** Per file hash: {start of current window, opens in it, peak so far}. */
  private final Map<Long, long[]> concurrency = new HashMap<>();

  public ScarlettAdvisor(DecisionRules rules, ScarlettSettings settings) {
    this.rules = rules;
    this.delta = settings.delta();
    this.budgetFraction = settings.budgetFraction();
    this.windowMillis = settings.windowSeconds() * 1000;
  }

  @Override
  public String name() {
    return "scarlett";
  }

  @Override
  public void observe(AuditEvent event, int blocks) {
    if (!event.allowed() || event.command() != AuditEvent.Command.OPEN) {
      return;
    }
    long[] state = concurrency.computeIfAbsent(PathHash.of(event.src()), h -> new long[] {event.timeMillis(), 0, 0});
    if (event.timeMillis() - state[0] > windowMillis) {
      state[0] = event.timeMillis();
      state[1] = 0;
    }
    state[1]++;
    state[2] = Math.max(state[2], state[1]);
  }

  /** Peak concurrent opens of a file in the current reference time. */
  public long concurrentAccesses(String path) {
    long[] state = concurrency.get(PathHash.of(path));
    return state == null ? 0 : state[2];
  }

  @Override
  public Plan plan(List<FileFacts> files, long nowMillis) {
    int base = rules.defaultReplication();
    long baseBytes = 0;
    for (FileFacts f : files) {
      baseBytes += f.bytes() * base;
    }
    double budget = baseBytes * budgetFraction;
    Map<String, Integer> target = new HashMap<>();
    List<FileFacts> byContention = new ArrayList<>(files);
    byContention.sort(Comparator.comparingLong((FileFacts f) -> concurrentAccesses(f.path())).reversed());
    for (FileFacts f : byContention) {
      int wanted = (int) Math.min(rules.maxReplication(), Math.max(concurrentAccesses(f.path()) + delta, base));
      int granted = base;
      while (granted < wanted && budget >= f.bytes()) {
        budget -= f.bytes();
        granted++;
      }
      target.put(f.path(), granted);
    }
    List<Advice> advice = new ArrayList<>();
    Map<String, FileFacts> byPath = new HashMap<>();
    for (FileFacts f : files) {
      byPath.put(f.path(), f);
      advice.add(rules.pinned(new Advice(f.path(), target.get(f.path()), false,
          "peak " + concurrentAccesses(f.path()) + " concurrent opens")));
    }
    concurrency.clear();
    return PlanChecks.finish(advice, byPath, rules);
  }
}
