package io.strata.bench.iosplit;

import io.strata.bench.protocol.CpuBusy;
import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.localdir.IntermediateVolumes;
import io.strata.embedded.localdir.LocalDevice;
import io.strata.embedded.pagecache.PageCache;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.embedded.yarn.NamedNodeYarnCluster;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * Issue 28's comparison: Hadoop's WordCount, TeraSort and Grep, unchanged, on one emulated cluster under each
 * {@link DataSplit}, side by side in one run. HDFS (with its emulated volumes) stays up for the whole run; each
 * set-up gets its own YARN whose NodeManagers keep intermediate data on the set-up's tier, emulated
 * ({@code io.strata.embedded.localdir}). Per job and set-up: the job's time, the bytes written to each device
 * class (intermediate data as the emulated devices counted it; job output as HDFS placed its replicas), and what
 * the capacity the job used costs.
 */
public final class IoSplitBenchmark {
  /**
   * What to run. {@code bytes}: the text input of WordCount and Grep and the TeraSort input, each. {@code warm}
   * keeps the DataNodes' page caches (nodes with {@code pageCache} in the spec) from writing the input to the jobs;
   * else they are dropped before every job, which then reads its input from the devices (cold).
   */
  public record Settings(ClusterSpec spec, List<DataSplit> splits, List<String> jobs, long bytes, int rounds,
      double speedScale, boolean warm) {}

  /**
   * One job under one set-up in one round; {@code cpuBound} when the CPUs were above
   * {@link CpuBusy#CPU_BOUND_SHARE} busy while it ran.
   */
  public record Run(String job, String split, double seconds, Map<String, Long> bytesWrittenByTier,
      Map<String, Long> intermediateWrittenByTier, Map<String, Long> intermediateReadByTier,
      long intermediatePositionings, long outputBytes, double storageDollars, int round, boolean cpuBound) {}

  public static final List<String> JOBS = List.of("wordcount", "terasort", "grep");
  private static final String GREP_REGEX = "w1[0-9]*7";
  private static final double MIB = 1 << 20;

  private IoSplitBenchmark() {}

