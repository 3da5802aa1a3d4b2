package io.strata.core.reliability;

/**
 * AptStore's data-loss model (AptStore paper, Eqs. 3-6), after Cidon et al.: with n nodes that each fail within the
 * period with probability p = 1 - e^(-T/MTBF), and b blocks each replicated r times on r distinct random
 * nodes, the probability that some block loses all its replicas is
 * <pre>
 *   P_loss = 1 - sum_{f=0..n} C(n,f) p^f (1-p)^(n-f) * (1 - C(f,r)/C(n,r))^b
 * </pre>
 * Computed in log space, so n in the thousands and b in the billions stay exact to double precision.
 */
public final class DataLossModel {
  private DataLossModel() {}

  /** Eq. 6: the probability that one node fails within {@code periodDays}, from its MTBF. */
  public static double nodeFailureProbability(double mtbfYears, double periodDays) {
    if (!(mtbfYears > 0) || !(periodDays > 0)) {
      throw new IllegalArgumentException(
          "MTBF and period must be > 0, got " + mtbfYears + " years, " + periodDays + " days");
    }
    return -Math.expm1(-(periodDays / 365.25) / mtbfYears);
  }

  /** Eq. 3: the probability of losing at least one block in the period. */
  public static double lossProbability(int nodes, int replication, double blocks, double mtbfYears, double periodDays) {
    if (nodes <= 0 || replication <= 0 || blocks < 0) {
      throw new IllegalArgumentException("nodes and replication must be > 0 and blocks >= 0");
    }
    if (replication > nodes) {
      throw new IllegalArgumentException("replication " + replication + " exceeds the " + nodes + " nodes");
    }
    double p = nodeFailureProbability(mtbfYears, periodDays);
    double logP = Math.log(p);
    double log1mP = Math.log1p(-p);
    double[] logFact = logFactorials(nodes);
    double logChooseNR = logChoose(logFact, nodes, replication);
    // Summed as P_loss = sum_f P_failure(f) * (1 - P_no-loss(f)), the same as Eq. 3 since the P_failure sum to 1,
    // but without subtracting two numbers near 1 when the loss probability is tiny.
    double loss = 0;
    for (int f = 0; f <= nodes; f++) {
      // Eq. 4: exactly f nodes fail.
      double logFailure = logChoose(logFact, nodes, f) + f * logP + (nodes - f) * log1mP;
      if (logFailure < -745) {
        continue; // below double precision: contributes nothing
      }
      // Eq. 5: no block has all r replicas among the f failed nodes.
      double blockLost = f < replication ? 0 : Math.exp(logChoose(logFact, f, replication) - logChooseNR);
      double someLost = blockLost >= 1 ? 1 : -Math.expm1(blocks * Math.log1p(-blockLost));
      loss += Math.exp(logFailure) * someLost;
    }
    return Math.min(1, loss);
  }

  private static double logChoose(double[] logFact, int n, int k) {
    if (k < 0 || k > n) {
      return Double.NEGATIVE_INFINITY;
    }
    return logFact[n] - logFact[k] - logFact[n - k];
  }

  private static double[] logFactorials(int n) {
    double[] table = new double[n + 1];
    for (int i = 2; i <= n; i++) {
      table[i] = table[i - 1] + Math.log(i);
    }
    return table;
  }
}
