package io.strata.inplace.testbed;

import io.strata.inplace.rados.RadosException;
import io.strata.inplace.rados.RadosPool;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Text objects for WordCount and Grep: lines of words drawn from a fixed vocabulary with a Zipf-like skew (a few
 * words very common, most rare, as in prose), reproducible from a seed.
 */
public final class TextObjects {
  private static final String[] SYLLABLES = {"ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "pe", "da", "gu", "ha",
      "ze", "bo", "fi", "wa", "yo", "ce", "ju", "xi", "th", "an", "er", "on"};
  private static final String[] VOCABULARY = vocabulary(4096);
  private static final double[] CUMULATIVE = zipf(VOCABULARY.length);

  private TextObjects() {}

  private static String[] vocabulary(int size) {
    SplittableRandom random = new SplittableRandom(7);
    LinkedHashSet<String> words = new LinkedHashSet<>();
    while (words.size() < size) {
      int syllables = 1 + random.nextInt(4);
      StringBuilder word = new StringBuilder();
      for (int i = 0; i < syllables; i++) {
        word.append(SYLLABLES[random.nextInt(SYLLABLES.length)]);
      }
      words.add(word.toString());
    }
    return words.toArray(new String[0]);
  }

  private static double[] zipf(int n) {
    double[] cumulative = new double[n];
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += 1.0 / (i + 1);
      cumulative[i] = sum;
    }
    for (int i = 0; i < n; i++) {
      cumulative[i] /= sum;
    }
    return cumulative;
  }

  /** About {@code bytes} of text (whole lines, ending in a newline), the same for the same seed. */
  public static byte[] text(long seed, int bytes) {
    SplittableRandom random = new SplittableRandom(seed);
    StringBuilder out = new StringBuilder(bytes + 128);
    while (out.length() < bytes) {
      int words = 6 + random.nextInt(10);
      for (int i = 0; i < words; i++) {
        if (i > 0) {
          out.append(' ');
        }
        int index = Arrays.binarySearch(CUMULATIVE, random.nextDouble());
        out.append(VOCABULARY[Math.min(VOCABULARY.length - 1, index < 0 ? -index - 1 : index)]);
      }
      out.append('\n');
    }
    return out.toString().getBytes(StandardCharsets.US_ASCII);
  }

  /** Object names {@code PREFIXpart-00000.txt}... */
  public static List<String> names(String prefix, int count) {
    List<String> names = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      names.add(String.format("%spart-%05d.txt", prefix, i));
    }
    return names;
  }

  /** Writes {@code count} text objects of about {@code bytesEach} under {@code prefix}; returns their names. */
  public static List<String> write(RadosPool pool, String prefix, int count, int bytesEach, long seed)
      throws RadosException {
    List<String> names = names(prefix, count);
    // Four writes in flight keep the OSDs busy without holding more than a few objects in memory.
    pool.writeAll(names, name -> objectText(name, bytesEach, seed), 4);
    return names;
  }

  /** The text {@link #write} stores in the object {@code name} for this size and seed. */
  public static byte[] objectText(String name, int bytes, long seed) {
    return text(seed ^ name.hashCode(), bytes);
  }
}
