package io.strata.core.kat;

/** How even a set of partition sizes is: the largest over the mean. */
public final class Balance {
  private Balance() {}

  public static double imbalance(double[] sizes) {
    double sum = 0;
    double max = 0;
    for (double size : sizes) {
      sum += size;
      max = Math.max(max, size);
    }
    return sum == 0 ? 1.0 : max / (sum / sizes.length);
  }

  public static double imbalance(long[] sizes) {
    double[] d = new double[sizes.length];
    for (int i = 0; i < sizes.length; i++) {
      d[i] = sizes[i];
    }
    return imbalance(d);
  }
}
