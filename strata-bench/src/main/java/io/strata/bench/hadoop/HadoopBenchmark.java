package io.strata.bench.hadoop;

import io.strata.bench.protocol.CpuBusy;
import io.strata.core.spec.ClusterSpec;
import io.strata.embedded.hosts.HostCluster;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;

/**
 * Hadoop's own jobs (TestDFSIO, TeraGen/TeraSort/TeraValidate, Grep, WordCount from the 3.4.2 jars) under a set of
 * placement and retrieval policies, side by side on one running cluster, each configuration a ratio to a named
 * baseline. Two set-ups, after the papers that measured themselves this way:
 *
 * <ul>
 *   <li><b>hats</b> (hatS): TestDFSIO write and TeraGen under each placement, TestDFSIO read under each placement x
 *       retrieval, Grep and WordCount under each retrieval over text every policy sees placed alike; baseline
 *       {@code network} placement and {@code network} retrieval (HDFS's order).
 *   <li><b>hdfsh</b> (HDFS-H): TeraGen, TeraSort and TeraValidate with a share of each file's blocks on SSD
 *       ({@code ratio:P}) from HD (0) to SSD (1), at each size; baseline HD.
 * </ul>
 *
 * <p>Placement is by path: every configuration writes under its own directory, which a placement rule names. The
 * read order changes between jobs. Beside them run the stock peers ({@link HadoopBenchSettings#stockPolicies}): a
 * storage policy on their own directory, written and read by the NameNode restarted without the plugin. Every job's output is checked ({@link HadoopJobs}), and Grep's and WordCount's
 * output, and TeraValidate's checksum for a size, must be the same under every policy, or the run fails.
 */
public final class HadoopBenchmark {
  private final HadoopBenchSettings settings;
  private final BenchCluster cluster;
  private final PrintStream progress;
  private final List<Measurement> measurements = new ArrayList<>();
  /** hdfsh: per configuration, the blocks of its TeraGen input and TeraSort output, and those wholly on SSD. */
  private final Map<String, HadoopBenchReport.SsdShare> ssdShares = new LinkedHashMap<>();
  private int jobsDone;
  private int jobsTotal;

  private HadoopBenchmark(HadoopBenchSettings settings, BenchCluster cluster, PrintStream progress) {
    this.settings = settings;
    this.cluster = cluster;
    this.progress = progress;
  }

  /** The placement rules the NameNode needs for {@code settings}: one directory per placement. */
  public static String rules(HadoopBenchSettings settings) {
    List<String> rules = new ArrayList<>();
    if (settings.preset.equals(HadoopBenchSettings.HATS)) {
      for (int i = 0; i < settings.placements.size(); i++) {
        rules.add(placementDir(i) + "=" + settings.placements.get(i));
      }
      rules.add(textDir() + "=" + settings.placements.get(0));
    } else {
      for (int i = 0; i < settings.ratios.size(); i++) {
        rules.add(ratioDir(i) + "=ratio:" + settings.ratios.get(i));
      }
    }
    return String.join(";", rules);
  }

  /** Runs on the embedded cluster (in this JVM) of {@code spec}, in {@code dir}. */
  public static HadoopBenchReport runInProcess(HadoopBenchSettings settings, ClusterSpec spec, String specText,
      Path dir, PrintStream progress) throws Exception {
    progress.printf("starting the embedded cluster '%s' (%d DataNodes, device speeds x%s) and YARN%n", spec.name(),
        spec.nodes().size(), settings.speedScale);
    try (BenchCluster cluster = InProcessBenchCluster.start(spec, specText, dir, rules(settings),
        settings.speedScale, settings.blockSize, Map.of())) {
      return new HadoopBenchmark(settings, cluster, progress).run(spec.name());
    }
  }

  /**
   * Runs on a cluster of hosts with YARN, started from {@code options} (whose plugin keys must carry
   * {@link #rules}); speed scale and block size come from the settings.
   */
  public static HadoopBenchReport runOnHosts(HadoopBenchSettings settings, HostCluster.Options options,
      PrintStream progress) throws Exception {
    try (BenchCluster cluster = HostBenchCluster.start(options.withSpeedScale(settings.speedScale)
        .withBlockSize(settings.blockSize), progress)) {
      return new HadoopBenchmark(settings, cluster, progress).run(options.spec().name());
    }
  }

