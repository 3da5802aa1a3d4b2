package io.strata.core.popularity;

import io.strata.core.reliability.DataLossModel;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** The data-loss check every plan passes before it may be applied. */
final class PlanChecks {
  private PlanChecks() {}

  /**
   * Probability of losing at least one primary-tier block in the period: blocks grouped by replication factor,
   * groups treated as independent, {@code 1 - prod(1 - P_loss(group))}. Blocks on an internally redundant
   * secondary tier are the filer's to protect and are left out.
   */
  static double lossProbability(List<Advice> advice, Map<String, FileFacts> facts, DecisionRules rules) {
    Map<Integer, Long> blocksByReplication = new TreeMap<>();
    for (Advice a : advice) {
      if (a.secondary() && rules.secondaryRedundant()) {
        continue;
      }
      FileFacts f = facts.get(a.path());
      blocksByReplication.merge(Math.min(a.replication(), rules.nodes()), (long) Math.max(1, f.blocks()), Long::sum);
    }
    double survive = 1;
    for (Map.Entry<Integer, Long> group : blocksByReplication.entrySet()) {
      survive *= 1 - DataLossModel.lossProbability(rules.nodes(), group.getKey(), group.getValue(), rules.mtbfYears(),
          rules.lossPeriodDays());
    }
    return 1 - survive;
  }

  static Plan finish(List<Advice> advice, Map<String, FileFacts> facts, DecisionRules rules) {
    double loss = lossProbability(advice, facts, rules);
    String rejection = loss > rules.maxLossProbability()
        ? String.format("probability of losing a block within %.0f day(s) would be %.3g, above the bound %.3g",
            rules.lossPeriodDays(), loss, rules.maxLossProbability())
        : null;
    return new Plan(advice, loss, rejection);
  }
}
