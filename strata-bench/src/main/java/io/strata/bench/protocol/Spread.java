package io.strata.bench.protocol;

import java.util.Collection;
import java.util.Locale;

/** The median of a configuration's rounds with their minimum and maximum. */
public record Spread(double median, double min, double max, int rounds) {
  /**
   * The spread of {@code values}.
   *
   * @throws IllegalArgumentException for no values
   */
  public static Spread of(Collection<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a spread of no rounds");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    int n = sorted.length;
    double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    return new Spread(median, sorted[0], sorted[n - 1], n);
  }

  /** For instance {@code 1.42x (1.30-1.51)}: each value printed with {@code format}, the range in brackets. */
  public String format(String format) {
    String m = String.format(Locale.ROOT, format, median);
    return rounds == 1 ? m
        : m + " (" + String.format(Locale.ROOT, format, min) + "-" + String.format(Locale.ROOT, format, max) + ")";
  }
}
