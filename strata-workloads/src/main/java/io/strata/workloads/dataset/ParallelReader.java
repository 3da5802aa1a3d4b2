package io.strata.workloads.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Reads files sequentially to the end, several at once, and measures aggregate throughput. */
public final class ParallelReader {
  /** What a read produced. */
  public record Result(long bytes, double seconds) {
    public double megabytesPerSecond() {
      return seconds <= 0 ? 0 : bytes / 1e6 / seconds;
    }
  }

  private ParallelReader() {}

  public static Result readAll(FileSystem fs, List<Path> files, int threads) throws IOException {
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<Long>> reads = new ArrayList<>();
      for (Path file : files) {
        reads.add(pool.submit(() -> readFile(fs, file)));
      }
      long total = 0;
      for (Future<Long> future : reads) {
        total += Workloads.await(future);
      }
      return new Result(total, (System.nanoTime() - start) / 1e9);
    } finally {
      pool.shutdownNow();
    }
  }

  /** Reads one file to its end; returns the bytes read. */
  public static long readFile(FileSystem fs, Path file) throws IOException {
    byte[] buffer = new byte[1 << 20];
    long total = 0;
    try (FSDataInputStream in = fs.open(file)) {
      int n;
      while ((n = in.read(buffer)) > 0) {
        total += n;
      }
    }
    return total;
  }
}
