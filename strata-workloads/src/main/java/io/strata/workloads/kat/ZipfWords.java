package io.strata.workloads.kat;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Words drawn from a Zipf distribution: word i (from 1) has weight 1/i^s over a vocabulary of n words, the way
 * word frequencies in text fall off. Words are "w" plus a base-36 rank, so each is a distinct token.
 */
public final class ZipfWords {
  private final double[] cumulative;
  private final SplittableRandom random;

  public ZipfWords(int vocabulary, double exponent, long seed) {
    if (vocabulary < 1) {
      throw new IllegalArgumentException("vocabulary must be at least 1, got " + vocabulary);
    }
    cumulative = new double[vocabulary];
    double sum = 0;
    for (int i = 0; i < vocabulary; i++) {
      sum += 1 / Math.pow(i + 1, exponent);
      cumulative[i] = sum;
    }
    for (int i = 0; i < vocabulary; i++) {
      cumulative[i] /= sum;
    }
    random = new SplittableRandom(seed);
  }

  /** The rank (0-based) of the next word. */
  public int nextRank() {
    int i = Arrays.binarySearch(cumulative, random.nextDouble());
    return Math.min(i < 0 ? -i - 1 : i, cumulative.length - 1);
  }

  public String next() {
    return word(nextRank());
  }

  public static String word(int rank) {
    return "w" + Integer.toString(rank, 36);
  }
}
