package io.strata.bench.whatif;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.core.whatif.BadInputs;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.whatif.NamespaceImages;
import io.strata.sim.whatif.WhatifCandidate;
import io.strata.sim.whatif.WhatifNamespace;
import io.strata.sim.whatif.WhatifResult;
import io.strata.sim.whatif.WhatifRun;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.apache.commons.math3.distribution.ZipfDistribution;
import org.apache.commons.math3.random.JDKRandomGenerator;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.apache.hadoop.hdfs.tools.DFSAdmin;
import org.apache.hadoop.util.ToolRunner;

/**
 * whatif's prediction against the real thing: a workload recorded on the embedded cluster (Zipf-popular reads over
 * the files, some writes and deletes), its fsimage and audit log replayed by whatif per candidate, then each
 * candidate put in force on a fresh embedded cluster (its placement rule and retrieval policy, as its
 * {@code howToApply} says) and the same workload run again, read throughput measured as the simulator measures it
 * (bytes read over the sum of the reads' times).
 */
public final class WhatifPrediction {
  /** Where the workload's files live; the candidate's placement rule is set on it. */
  static final String ROOT = "/w";

  /**
   * The hats testbed with every device at a quarter of its speed, so that the fastest tier stays below what one
   * reader moves through an in-process DataNode on a small shared machine, and the tiers' ratios are kept.
   */
  static final String SPEC_DEVICES = """
      devices:
        - {name: q-pcie-ssd, storageType: SSD, readMBps: 133.25, writeMBps: 61.25, iops: 17500, activeWatts: 25.0,
           idleWatts: 4.0, standbyWatts: 4.0, spinUpSeconds: 0, spinUpJoules: 0, costPerGB: 0.80,
           positionMillis: 0.0571}
        - {name: q-sata-ssd, storageType: SSD, readMBps: 47.75, writeMBps: 34.75, iops: 6250, activeWatts: 5.6,
           idleWatts: 1.1, standbyWatts: 1.1, spinUpSeconds: 0, spinUpJoules: 0, costPerGB: 0.80,
           positionMillis: 0.16}
        - {name: q-hdd, storageType: DISK, readMBps: 15.25, writeMBps: 11.5, iops: 875, activeWatts: 10.0,
           idleWatts: 7.4, standbyWatts: 0.87, spinUpSeconds: 15, spinUpJoules: 430, costPerGB: 0.04,
           positionMillis: 12.7}
      """;

  /**
   * The workload's size.
   *
   * @param files     files written first, each read with Zipf popularity
   * @param fileBytes bytes per file
   * @param blockSize HDFS block size
   * @param reads     opens, each reading a whole file
   * @param writes    new files written among the reads, deleted at the end
   * @param zipf      the Zipf exponent of the reads' popularity
   * @param seed      makes every run of the workload the same
   */
  public record Settings(int files, long fileBytes, long blockSize, int reads, int writes, double zipf, long seed) {
    /** The integration test's size: a couple of minutes in all. */
    public static Settings small() {
      return new Settings(150, 2L << 20, 1L << 20, 150, 10, 1.0, 43);
    }
  }

  /** One candidate: whatif's predicted read throughput and ratio next to the measured ones. */
  public record Row(String candidate, double predictedMBps, double predictedRatio, double measuredMBps,
      double measuredRatio) {
    /** How far the predicted ratio is from the measured one, relative to the measured. */
    public double relativeError() {
      return Math.abs(predictedRatio - measuredRatio) / measuredRatio;
    }
  }

  private WhatifPrediction() {}

  /** The spec both the embedded clusters and whatif use. */
  public static String specText() {
    String hats = Presets.text("hats").replace("device: pcie-ssd", "device: q-pcie-ssd")
        .replace("device: sata-ssd", "device: q-sata-ssd").replace("device: hdd", "device: q-hdd");
    return hats.replaceFirst("(?m)^tiers:", SPEC_DEVICES.replace("$", "\\$") + "tiers:");
  }

