package io.strata.bench.tier;

import io.strata.core.spec.ClusterSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierResult;
import io.strata.hdfs.tier.TierSettings;
import io.strata.workloads.dataset.ParallelReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * What a tier move costs and buys, on the hatS testbed with emulated device speeds: a file written by stock
 * HDFS placement (three HDD replicas) is read, moved wholly to PCIe SSD with the tier API, read again, and moved
 * back to HDD. Prints each phase's time and rate, all in one run.
 */
public final class TierMoveBenchmark {
  /** One phase: what it moved or read, and how long it took. */
  public record Phase(String name, long bytes, double seconds, String note) {
    public double megabytesPerSecond() {
      return bytes / 1e6 / seconds;
    }
  }

  private TierMoveBenchmark() {}

  public static List<Phase> run(ClusterSpec spec, String specText, Path dir, long bytes, int parallel, PrintStream log)
      throws IOException {
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.createDirectories(dir);
    Files.writeString(specFile, specText);
    List<Phase> phases = new ArrayList<>();
    long blockSize = 64L << 20;
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(blockSize).withConf(StrataPlugins.nameNodeConf(specFile, null, 1000)))) {
      DistributedFileSystem fs = cluster.fileSystem();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/bench/tier/data");
      log.printf("writing %d MiB, 3 replicas, HDFS's own placement (HDD)...%n", bytes >> 20);
      long start = System.nanoTime();
      write(fs, file, bytes, blockSize);
      phases.add(new Phase("write (3 x HDD)", 3 * bytes, seconds(start), "replica bytes"));
      phases.add(read(fs, file, "read from HDD", log));

      try (TierManager tiers = new TierManager(fs, spec.tierMap(),
          TierSettings.from(fs.getConf()).withParallelMoves(parallel))) {
        phases.add(move(tiers, file, "hdd", "pcie-ssd", "move 3 replicas HDD -> PCIe SSD", log));
        phases.add(read(fs, file, "read from PCIe SSD", log));
        phases.add(move(tiers, file, "pcie-ssd", "hdd", "move 3 replicas PCIe SSD -> HDD", log));
      }
      PlacementReport report = new PlacementReportCollector(fs).collect(file, spec.tierMap());
      if (report.wholeFileViolations().total() != 0 || report.underReplicatedBlocks().total() != 0) {
        throw new IOException("after the moves the report shows " + report.wholeFileViolations().total()
            + " whole-file violations and " + report.underReplicatedBlocks().total() + " under-replicated blocks");
      }
    }
    return phases;
  }

  private static Phase move(TierManager tiers, org.apache.hadoop.fs.Path file, String from, String to, String name,
      PrintStream log) throws IOException {
    log.printf("%s...%n", name);
    TierResult result = tiers.moveTier(file.toUri().getPath(), from, to, 3);
    if (!result.success()) {
      throw new IOException(name + " failed: " + result.message());
    }
    return new Phase(name, result.bytesMoved(), result.millis() / 1000.0,
        result.moves() + " block moves, " + result.failedMoves() + " failed");
  }

  private static Phase read(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, String name, PrintStream log)
      throws IOException {
    log.printf("%s...%n", name);
    long start = System.nanoTime();
    long read = ParallelReader.readFile(fs, file);
    return new Phase(name, read, seconds(start), "one reader");
  }

  private static void write(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, long bytes, long blockSize)
      throws IOException {
    byte[] buffer = new byte[1 << 20];
    new Random(7).nextBytes(buffer);
    try (OutputStream out = fs.create(file, true, 1 << 16, (short) 3, blockSize)) {
      for (long written = 0; written < bytes; written += buffer.length) {
        out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
      }
    }
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  public static void printTable(List<Phase> phases, PrintStream out) {
    out.printf("%-34s %10s %9s %9s  %s%n", "phase", "MiB", "seconds", "MB/s", "");
    for (Phase phase : phases) {
      out.printf("%-34s %10d %9.2f %9.1f  %s%n", phase.name(), phase.bytes() >> 20, phase.seconds(),
          phase.megabytesPerSecond(), phase.note());
    }
  }
}
