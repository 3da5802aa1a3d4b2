package io.strata.hdfs.tier;

import io.strata.hdfs.StrataKeys;
import java.time.Duration;
import org.apache.hadoop.conf.Configuration;

/**
 * How tier operations pace themselves.
 *
 * @param parallelMoves        blocks moved at once (each DataNode also caps its concurrent moves)
 * @param confirmTimeout       how long to wait for the NameNode to show a moved replica and drop the one it replaced
 * @param nameNodeWait         how long to wait for the NameNode to add or delete a replica on its own before
 *                             reporting the block as pending
 * @param pollInterval         how often to look at a block's replicas while waiting
 * @param maxFailuresPerBlock  failed moves of one block before it is reported and left for a rerun
 * @param ruleRefresh          how long the NameNode may take to load changed placement rules
 *                             ({@code strata.placement.rules.refresh.ms}); a replica added by the NameNode waits
 *                             for this so that it lands on the tier of the new layout
 * @param listener             told about every move (logging, tests)
 */
public record TierSettings(int parallelMoves, Duration confirmTimeout, Duration nameNodeWait, Duration pollInterval,
    int maxFailuresPerBlock, Duration ruleRefresh, MoveListener listener) {

  public TierSettings {
    if (parallelMoves < 1) {
      throw new IllegalArgumentException("parallel moves must be >= 1, got " + parallelMoves);
    }
  }

  /** Defaults, with the NameNode's rule refresh interval as the client configuration has it. */
  public static TierSettings from(Configuration conf) {
    long refresh = conf.getLong(StrataKeys.RULES_REFRESH_MS, StrataKeys.RULES_REFRESH_MS_DEFAULT);
    return new TierSettings(4, Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofMillis(250), 3,
        Duration.ofMillis(refresh + 1000), MoveListener.NONE);
  }

  public TierSettings withParallelMoves(int moves) {
    return new TierSettings(moves, confirmTimeout, nameNodeWait, pollInterval, maxFailuresPerBlock, ruleRefresh,
        listener);
  }

  public TierSettings withNameNodeWait(Duration wait) {
    return new TierSettings(parallelMoves, confirmTimeout, wait, pollInterval, maxFailuresPerBlock, ruleRefresh,
        listener);
  }

  public TierSettings withRuleRefresh(Duration refresh) {
    return new TierSettings(parallelMoves, confirmTimeout, nameNodeWait, pollInterval, maxFailuresPerBlock, refresh,
        listener);
  }

  public TierSettings withListener(MoveListener moveListener) {
    return new TierSettings(parallelMoves, confirmTimeout, nameNodeWait, pollInterval, maxFailuresPerBlock, ruleRefresh,
        moveListener);
  }
}
