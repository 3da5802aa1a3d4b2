package io.strata.bench.whatif;

import io.strata.core.config.ConfigException;
import com.sun.management.OperatingSystemMXBean;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.whatif.BadInputs;
import io.strata.hdfs.whatif.NamespaceImages;
import io.strata.sim.scenario.ClusterSpecs;
import io.strata.sim.whatif.AuditLogJobs;
import io.strata.sim.whatif.WhatifCandidate;
import io.strata.sim.whatif.WhatifNamespace;
import io.strata.sim.whatif.WhatifResult;
import io.strata.sim.whatif.WhatifRun;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * The whole-run scale bench of {@code strata whatif} (issue 43: a 10-million-file namespace and a 100-million-line
 * audit log in under 15 minutes and 8 GB of heap): generates the inputs ({@link SyntheticInputs}), then runs what
 * {@code strata whatif --fsimage fsimage.tsv --audit-log ...} runs on the declared cluster, the default candidates on as many
 * threads as cores, and prints each phase's wall time, the CPU busy share, the heap (the GC beans' peak and most
 * live after a collection) and the two targets as {@code met} or {@code MISSED}. Below the size they are
 * not judged and it prints a projection to it, labelled as one. Not a test: run it by hand with the heap to prove,
 * {@code STRATA_JAVA_OPTS=-Xmx8g strata bench whatif-scale}.
 */
public final class WhatifScaleBenchmark {
  private static final long TARGET_FILES = 10_000_000;
  private static final long TARGET_LINES = 100_000_000;
  private static final double TARGET_SECONDS = 15 * 60;
  private static final long TARGET_HEAP_BYTES = 8L << 30;
  /**
   * The default cluster: the simulator's 500-node hatS cluster, which holds the generated 10M-file namespace
   * (about 470 TB before replication). On the 9-node {@code hats} preset the replay evicts most of the namespace
   * and jobs queue behind the day's 100M lines, which no operator's cluster of that size would see.
   */
  public static final String LARGE_CLUSTER = "hats-500";

  private WhatifScaleBenchmark() {}

  /**
   * What to run.
   *
   * @param dir   where the inputs go (null: a temporary directory)
   * @param keep  keep the generated inputs in {@code dir}
   * @param reuse   read the inputs an earlier run kept in {@code dir} instead of generating them
   * @param cluster the modeled cluster: {@value #LARGE_CLUSTER} or a preset's name
   */
  public record Settings(long files, long lines, int rotations, Path dir, boolean keep, boolean reuse,
      String cluster) {
    public Settings {
      clusterSpec(cluster); // a misspelt name fails before the inputs are generated
      if (files <= 0 || lines <= 0 || rotations <= 0) {
        throw new ConfigException("files, lines and rotations must be > 0, got " + files + ", " + lines + " and "
            + rotations);
      }
      if (reuse && dir == null) {
        throw new ConfigException("reusing inputs needs the directory an earlier run kept them in");
      }
    }
  }

  /** Generates (or reuses) the inputs, runs the whole of {@code strata whatif} on them and prints the figures. */
  public static void run(Settings settings, PrintStream out) throws IOException {
    long files = settings.files();
    long lines = settings.lines();
    Path dir = settings.dir();
    Path work = dir == null ? Files.createTempDirectory("whatif-scale") : Files.createDirectories(dir);
    int cores = Runtime.getRuntime().availableProcessors();
    out.printf(Locale.ROOT, "whatif whole run: %,d files, %,d audit lines in %d rotated files; %d CPU cores, "
        + "max heap %,.0f MiB, load average %.1f; cluster %s; in %s%n", files, lines, settings.rotations(), cores,
        Runtime.getRuntime().maxMemory() / 1048576.0, ManagementFactory.getOperatingSystemMXBean()
            .getSystemLoadAverage(),
        settings.cluster(), work);
    try {
      Path image = work.resolve("fsimage.tsv");
      List<Path> logs;
      if (settings.reuse()) {
        try (Stream<Path> found = Files.list(work)) {
          logs = found.filter(p -> p.getFileName().toString().startsWith("hdfs-audit.log")).sorted().toList();
        }
        if (!Files.isRegularFile(image) || logs.isEmpty()) {
          throw new ConfigException(work + ": no fsimage.tsv and hdfs-audit.log* of an earlier kept run to reuse");
        }
        out.printf(Locale.ROOT, "reusing %s and %d audit log file(s) (the sizes above are the arguments, "
            + "not checked)%n", image, logs.size());
      } else {
        long start = System.nanoTime();
        SyntheticInputs.writeImage(image, files);
        logs = SyntheticInputs.writeAuditLogs(work, lines, settings.rotations(), files);
        out.printf(Locale.ROOT, "generated the inputs in %.0f s (not measured below)%n",
            (System.nanoTime() - start) / 1e9);
      }
      run(image, logs, files, lines, cores, settings.cluster(), out);
    } finally {
      if (!settings.keep() && !settings.reuse()) {
        SyntheticInputs.delete(work);
      }
    }
  }

