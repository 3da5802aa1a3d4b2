package io.strata.workloads.dataset;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.LongConsumer;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/** Writes a TeraGen-like dataset: {@code files} files of {@code bytesPerFile} bytes, several at once. */
public final class DatasetWriter {
  private static final int BUFFER_ROWS = 10_000;

  /** What a write produced. */
  public record Result(List<Path> files, long bytes, double seconds) {
    public double megabytesPerSecond() {
      return seconds <= 0 ? 0 : bytes / 1e6 / seconds;
    }
  }

  private DatasetWriter() {}

  /**
   * @param progress called with the number of bytes just written, from writer threads
   */
  public static Result write(FileSystem fs, Path dir, int files, long bytesPerFile, int threads, long seed,
      LongConsumer progress) throws IOException {
    if (files <= 0 || bytesPerFile <= 0) {
      throw new IllegalArgumentException("files and bytesPerFile must be > 0");
    }
    long rowsPerFile = Math.max(1, bytesPerFile / TeraRows.ROW_BYTES);
    fs.mkdirs(dir);
    List<Path> paths = new ArrayList<>();
    for (int i = 0; i < files; i++) {
      paths.add(new Path(dir, String.format("part-%05d", i)));
    }
    long start = System.nanoTime();
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads));
    try {
      List<Future<Long>> written = new ArrayList<>();
      for (int i = 0; i < files; i++) {
        final int index = i;
        written
            .add(pool.submit(() -> writeFile(fs, paths.get(index), seed, index * rowsPerFile, rowsPerFile, progress)));
      }
      long total = 0;
      for (Future<Long> future : written) {
        total += Workloads.await(future);
      }
      return new Result(paths, total, (System.nanoTime() - start) / 1e9);
    } finally {
      pool.shutdownNow();
    }
  }

  private static long writeFile(FileSystem fs, Path path, long seed, long firstRow, long rows, LongConsumer progress)
      throws IOException {
    TeraRows generator = new TeraRows(seed, firstRow);
    byte[] buffer = new byte[BUFFER_ROWS * TeraRows.ROW_BYTES];
    long remaining = rows;
    try (FSDataOutputStream out = fs.create(path, true)) {
      while (remaining > 0) {
        int now = (int) Math.min(BUFFER_ROWS, remaining);
        generator.fill(buffer);
        out.write(buffer, 0, now * TeraRows.ROW_BYTES);
        progress.accept((long) now * TeraRows.ROW_BYTES);
        remaining -= now;
      }
    }
    return rows * TeraRows.ROW_BYTES;
  }
}
