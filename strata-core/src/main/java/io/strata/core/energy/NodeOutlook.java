package io.strata.core.energy;

/**
 * What a wake-up predictor is told about one node's work at one instant. The HDFS side fills it from a MapReduce
 * job's splits per host (the primary replicas its pending and running maps will read, their read rate, whether the
 * job writes replicated output next); the simulator from its modeled tasks.
 *
 * @param node                       the node whose backup volumes may be woken
 * @param primaryBytesLeft           bytes of primary-replica reads the work on this node still has to do
 * @param primaryReadBytesPerSecond  the rate that work reads at now (0 when nothing reads)
 * @param backupsNeededAfterPrimaries true when, once that primary work runs out, the node's backup volumes will be
 *                                   used: the job's output replicas land there, or the node goes on to help
 *                                   others from backup replicas
 * @param backupWriteInSeconds       seconds until a write is known to reach this node's backup volumes;
 *                                   {@link Double#POSITIVE_INFINITY} when none is known
 */
public record NodeOutlook(
    String node,
    double primaryBytesLeft,
    double primaryReadBytesPerSecond,
    boolean backupsNeededAfterPrimaries,
    double backupWriteInSeconds) {

  /** A node with nothing ahead of it. */
  public static NodeOutlook quiet(String node) {
    return new NodeOutlook(node, 0, 0, false, Double.POSITIVE_INFINITY);
  }

  /** Seconds until the node's primary work runs out at the current rate; infinite when it reads nothing. */
  public double secondsOfPrimaryWorkLeft() {
    if (primaryBytesLeft <= 0) {
      return 0;
    }
    return primaryReadBytesPerSecond > 0 ? primaryBytesLeft / primaryReadBytesPerSecond : Double.POSITIVE_INFINITY;
  }
}