  private HadoopBenchReport run(String specName) throws Exception {
    long started = System.nanoTime();
    if (settings.preset.equals(HadoopBenchSettings.HATS)) {
      runHats();
    } else {
      runHdfsh();
    }
    cluster.useRetrieval(settings.retrievals.get(0));
    return new HadoopBenchReport(settings, cluster.kind(), specName, measurements,
        (System.nanoTime() - started) / 1e9, List.copyOf(ssdShares.values()));
  }

  private void runHats() throws Exception {
    List<String> placements = settings.placements;
    List<String> retrievals = settings.retrievals;
    boolean dfsio = settings.hatsJobs.contains(HadoopBenchSettings.TESTDFSIO);
    boolean teragen = settings.hatsJobs.contains(HadoopJobs.TERAGEN);
    List<String> textJobs = settings.hatsJobs.stream()
        .filter(j -> j.equals(HadoopJobs.GREP) || j.equals(HadoopJobs.WORDCOUNT)).toList();
    List<String> stock = settings.stockPolicies;
    jobsTotal = (dfsio ? placements.size() * (1 + settings.rounds * retrievals.size())
        + stock.size() * (1 + settings.rounds) : 0)
        + (teragen ? placements.size() + stock.size() : 0) + settings.rounds * retrievals.size() * textJobs.size();
    FileSystem fs = cluster.fileSystem();
    cluster.useRetrieval(retrievals.get(0));
    for (int i = 0; dfsio && i < placements.size(); i++) {
      run(HadoopJobs.DFSIO_WRITE, placements.get(i), i, placements.get(0), 0, new JobRequest(HadoopJobs.DFSIO_WRITE,
          placementDir(i) + "/dfsio", "", settings.dfsioFileBytes, settings.dfsioFiles, Map.of()));
      countSsdBlocks(fs, placements.get(i), placementDir(i) + "/dfsio/" + HadoopJobs.DFSIO_DATA_DIR);
    }
    for (int i = 0; teragen && i < placements.size(); i++) {
      run(HadoopJobs.TERAGEN, placements.get(i), i, placements.get(0), 0, new JobRequest(HadoopJobs.TERAGEN, "",
          placementDir(i) + "/teragen", settings.teragenBytes, settings.dfsioFiles, Map.of()));
      fs.delete(new org.apache.hadoop.fs.Path(placementDir(i) + "/teragen"), true);
    }
    if ((dfsio || teragen) && !stock.isEmpty()) {
      cluster.useStock();
      for (int p = 0; p < stock.size(); p++) {
        String label = HadoopBenchSettings.stockLabel(stock.get(p));
        String dir = stockDir(fs, p);
        if (dfsio) {
          run(HadoopJobs.DFSIO_WRITE, label, placements.size() + p, placements.get(0), 0, new JobRequest(
              HadoopJobs.DFSIO_WRITE, dir + "/dfsio", "", settings.dfsioFileBytes, settings.dfsioFiles, Map.of()));
          countSsdBlocks(fs, label, dir + "/dfsio/" + HadoopJobs.DFSIO_DATA_DIR);
        }
        if (teragen) {
          run(HadoopJobs.TERAGEN, label, placements.size() + p, placements.get(0), 0, new JobRequest(
              HadoopJobs.TERAGEN, "", dir + "/teragen", settings.teragenBytes, settings.dfsioFiles, Map.of()));
          fs.delete(new org.apache.hadoop.fs.Path(dir + "/teragen"), true);
        }
      }
    }
    // The stock peers take one slot of the rotation, all of them on one stock NameNode.
    int slots = retrievals.size() + (stock.isEmpty() ? 0 : 1);
    for (int round = 0; dfsio && round < settings.rounds; round++) {
      for (int k = 0; k < slots; k++) {
        if ((k + round) % slots == retrievals.size()) {
          cluster.useStock();
          for (int j = 0; j < stock.size(); j++) {
            int p = (j + round) % stock.size();
            run(HadoopJobs.DFSIO_READ, HadoopBenchSettings.stockLabel(stock.get(p)),
                placements.size() * retrievals.size() + p, placements.get(0) + " + " + retrievals.get(0), round,
                new JobRequest(HadoopJobs.DFSIO_READ, stockDir(fs, p) + "/dfsio", "", settings.dfsioFileBytes,
                    settings.dfsioFiles, Map.of()));
          }
          continue;
        }
        String retrieval = retrievals.get((k + round) % slots);
        cluster.useRetrieval(retrieval);
        for (int j = 0; j < placements.size(); j++) {
          int i = (j + round) % placements.size();
          run(HadoopJobs.DFSIO_READ, placements.get(i) + " + " + retrieval, i * retrievals.size()
              + retrievals.indexOf(retrieval), placements.get(0) + " + " + retrievals.get(0), round,
              new JobRequest(
                  HadoopJobs.DFSIO_READ, placementDir(i) + "/dfsio", "", settings.dfsioFileBytes, settings.dfsioFiles,
                  Map.of()));
        }
      }
    }
    if (textJobs.isEmpty()) {
      return;
    }
    cluster.useRetrieval(retrievals.get(0));
    progress.printf("writing %d MiB of text for Grep and WordCount under %s placement%n",
        settings.textBytes >> 20, placements.get(0));
    TextCorpus.write(fs, new org.apache.hadoop.fs.Path(textDir()), 4, settings.textBytes / 4, 27);
    Map<String, Map<String, String>> digests = new LinkedHashMap<>();
    int outputs = 0;
    for (int round = 0; round < settings.rounds; round++) {
      for (int k = 0; k < retrievals.size(); k++) {
        String retrieval = retrievals.get((k + round) % retrievals.size());
        cluster.useRetrieval(retrieval);
        for (String job : textJobs) {
          String output = "/bench/out/" + job + "-" + ++outputs;
          JobRun run = run(job, retrieval, retrievals.indexOf(retrieval), retrievals.get(0), round,
              new JobRequest(job, textDir(), output, 0, 0, Map.of()));
          digests.computeIfAbsent(job, j -> new LinkedHashMap<>()).put(retrieval + " (round " + (round + 1) + ")",
              run.outputLines() + " lines, digest " + run.outputDigest());
          fs.delete(new org.apache.hadoop.fs.Path(output), true);
        }
      }
    }
    digests.forEach((job, byConfig) -> requireSame(job + " output", byConfig));
  }