  /**
   * Every job under every set-up, round by round: within a round the set-ups run one after the other, in an order
   * rotated by one each round (ABCD, BCDA, ...), so slow drift of the machine does not favour one of them.
   */
  public static List<Run> run(Settings settings, Path dir, PrintStream log) throws Exception {
    ClusterSpec spec = settings.spec();
    for (DataSplit split : settings.splits()) {
      spec.withIntermediateTier(split.intermediateTier()); // every node needs a volume of each tier: checked now
      tierKind(spec, split.inputOutputTier());
    }
    List<Run> runs = new ArrayList<>();
    // Blocks of 32 MiB: a few maps per job, so that task start-up does not drown the I/O on two cores.
    try (EmbeddedCluster hdfs = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(32L << 20).withSpeedScale(settings.speedScale()))) {
      // Its own instance: stopping a YARN cluster closes the cached file systems of this JVM.
      DistributedFileSystem fs = (DistributedFileSystem) org.apache.hadoop.fs.FileSystem.newInstance(
          hdfs.clientConf());
      for (DataSplit split : settings.splits()) {
        String tier = split.inputOutputTier();
        org.apache.hadoop.fs.Path tierDir = new org.apache.hadoop.fs.Path("/iosplit/" + tier);
        if (!fs.exists(tierDir)) {
          fs.mkdirs(tierDir);
          fs.setStoragePolicy(tierDir, policyFor(tierKind(spec, tier)));
          log.printf("writing the inputs on %s (%s)...%n", tier, policyFor(tierKind(spec, tier)));
          writeText(fs, new org.apache.hadoop.fs.Path(tierDir, "text"), settings.bytes());
        }
      }
      List<String> hosts = spec.nodes().stream().map(NodeSpec::host).toList();
      List<DataSplit> order = new ArrayList<>(settings.splits());
      for (int round = 0; round < settings.rounds(); round++) {
        for (DataSplit split : order) {
          ClusterSpec setUp = spec.withIntermediateTier(split.intermediateTier());
          IntermediateVolumes volumes = IntermediateVolumes.create(setUp,
              dir.resolve("intermediate-" + split.name() + "-" + round), true, settings.speedScale());
          log.printf("round %d/%d, set-up %s (%s): starting YARN with local dirs on %s...%n", round + 1,
              settings.rounds(), split.name(), split.description(), split.intermediateTier());
          try (NamedNodeYarnCluster yarn = NamedNodeYarnCluster.start(hdfs.clientConf(), hosts,
              dir.resolve("yarn-" + split.name() + "-" + round), volumes.dirsByHost())) {
            Configuration conf = yarn.jobConf();
            org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("/iosplit/" + split.inputOutputTier());
            if (settings.jobs().contains("terasort") && !fs.exists(new org.apache.hadoop.fs.Path(input, "tera"))) {
              log.printf("  teragen %d rows onto %s...%n", settings.bytes() / 100, split.inputOutputTier());
              ExampleJobs.teraGen(conf, settings.bytes() / 100, 2, new org.apache.hadoop.fs.Path(input, "tera"));
            }
            for (String job : settings.jobs()) {
              if (!settings.warm()) {
                hdfs.dropPageCaches();
              }
              runs.add(runJob(job, split, spec, fs, conf, volumes, input, round, log));
            }
          }
        }
        Collections.rotate(order, -1);
      }
    }
    return runs;
  }

  private static Run runJob(String job, DataSplit split, ClusterSpec spec, DistributedFileSystem fs,
      Configuration conf, IntermediateVolumes volumes, org.apache.hadoop.fs.Path input, int round, PrintStream log)
      throws Exception {
    org.apache.hadoop.fs.Path outDir = new org.apache.hadoop.fs.Path("/iosplit/out-" + split.name());
    if (!fs.exists(outDir)) {
      fs.mkdirs(outDir);
      fs.setStoragePolicy(outDir, policyFor(tierKind(spec, split.inputOutputTier())));
    }
    org.apache.hadoop.fs.Path output = new org.apache.hadoop.fs.Path(outDir, job + "-" + round);
    fs.delete(output, true);
    Map<String, LocalDevice.Usage> before = volumes.usageByTier();
    log.printf("  %s, round %d...%n", job, round + 1);
    CpuBusy.Reading cpu = CpuBusy.read();
    ExampleJobs.Outcome outcome = switch (job) {
      case "wordcount" -> ExampleJobs.wordCount(conf, new org.apache.hadoop.fs.Path(input, "text"), output);
      case "terasort" -> ExampleJobs.teraSort(conf, new org.apache.hadoop.fs.Path(input, "tera"), output, 3);
      case "grep" -> ExampleJobs.grep(conf, new org.apache.hadoop.fs.Path(input, "text"), output, GREP_REGEX);
      default -> throw new IllegalArgumentException("unknown job '" + job + "' (known: " + String.join(", ", JOBS)
          + ")");
    };
    Map<String, LocalDevice.Usage> after = volumes.usageByTier();
    boolean cpuBound = CpuBusy.isCpuBound(CpuBusy.read().busyShareSince(cpu));
    Map<String, Long> intermediateWritten = new LinkedHashMap<>();
    Map<String, Long> intermediateRead = new LinkedHashMap<>();
    long positionings = 0;
    for (var entry : after.entrySet()) {
      LocalDevice.Usage was = before.get(entry.getKey());
      intermediateWritten.put(entry.getKey(), entry.getValue().bytesWritten() - was.bytesWritten());
      intermediateRead.put(entry.getKey(), entry.getValue().bytesRead() - was.bytesRead());
      positionings += entry.getValue().positionings() - was.positionings();
    }
    Map<String, Long> outputReplicaBytes = replicaBytesByTier(fs, spec, output);
    Map<String, Long> written = new LinkedHashMap<>();
    for (String tier : spec.tierMap().tiers().stream().map(t -> t.name()).toList()) {
      written.put(tier, intermediateWritten.getOrDefault(tier, 0L) + outputReplicaBytes.getOrDefault(tier, 0L));
    }
    long outputBytes = fs.getContentSummary(output).getLength();
    double dollars = 0;
    for (var entry : written.entrySet()) {
      dollars += entry.getValue() / 1e9 * costPerGB(spec, entry.getKey());
    }
    fs.delete(output, true); // measured: its replicas would only fill the small cluster over the rounds
    log.printf("    %.1f s%s; written: %s%n", outcome.seconds(), cpuBound ? " (cpu-bound)" : "", written);
    for (var cache : volumes.pageCacheStatsByHost().entrySet()) {
      // Running totals since the set-up started: hits and misses of the intermediate reads, and what reached the
      // device (written back) or never will (dropped with deleted files).
      PageCache.Stats stats = cache.getValue();
      log.printf("    page cache %s: %.1f MiB hit, %.1f MiB missed, %.1f MiB written back, %.1f MiB dropped%n",
          cache.getKey(), stats.hitBytes() / MIB, stats.missBytes() / MIB, stats.writebackBytes() / MIB,
          stats.droppedDirtyBytes() / MIB);
    }
    return new Run(job, split.name(), outcome.seconds(), written, intermediateWritten, intermediateRead, positionings,
        outputBytes, dollars, round, cpuBound);
  }

  /** Bytes of the replicas of every file under {@code root}, by the tier of the storage holding each replica. */
  private static Map<String, Long> replicaBytesByTier(DistributedFileSystem fs, ClusterSpec spec,
      org.apache.hadoop.fs.Path root) throws IOException {
    Map<String, Long> bytes = new LinkedHashMap<>();
    RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
    while (files.hasNext()) {
      LocatedFileStatus file = files.next();
      for (BlockLocation block : file.getBlockLocations()) {
        for (StorageType type : block.getStorageTypes()) {
          bytes.merge(tierOfKind(spec, StorageKind.valueOf(type.name())), block.getLength(), Long::sum);
        }
      }
    }
    return bytes;
  }

  /** Writes {@code bytes} of text: lines of words drawn from a Zipf-like vocabulary, as WordCount likes. */
  private static void writeText(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, long bytes)
      throws IOException {
    Random random = new Random(28);
    long written = 0;
    StringBuilder line = new StringBuilder();
    try (Writer out = new OutputStreamWriter(fs.create(file), StandardCharsets.UTF_8)) {
      while (written < bytes) {
        line.setLength(0);
        for (int word = 0; word < 12; word++) {
          // Squaring a uniform draw favours small numbers: a few frequent words, a long tail.
          double u = random.nextDouble();
          line.append('w').append((int) (u * u * 200_000)).append(' ');
        }
        line.append('\n');
        out.write(line.toString());
        written += line.length();
      }
    }
  }

  private static StorageKind tierKind(ClusterSpec spec, String tier) {
    return spec.tierMap().find(tier).orElseThrow(() -> new IllegalArgumentException("spec '" + spec.name()
        + "' has no tier '" + tier + "' (known: " + String.join(", ", spec.tierMap().tiers().stream()
            .map(t -> t.name()).toList())
        + ")")).storageKind();
  }

  /** The one tier of {@code kind}; the set-ups place data by storage policy, so a kind must be a single tier. */
  private static String tierOfKind(ClusterSpec spec, StorageKind kind) {
    List<String> tiers = spec.tierMap().tiers().stream().filter(t -> t.storageKind() == kind).map(t -> t.name())
        .toList();
    if (tiers.size() != 1) {
      throw new IllegalArgumentException("spec '" + spec.name() + "' has " + tiers.size() + " tiers of " + kind
          + "; the io-split benchmark needs exactly one per storage type");
    }
    return tiers.get(0);
  }

  private static double costPerGB(ClusterSpec spec, String tier) {
    return spec.nodes().stream().flatMap(n -> n.volumes().stream())
        .filter(v -> spec.tierMap().find(tier).map(t -> t.storageKind() == v.storageKind()).orElse(false))
        .map(v -> v.device()).mapToDouble(DeviceProfile::costPerGB).max().orElse(0);
  }

  private static String policyFor(StorageKind kind) {
    return switch (kind) {
      case SSD -> HdfsConstants.ALLSSD_STORAGE_POLICY_NAME;
      case DISK -> HdfsConstants.HOT_STORAGE_POLICY_NAME;
      case ARCHIVE -> HdfsConstants.COLD_STORAGE_POLICY_NAME;
      default -> throw new IllegalArgumentException("no single-type storage policy for " + kind);
    };
  }

}
