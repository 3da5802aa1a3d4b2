package io.strata.core.energy;

/**
 * The thesis's metrics (ch. 4.4.3) for one system: energy P, time T and their product Pt = P x T, the
 * energy-delay product (Eq. 4.2). Compare two systems with {@link #against}.
 *
 * @param joules  energy spent (P)
 * @param seconds time taken (T)
 */
public record EnergyDelay(double joules, double seconds) {
  public EnergyDelay {
    if (!(joules >= 0) || !(seconds >= 0) || Double.isInfinite(joules) || Double.isInfinite(seconds)) {
      throw new IllegalArgumentException("energy " + joules + " J and time " + seconds + " s must be finite and >= 0");
    }
  }

  /** Pt = P x T, in joule-seconds. */
  public double pt() {
    return joules * seconds;
  }

  /** This system measured against {@code baseline} (native HDFS). */
  public Comparison against(EnergyDelay baseline) {
    return new Comparison(this, baseline);
  }

  /**
   * One system against a baseline: each metric as a ratio (0.81 = 19% less) and the weighted score
   * Ptc = a x P/P' + b x T/T' with a + b = 1, where P' and T' are the sums over both systems (Eq. 4.3). A lower
   * Ptc is better.
   */
  public record Comparison(EnergyDelay system, EnergyDelay baseline) {
    public double energyRatio() {
      return ratio(system.joules, baseline.joules);
    }

    public double timeRatio() {
      return ratio(system.seconds, baseline.seconds);
    }

    public double ptRatio() {
      return ratio(system.pt(), baseline.pt());
    }

    /** Ptc of the system for energy weight {@code a} (time weight 1 - a). */
    public double ptc(double a) {
      return score(system, a);
    }

    /** Ptc of the baseline for energy weight {@code a}. */
    public double baselinePtc(double a) {
      return score(baseline, a);
    }

    /**
     * The energy weight above which the system's Ptc beats the baseline's (the thesis: about 0.22); NaN when the
     * two never cross (one system wins or loses on both counts).
     */
    public double breakEvenWeight() {
      double p = system.joules + baseline.joules;
      double t = system.seconds + baseline.seconds;
      double dp = (system.joules - baseline.joules) / p;
      double dt = (system.seconds - baseline.seconds) / t;
      // a * dp + (1 - a) * dt = 0
      double denominator = dt - dp;
      if (denominator == 0 || p == 0 || t == 0) {
        return Double.NaN;
      }
      double a = dt / denominator;
      return a >= 0 && a <= 1 ? a : Double.NaN;
    }

    private double score(EnergyDelay of, double a) {
      if (!(a >= 0 && a <= 1)) {
        throw new IllegalArgumentException("Ptc energy weight a = " + a + ": must be between 0 and 1");
      }
      double p = system.joules + baseline.joules;
      double t = system.seconds + baseline.seconds;
      return a * (p > 0 ? of.joules / p : 0) + (1 - a) * (t > 0 ? of.seconds / t : 0);
    }

    private static double ratio(double value, double base) {
      return base > 0 ? value / base : Double.NaN;
    }
  }
}