  /**
   * Records the workload under the first candidate (today's), runs whatif on its image and audit log, and measures
   * every candidate on a fresh cluster; the first row is today's.
   */
  public static List<Row> run(Path dir, Settings settings, List<WhatifCandidate> candidates, PrintStream log)
      throws Exception {
    String specText = specText();
    ClusterSpec spec = SpecParser.parse("whatif-proof", specText);
    Files.createDirectories(dir);
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, specText);
    Path auditLog = dir.resolve("record/hdfs-audit.log");
    Path recordedLog = dir.resolve("hdfs-audit.log");
    Path image;
    double[] measured = new double[candidates.size()];
    try (EmbeddedCluster cluster = start(spec, specFile, dir.resolve("record"), settings, candidates.get(0),
        auditLog)) {
      measured[0] = workload(cluster.fileSystem(), settings);
      log.printf(Locale.ROOT, "recorded under %s: %.1f MB/s%n", candidates.get(0).name(), measured[0]);
      // The audit logger stays attached to the file after the cluster stops: keep the recorded lines apart.
      Files.copy(auditLog, recordedLog);
      image = fetchImage(cluster, dir.resolve("image"));
    }
    WhatifNamespace namespace = WhatifNamespace.read(NamespaceImages.open(image, ZoneId.systemDefault(),
        BadInputs.failing()));
    WhatifRun whatif = new WhatifRun(namespace, List.of(recordedLog), ZoneId.systemDefault(), false, spec,
        settings.blockSize(), 3);
    List<WhatifResult> predicted = whatif.run(candidates, 1, false);
    for (int i = 1; i < candidates.size(); i++) {
      try (EmbeddedCluster cluster = start(spec, specFile, dir.resolve("c" + i), settings, candidates.get(i),
          null)) {
        measured[i] = workload(cluster.fileSystem(), settings);
        log.printf(Locale.ROOT, "measured %s: %.1f MB/s%n", candidates.get(i).name(), measured[i]);
      }
    }
    List<Row> rows = new ArrayList<>();
    for (int i = 0; i < candidates.size(); i++) {
      WhatifResult p = predicted.get(i);
      rows.add(new Row(p.name(), p.result().io().throughputMBps(), p.readThroughputRatio(), measured[i],
          measured[i] / measured[0]));
    }
    return rows;
  }

  /** A fresh cluster with {@code candidate} in force: its placement rule on the workload's root and its read order. */
  static EmbeddedCluster start(ClusterSpec spec, Path specFile, Path dir, Settings settings,
      WhatifCandidate candidate, Path auditLog) throws IOException {
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(settings.blockSize())
        .withConf(StrataPlugins.nameNodeConf(specFile, ROOT + "=" + candidate.placement(), 500))
        .withConf(Map.of(StrataKeys.RETRIEVAL_POLICY, candidate.retrieval()));
    return EmbeddedCluster.start(spec, auditLog == null ? options : options.withAuditLog(auditLog));
  }

  /**
   * The workload: writes the files, then reads them with Zipf popularity, one at a time, writing a new file every
   * so often; deletes the new files at the end. Returns the read throughput: bytes read over the reads' time.
   */
  static double workload(DistributedFileSystem fs, Settings settings) throws IOException {
    byte[] data = new byte[(int) settings.fileBytes()];
    new Random(settings.seed()).nextBytes(data);
    for (int f = 0; f < settings.files(); f++) {
      write(fs, ROOT + "/f" + f, data);
    }
    JDKRandomGenerator random = new JDKRandomGenerator();
    random.setSeed(settings.seed());
    ZipfDistribution popularity = new ZipfDistribution(random, settings.files(), settings.zipf());
    // Shuffled ranks, so the hottest files are not the first written.
    List<Integer> rankToFile = new ArrayList<>();
    for (int f = 0; f < settings.files(); f++) {
      rankToFile.add(f);
    }
    java.util.Collections.shuffle(rankToFile, new Random(settings.seed()));
    int writeEvery = settings.writes() == 0 ? Integer.MAX_VALUE : Math.max(1, settings.reads() / settings.writes());
    byte[] buffer = new byte[64 << 10];
    long bytes = 0;
    long nanos = 0;
    int written = 0;
    for (int r = 0; r < settings.reads(); r++) {
      if (r % writeEvery == writeEvery - 1 && written < settings.writes()) {
        write(fs, ROOT + "/new" + written++, data);
      }
      String path = ROOT + "/f" + rankToFile.get(popularity.sample() - 1);
      long start = System.nanoTime();
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
        for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
          bytes += n;
        }
      }
      nanos += System.nanoTime() - start;
    }
    for (int w = 0; w < written; w++) {
      fs.delete(new org.apache.hadoop.fs.Path(ROOT + "/new" + w), false);
    }
    return bytes / 1e6 / (nanos / 1e9);
  }

  private static void write(DistributedFileSystem fs, String path, byte[] data) throws IOException {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
      out.write(data);
    }
  }

  /** {@code dfsadmin -saveNamespace} in safe mode, then {@code -fetchImage}, as an operator would. */
  static Path fetchImage(EmbeddedCluster cluster, Path dir) throws Exception {
    DistributedFileSystem fs = cluster.fileSystem();
    fs.setSafeMode(SafeModeAction.SAFEMODE_ENTER);
    fs.saveNamespace();
    fs.setSafeMode(SafeModeAction.SAFEMODE_LEAVE);
    Files.createDirectories(dir);
    int exit = ToolRunner.run(new DFSAdmin(cluster.clientConf()), new String[] {"-fetchImage", dir.toString()});
    if (exit != 0) {
      throw new IOException("dfsadmin -fetchImage " + dir + " exited with " + exit);
    }
    try (var files = Files.list(dir)) {
      return files.filter(p -> p.getFileName().toString().startsWith("fsimage_")).findFirst()
          .orElseThrow(() -> new IOException("dfsadmin -fetchImage wrote no fsimage into " + dir));
    }
  }

  /** The table: predicted and measured read throughput per candidate, ratios to today's. */
  public static String table(List<Row> rows) {
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%-22s %14s %10s %14s %10s %8s%n", "candidate",
        "predicted MB/s", "predicted", "measured MB/s", "measured", "error"));
    for (Row r : rows) {
      out.append(String.format(Locale.ROOT, "%-22s %14.1f %9.2fx %14.1f %9.2fx %7.1f%%%n", r.candidate(),
          r.predictedMBps(), r.predictedRatio(), r.measuredMBps(), r.measuredRatio(), 100 * r.relativeError()));
    }
    return out.toString();
  }

  /** The candidates compared: today's stock placement on disks, then ever more SSD in the reads. */
  public static List<WhatifCandidate> candidates() {
    return List.of(WhatifCandidate.parse("default/network"), WhatifCandidate.parse("tier-aware/network"),
        WhatifCandidate.parse("tier-aware/hybrid"), WhatifCandidate.parse("layout:pcie-ssd+sata-ssd+sata-ssd/network"));
  }

  /** {@code WhatifPrediction [FILES [READS]] [DIR]}: runs the comparison at a larger size and prints the table. */
  public static void main(String[] args) throws Exception {
    Settings small = Settings.small();
    int files = args.length > 0 ? Integer.parseInt(args[0]) : 400;
    int reads = args.length > 1 ? Integer.parseInt(args[1]) : 400;
    Path dir = args.length > 2 ? Path.of(args[2]) : Files.createTempDirectory("whatif-prediction");
    Settings settings = new Settings(files, small.fileBytes(), small.blockSize(), reads, reads / 15, small.zipf(),
        small.seed());
    List<Row> rows = run(dir, settings, candidates(), System.out);
    System.out.printf(Locale.ROOT, "whatif prediction: %d files of %d MiB, %d Zipf(%.1f) reads, %d writes%n",
        files, settings.fileBytes() >> 20, reads, settings.zipf(), settings.writes());
    System.out.print(table(rows));
  }
}