  private void runHdfsh() throws Exception {
    List<Double> ratios = settings.ratios;
    List<String> stock = settings.stockPolicies;
    // The shares of blocks on SSD under Strata's plugin, then the stock peers; rotated together each round.
    int configs = ratios.size() + stock.size();
    jobsTotal = 3 * settings.rounds * settings.sortBytes.size() * configs;
    FileSystem fs = cluster.fileSystem();
    cluster.useRetrieval(settings.retrievals.get(0));
    for (int round = 0; round < settings.rounds; round++) {
      for (int s = 0; s < settings.sortBytes.size(); s++) {
        long bytes = settings.sortBytes.get(s);
        String size = size(bytes);
        Map<String, String> checksums = new LinkedHashMap<>();
        for (int k = 0; k < configs; k++) {
          int i = (k + round + s) % configs;
          String label;
          String base;
          if (i < ratios.size()) {
            cluster.useRetrieval(settings.retrievals.get(0));
            label = HadoopBenchSettings.ratioLabel(ratios.get(i));
            base = ratioDir(i) + "/" + size;
          } else {
            cluster.useStock();
            label = HadoopBenchSettings.stockLabel(stock.get(i - ratios.size()));
            base = stockDir(fs, i - ratios.size()) + "/" + size;
          }
          String baseline = HadoopBenchSettings.ratioLabel(ratios.get(0));
          run(HadoopJobs.TERAGEN + " " + size, label, i, baseline, round,
              new JobRequest(HadoopJobs.TERAGEN, "", base + "/in",
                  bytes, 4, Map.of()));
          run(HadoopJobs.TERASORT + " " + size, label, i, baseline, round,
              new JobRequest(HadoopJobs.TERASORT, base + "/in",
                  base + "/out", 0, settings.sortReducers, Map.of()));
          JobRun validate = run(HadoopJobs.TERAVALIDATE + " " + size, label, i, baseline,
              round, new JobRequest(
                  HadoopJobs.TERAVALIDATE, base + "/out", "/bench/validate/" + size + "-" + i + "-" + round, 0, 0,
                  Map.of()));
          checksums.put(label, validate.outputDigest());
          countSsdBlocks(fs, label, base);
          fs.delete(new org.apache.hadoop.fs.Path(base), true);
        }
        requireSame("TeraValidate's checksum of the sorted " + size, checksums);
      }
    }
  }

