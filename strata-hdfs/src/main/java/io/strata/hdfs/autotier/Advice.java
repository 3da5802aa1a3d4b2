package io.strata.hdfs.autotier;

import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.popularity.DecisionRules;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.ReplicationAdvisor;
import io.strata.core.popularity.ReplicationAdvisors;
import io.strata.hdfs.tier.TierAccessException;
import java.io.IOException;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * A replication advisor and the rules it decides within, made for one cluster.
 *
 * @param referenceSeconds RT: how often popularity is predicted and a plan made
 */
public record Advice(ReplicationAdvisor advisor, DecisionRules rules, long referenceSeconds) {
  /** Files an advisor expects to track, to size its tables. */
  private static final int EXPECTED_FILES = 1 << 16;

  /**
   * The advisor called {@code name} with {@code settings}' constants and bounds.
   *
   * @param nodes              DataNodes of the cluster, for the data-loss model
   * @param maxReplication     most replicas a file can get (a DataNode holds one replica of a block, so at most the
   *                           DataNodes of the tier popular files live on)
   * @param secondaryRedundant whether the secondary tier protects its data itself (a RAID filer)
   */
  public static Advice of(String name, AdvisorConfig settings, long referenceSeconds, int nodes, int maxReplication,
      boolean secondaryRedundant) {
    PpaSettings ppa = settings.ppa(referenceSeconds);
    DecisionRules rules = settings.rules(DecisionRules.defaults(Math.max(nodes, 3), secondaryRedundant));
    int max = Math.max(rules.defaultReplication(), Math.min(rules.maxReplication(), maxReplication));
    rules = new DecisionRules(rules.defaultReplication(), rules.minReplication(), max, rules.secondaryRedundant(),
        rules.hotFactor(), rules.coldFactor(), rules.demoteAfterIdleSeconds(), rules.pins(), rules.scheduledReads(),
        rules.nodes(), rules.mtbfYears(), rules.lossPeriodDays(), rules.maxLossProbability());
    return new Advice(ReplicationAdvisors.create(name, ppa, settings.scarlett(), rules, EXPECTED_FILES), rules,
        referenceSeconds);
  }

  /** The DataNodes the NameNode knows, live or dead: the number of nodes in the data-loss model (Eq. 3). */
  public static int dataNodes(DistributedFileSystem fs) throws IOException {
    try {
      return fs.getDataNodeStats().length;
    } catch (IOException e) {
      throw TierAccessException.explain(e, "autotier counts the DataNodes in the NameNode's DataNode report for its "
          + "data-loss model");
    }
  }
}
