package io.strata.bench.hadoop;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Text for Grep and WordCount: lines of words drawn from a fixed vocabulary with a skewed (Zipf-like) frequency,
 * as natural text has, from a fixed seed, so the same call always writes the same bytes.
 */
public final class TextCorpus {
  private static final int VOCABULARY = 5000;

  private TextCorpus() {}

  /** Writes {@code files} files of about {@code bytesPerFile} bytes each under {@code dir}; returns their paths. */
  public static List<Path> write(FileSystem fs, Path dir, int files, long bytesPerFile, long seed)
      throws IOException {
    List<String> words = vocabulary(new Random(seed));
    Random random = new Random(seed + 1);
    List<Path> paths = new ArrayList<>();
    for (int f = 0; f < files; f++) {
      Path path = new Path(dir, String.format("text-%03d.txt", f));
      try (BufferedWriter out = new BufferedWriter(new OutputStreamWriter(fs.create(path, true),
          StandardCharsets.UTF_8), 1 << 16)) {
        long written = 0;
        while (written < bytesPerFile) {
          StringBuilder line = new StringBuilder();
          int length = 6 + random.nextInt(10);
          for (int w = 0; w < length; w++) {
            // Cubing a uniform draw favours the front of the vocabulary: a few words are very common.
            double u = random.nextDouble();
            line.append(w == 0 ? "" : " ").append(words.get((int) (u * u * u * words.size())));
          }
          line.append('\n');
          out.write(line.toString());
          written += line.length();
        }
      }
      paths.add(path);
    }
    return paths;
  }

  private static List<String> vocabulary(Random random) {
    String letters = "abcdefghijklmnopqrstuvwxyz";
    List<String> words = new ArrayList<>();
    for (int i = 0; i < VOCABULARY; i++) {
      int length = 2 + random.nextInt(8);
      StringBuilder word = new StringBuilder();
      for (int c = 0; c < length; c++) {
        word.append(letters.charAt(random.nextInt(letters.length())));
      }
      words.add(word.toString());
    }
    return words;
  }
}
