package io.strata.core.energy;

/**
 * A node's power apart from its data disks (CPU, memory, board, fans, power supply losses), taken as constant, and
 * the node's energy as that base plus its disks.
 *
 * @param baseWatts the node's power without its data disks
 * @param source    where the figure comes from
 */
public record NodePower(double baseWatts, String source) {
  /**
   * The thesis (ch. 4.4.2) measured whole-node power of 70-120 W on its testbed; we take the midpoint and add the
   * modeled disks on top. The midpoint is neither end, so it favours neither native HDFS nor the energy-efficient
   * layout; it is never tuned to meet a target.
   */
  public static final NodePower THESIS_MIDPOINT = new NodePower(95,
      "[Thesis] 4.4.2: whole-node power 70-120 W; midpoint 95 W, disks modeled on top");

  public NodePower {
    if (!(baseWatts >= 0) || Double.isInfinite(baseWatts)) {
      throw new IllegalArgumentException("node base power " + baseWatts + " W: must be a finite number >= 0");
    }
  }

  /** The node's energy over {@code seconds} with disks that spent {@code diskJoules}. */
  public double joules(double seconds, double diskJoules) {
    return baseWatts * seconds + diskJoules;
  }
}
