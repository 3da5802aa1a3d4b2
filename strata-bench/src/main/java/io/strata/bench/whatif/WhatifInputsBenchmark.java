package io.strata.bench.whatif;

import io.strata.core.popularity.AuditEvent;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.DelimitedImageReader;
import io.strata.core.whatif.MergedAuditLog;
import io.strata.core.whatif.NamespaceEntry;
import io.strata.hdfs.whatif.FsImageReader;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;

/**
 * The scale bench of whatif's inputs (issue 43: a 10-million-file namespace and a 100-million-line audit log in
 * under 8 GB of heap): generates them on disk ({@link SyntheticInputs}; the namespace also as a binary fsimage,
 * {@link SyntheticFsImage}), then reads them through whatif's readers, {@link DelimitedImageReader} (two passes:
 * directory policies, then entries), {@link FsImageReader} (two passes over the inodes, the tree in flat arrays)
 * and {@link MergedAuditLog} (the rotated files named in shuffled order), and prints for each the records per second, wall and CPU time, and
 * the heap: the highest use seen before a collection (garbage included) and the most that survived one (what the
 * reader really holds). Not a test: run it by hand with the heap to prove, e.g. {@code -Xmx8g}.
 *
 * <pre>java -Xmx8g -cp ... io.strata.bench.whatif.WhatifInputsBenchmark [--files N] [--lines M]
 *     [--rotations R] [--dir DIR] [--keep]</pre>
 */
public final class WhatifInputsBenchmark {
  private WhatifInputsBenchmark() {}

  public static void main(String[] args) throws Exception {
    long files = 10_000_000;
    long lines = 100_000_000;
    int rotations = 8;
    Path dir = null;
    boolean keep = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--files" -> files = Long.parseLong(args[++i].replace("_", ""));
        case "--lines" -> lines = Long.parseLong(args[++i].replace("_", ""));
        case "--rotations" -> rotations = Integer.parseInt(args[++i]);
        case "--dir" -> dir = Path.of(args[++i]);
        case "--keep" -> keep = true;
        default -> throw new IllegalArgumentException("unknown argument " + args[i]
            + " (--files N --lines M --rotations R --dir DIR --keep)");
      }
    }
    Path work = dir == null ? Files.createTempDirectory("whatif-bench") : Files.createDirectories(dir);
    System.out.printf(Locale.ROOT, "whatif inputs: %,d files, %,d audit lines in %d rotated files; %d CPU cores, "
        + "max heap %,.0f MiB; in %s%n", files, lines, rotations, Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() / 1048576.0, work);
    try {
      Path image = work.resolve("fsimage.tsv");
      Path binaryImage = work.resolve("fsimage_0000000000000000001");
      long start = System.nanoTime();
      SyntheticInputs.writeImage(image, files);
      SyntheticFsImage.write(binaryImage, files);
      List<Path> logs = SyntheticInputs.writeAuditLogs(work, lines, rotations, files);
      long inputBytes = Files.size(image) + Files.size(binaryImage);
      for (Path log : logs) {
        inputBytes += Files.size(log);
      }
      System.out.printf(Locale.ROOT, "generated %,.0f MiB on disk in %.0f s (not measured below)%n",
          inputBytes / 1048576.0, (System.nanoTime() - start) / 1e9);

      HeapWatch heap = HeapWatch.start();
      long[] counts = new long[2];
      measure("namespace (Delimited, 2 passes)", heap, () -> {
        try (DelimitedImageReader reader = DelimitedImageReader.open(image, ZoneOffset.UTC, BadInputs.failing())) {
          NamespaceEntry entry;
          while ((entry = reader.next()) != null) {
            counts[entry.directory() ? 1 : 0]++;
          }
        }
        return counts[0] + counts[1];
      });
      check(counts[0] == files, "files read: " + counts[0] + ", written: " + files);

      long[] binaryCounts = new long[2];
      measure("namespace (fsimage, 2 passes)", heap, () -> {
        try (FsImageReader reader = FsImageReader.open(binaryImage, BadInputs.failing())) {
          NamespaceEntry entry;
          while ((entry = reader.next()) != null) {
            binaryCounts[entry.directory() ? 1 : 0]++;
          }
        }
        return binaryCounts[0] + binaryCounts[1];
      });
      check(binaryCounts[0] == files && binaryCounts[1] == counts[1], "fsimage: files and directories read: "
          + binaryCounts[0] + ", " + binaryCounts[1] + "; written: " + files + ", " + counts[1]);

      List<Path> shuffled = new ArrayList<>(logs);
      Collections.shuffle(shuffled, new Random(43));
      long[] last = {Long.MIN_VALUE, 0};
      measure("audit log (merged, " + logs.size() + " files, shuffled)", heap, () -> {
        try (MergedAuditLog log = MergedAuditLog.open(shuffled, ZoneOffset.UTC, BadInputs.failing())) {
          AuditEvent event;
          while ((event = log.next()) != null) {
            if (event.timeMillis() < last[0]) {
              last[1]++;
            }
            last[0] = event.timeMillis();
          }
          return log.events();
        }
      });
      check(last[1] == 0, last[1] + " events out of time order");
      System.out.printf(Locale.ROOT, "%,d directories; every event in time order%n", counts[1]);
    } finally {
      if (!keep) {
        SyntheticInputs.delete(work);
      }
    }
  }

  private interface Phase {
    long run() throws IOException;
  }

  private static void measure(String name, HeapWatch heap, Phase phase) throws IOException {
    System.gc();
    heap.reset();
    long wall = System.nanoTime();
    long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    long records = phase.run();
    double seconds = (System.nanoTime() - wall) / 1e9;
    double cpuSeconds = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu) / 1e9;
    System.out.printf(Locale.ROOT, "%-40s %,13d records  %6.1f s wall  %6.1f s cpu  %,11.0f records/s  "
        + "heap: peak %,6.0f MiB, most live after a GC %,6.0f MiB%n", name, records, seconds, cpuSeconds,
        records / seconds, heap.peakBytes() / 1048576.0, heap.liveBytes() / 1048576.0);
  }

  private static void check(boolean ok, String what) {
    if (!ok) {
      throw new IllegalStateException(what);
    }
  }
}