  private static ClusterSpec clusterSpec(String name) {
    if (LARGE_CLUSTER.equals(name)) {
      return ClusterSpecs.parse(LARGE_CLUSTER, ClusterSpecs.hats500());
    }
    try {
      return Presets.load(name);
    } catch (ConfigException e) {
      throw new ConfigException("cluster '" + name + "': neither " + LARGE_CLUSTER + " nor a preset: "
          + e.getMessage());
    }
  }

  private static void run(Path image, List<Path> logs, long files, long lines, int cores, String cluster,
      PrintStream out) throws IOException {
    ClusterSpec spec = clusterSpec(cluster);
    List<WhatifCandidate> candidates = WhatifCandidate.defaults(spec);
    OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    System.gc();
    HeapWatch heap = HeapWatch.start();
    heap.reset();
    long wall = System.nanoTime();
    long cpu = os.getProcessCpuTime();

    WhatifNamespace namespace = WhatifNamespace.read(NamespaceImages.open(image, ZoneOffset.UTC,
        BadInputs.failing()));
    double namespaceSeconds = (System.nanoTime() - wall) / 1e9;
    WhatifRun run = new WhatifRun(namespace, logs, ZoneOffset.UTC, false, spec, 128L << 20, 3);
    AuditLogJobs jobs = run.jobs();
    double logSeconds = (System.nanoTime() - wall) / 1e9 - namespaceSeconds;
    List<WhatifResult> results = run.run(candidates, jobs, cores, false);
    double seconds = (System.nanoTime() - wall) / 1e9;
    double replaySeconds = seconds - namespaceSeconds - logSeconds;
    double cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;

    out.printf(Locale.ROOT, "namespace   %,12d files            %8.1f s wall%n", namespace.files(),
        namespaceSeconds);
    out.printf(Locale.ROOT, "audit log   %,12d jobs             %8.1f s wall  (%,d opens of unknown files)%n",
        jobs.jobs(), logSeconds, jobs.unknownFiles());
    List<String> names = new ArrayList<>();
    results.forEach(r -> names.add(r.name()));
    out.printf(Locale.ROOT, "replay      %,12d candidates       %8.1f s wall  (%s)%n", results.size(),
        replaySeconds, String.join(", ", names));
    out.printf(Locale.ROOT,
        "whole run   %8.1f s wall, %.1f s CPU (%.0f%% of %d cores busy); heap: peak %,.0f MiB,"
            + " most live after a GC %,.0f MiB%n",
        seconds, cpuSeconds, 100 * cpuSeconds / (seconds * cores), cores,
        heap.peakBytes() / 1048576.0, heap.liveBytes() / 1048576.0);
    // The targets hold at the size; a smaller run is not judged, only projected.
    boolean full = files >= TARGET_FILES && lines >= TARGET_LINES;
    String notJudged = "not judged: below 10M files / 100M lines";
    out.printf(Locale.ROOT, "target: whole run <= 15 min: %s (%.1f min); heap <= 8 GiB: %s (peak %,.0f MiB)%n",
        !full ? notJudged : seconds <= TARGET_SECONDS ? "met" : "MISSED", seconds / 60,
        !full ? notJudged : heap.peakBytes() <= TARGET_HEAP_BYTES ? "met" : "MISSED", heap.peakBytes() / 1048576.0);
    if (files < TARGET_FILES || lines < TARGET_LINES) {
      // The namespace scales with its files, the log's reading and every replay with its lines.
      double projected = namespaceSeconds * TARGET_FILES / files + (logSeconds + replaySeconds) * TARGET_LINES
          / lines;
      out.printf(Locale.ROOT, "projection, not a measurement: %,d files and %,d lines at these rates would "
          + "take %.0f min (%s the 15)%n", TARGET_FILES, TARGET_LINES, projected / 60,
          projected <= TARGET_SECONDS
              ? "within" : "over");
    }
  }
}
