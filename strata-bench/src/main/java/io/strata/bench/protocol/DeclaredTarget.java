package io.strata.bench.protocol;

import java.util.List;
import java.util.Locale;

/**
 * A benchmark's target on the one configuration declared before the run: met only when the configuration's worst
 * round meets it, with at least {@link #MIN_ROUNDS} rounds and none of them cpu-bound.
 *
 * @param what           what is measured, e.g. "TestDFSIO read, 4 maps"
 * @param declared       the configuration the target is judged on
 * @param baseline       what it is compared with
 * @param threshold      the ratio the worst round must reach (at least, or at most when {@code higherIsBetter} is
 *                       false)
 * @param higherIsBetter whether a larger ratio is better
 */
public record DeclaredTarget(String what, String declared, String baseline, double threshold,
    boolean higherIsBetter) {
  public static final int MIN_ROUNDS = 3;

  /** The verdict the line ends with. */
  public enum Verdict {
    MET("met"), MISSED("MISSED"), CPU_BOUND("not judged: cpu-bound"), TOO_FEW_ROUNDS(
        "not judged: fewer than " + MIN_ROUNDS + " rounds");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    @Override
    public String toString() {
      return text;
    }
  }

  /**
   * Judges the declared configuration's ratio to the baseline in each round.
   *
   * @param ratios   one per round, the declared configuration over the baseline of the same round
   * @param cpuBound whether any of those rounds (either side) was cpu-bound
   */
  public Verdict judge(List<Double> ratios, boolean cpuBound) {
    if (cpuBound) {
      return Verdict.CPU_BOUND;
    }
    if (ratios.size() < MIN_ROUNDS) {
      return Verdict.TOO_FEW_ROUNDS;
    }
    return meets(worst(ratios)) ? Verdict.MET : Verdict.MISSED;
  }

  /** The verdict as a machine-readable result ({@link BenchResult}). */
  public BenchResult.Target result(List<Double> ratios, boolean cpuBound) {
    String bound = String.format(Locale.ROOT, "%s %.2fx", higherIsBetter ? ">=" : "<=", threshold);
    if (ratios.isEmpty()) {
      return new BenchResult.Target(what, declared, baseline, bound, Double.NaN, Double.NaN, 0, "did not run", false);
    }
    Verdict verdict = judge(ratios, cpuBound);
    return new BenchResult.Target(what, declared, baseline, bound, worst(ratios), Spread.of(ratios).median(),
        ratios.size(), verdict.toString(), verdict == Verdict.MET);
  }

  /** The round furthest from the target's side. */
  public double worst(List<Double> ratios) {
    return ratios.stream().mapToDouble(Double::doubleValue).reduce(higherIsBetter ? Math::min : Math::max)
        .orElseThrow(() -> new IllegalArgumentException(what + ": no rounds"));
  }

  private boolean meets(double ratio) {
    return higherIsBetter ? ratio >= threshold : ratio <= threshold;
  }

  /**
   * The target line: {@code TestDFSIO read, 4 maps: tier-aware + adaptive (declared) vs network + network: worst
   * round 1.52x, median 1.61x (1.52-1.70), 3 rounds (target >= 1.40x): met}.
   */
  public String line(List<Double> ratios, boolean cpuBound) {
    if (ratios.isEmpty()) {
      return String.format(Locale.ROOT, "%s: %s (declared) did not run", what, declared);
    }
    return String.format(Locale.ROOT, "%s: %s (declared) vs %s: worst round %.3fx, median %s, %d round(s) "
        + "(target %s %.2fx): %s", what, declared, baseline, worst(ratios), Spread.of(ratios).format("%.3fx"),
        ratios.size(), higherIsBetter ? ">=" : "<=", threshold, judge(ratios, cpuBound));
  }
}