  private JobRun run(String group, String config, int rank, String baseline, int round, JobRequest request)
      throws Exception {
    progress.printf("[%d/%d] %s, %s ...%n", jobsDone + 1, jobsTotal, group, config);
    JobRun run;
    CpuBusy.Reading before = CpuBusy.read();
    try {
      run = cluster.run(request);
    } catch (Exception e) {
      throw new IOException(group + " under " + config + " failed: " + e.getMessage(), e);
    }
    double cpuBusy = CpuBusy.read().busyShareSince(before);
    jobsDone++;
    measurements.add(new Measurement(group, config, rank, baseline, round, run, cpuBusy));
    progress.printf(Locale.ROOT, "[%d/%d] %s, %s: %.1f s%s, %d of %d maps data-local, CPU %.0f%% busy%s%n", jobsDone,
        jobsTotal, group, config, run.seconds(), run.throughputMBps() > 0 ? String.format(Locale.ROOT,
            ", %.1f MB/s", run.throughputMBps()) : "",
        run.dataLocalMaps(), run.launchedMaps(), 100 * cpuBusy,
        CpuBusy.isCpuBound(cpuBusy) ? " (cpu-bound)" : "");
    return run;
  }

  /** Fails the run when the values differ, naming each configuration's value. */
  static void requireSame(String what, Map<String, String> byConfig) {
    if (byConfig.values().stream().distinct().count() > 1) {
      StringBuilder message = new StringBuilder(what + " differs between policies:");
      byConfig.forEach((config, value) -> message.append("\n  ").append(config).append(": ").append(value));
      throw new IllegalStateException(message.toString());
    }
  }

  /**
   * Adds the blocks under {@code dir} to {@code config}'s count: for hdfsh what a share of blocks on SSD really came
   * to (the share is set per file and a short file rounds it), for hats which replicas a read could choose from.
   */
  private void countSsdBlocks(FileSystem fs, String config, String dir) throws IOException {
    long blocks = 0;
    long ssd = 0;
    long anySsd = 0;
    long replicas = 0;
    long ssdReplicas = 0;
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(new org.apache.hadoop.fs.Path(dir), true);
    while (files.hasNext()) {
      for (BlockLocation block : files.next().getBlockLocations()) {
        blocks++;
        long onSsd = Arrays.stream(block.getStorageTypes()).filter(type -> type == StorageType.SSD).count();
        replicas += block.getStorageTypes().length;
        ssdReplicas += onSsd;
        ssd += onSsd > 0 && onSsd == block.getStorageTypes().length ? 1 : 0;
        anySsd += onSsd > 0 ? 1 : 0;
      }
    }
    if (blocks == 0) {
      throw new IOException(config + ": no blocks under " + dir + " to count");
    }
    ssdShares.merge(config, new HadoopBenchReport.SsdShare(config, ssd, anySsd, blocks, ssdReplicas, replicas),
        HadoopBenchReport.SsdShare::plus);
    progress.printf("  %s: %d of %d blocks with every replica on SSD, %d with one; %d of %d replicas on SSD%n",
        config, ssd, blocks, anySsd, ssdReplicas, replicas);
  }

  static String size(long bytes) {
    return bytes % (1L << 30) == 0 ? (bytes >> 30) + "GiB" : bytes % (1L << 20) == 0 ? (bytes >> 20) + "MiB"
        : bytes + "B";
  }

  private static String placementDir(int index) {
    return "/bench/p" + index;
  }

  private static String ratioDir(int index) {
    return "/bench/r" + index;
  }

  /**
   * The directory of stock peer {@code index}, with its storage policy set (every file written under it inherits
   * the policy); the stock NameNode must be running, as it is when a stock peer writes.
   */
  private String stockDir(FileSystem fs, int index) throws IOException {
    org.apache.hadoop.fs.Path dir = new org.apache.hadoop.fs.Path("/bench/s" + index);
    String policy = settings.stockPolicies.get(index);
    if (!fs.exists(dir)) {
      fs.mkdirs(dir);
      fs.setStoragePolicy(dir, policy);
    }
    return dir.toUri().getPath();
  }

  private static String textDir() {
    return "/bench/text";
  }
}
