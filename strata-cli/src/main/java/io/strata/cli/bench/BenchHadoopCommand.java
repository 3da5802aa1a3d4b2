package io.strata.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.bench.hadoop.HadoopBenchReport;
import io.strata.bench.hadoop.HadoopBenchSettings;
import io.strata.bench.hadoop.HadoopBenchmark;
import io.strata.bench.hadoop.HadoopCharts;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.HostTestbedOptions;
import io.strata.cli.shared.OptionChecks;
import io.strata.cli.shared.PluginConf;
import io.strata.core.config.ConfigException;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.retrieval.RetrievalPolicies;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.hosts.HostNetwork;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata bench hadoop}: Hadoop's own jobs under each policy, side by side, as ratios to a baseline. */
@Command(name = "hadoop", mixinStandardHelpOptions = true,
    description = {"Run Hadoop 3.4.2's own jobs, unmodified, under each policy on one cluster with YARN.",
        "hats (hatS): TestDFSIO write and TeraGen per placement, TestDFSIO read per placement x retrieval, Grep",
        "and WordCount per retrieval; ratios to network placement and retrieval. hdfsh (HDFS-H): TeraGen, TeraSort",
        "and TeraValidate per share of blocks on SSD (ratio:P) at each size; ratios to HD (all on HDD).",
        "Every output is checked: TeraValidate must find no error, and Grep's and WordCount's output and",
        "TeraValidate's checksum must be the same under every policy, or the run fails (exit 1).",
        "Device speeds are scaled down (--speed-scale) so storage, not this machine's cores, bounds the jobs.",
        "Stock peers run beside them in the same run, rotated into every round: stock HDFS (the NameNode restarted",
        "without Strata's plugin) with dfs.namenode.read.considerStorageType and considerLoad on and a storage",
        "policy on the peer's directory: hats 'stock ONE_SSD', hdfsh 'stock ONE_SSD' and 'stock ALL_SSD'.",
        "stock-best is, per job, the peer with the best median ratio.",
        "Targets are judged on one configuration declared before the run, on its worst round of at least 3:",
        "hats: TestDFSIO read under '" + HadoopBenchSettings.HATS_DECLARED + "' >= 1.40x the baseline; hdfsh: "
            + HadoopBenchSettings.HDFSH_DECLARED + " at least 30%% faster than HD; and each at least as fast as",
        "stock-best (>= 1.00x) in every round.",
        "Each job's CPU use is sampled (/proc/stat); a run above 90%% busy is marked cpu-bound and not judged.",
        "With --hosts, on the cluster of hosts with YARN; jobs are submitted from the root namespace."})
final class BenchHadoopCommand implements Callable<Integer> {
  @Option(names = "--preset", paramLabel = "NAME", defaultValue = HadoopBenchSettings.HATS,
      description = "the set-up and its spec preset: hats or hdfsh (default: ${DEFAULT-VALUE})")
  String preset;

  @Option(names = "--spec", paramLabel = "FILE", description = "run the preset's set-up on this cluster spec instead")
  Path specFile;

  @Option(names = "--speed-scale", paramLabel = "X",
      description = "factor on every device speed (default: hats 0.1, hdfsh 0.02)")
  Double speedScale;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
      description = "runs of every configuration, policy order rotated (default: ${DEFAULT-VALUE})")
  int rounds;

  @Option(names = "--block-size", paramLabel = "SIZE",
      description = "HDFS block size (default: hats 8MiB, hdfsh 1MiB, so each file holds several blocks)")
  ByteSizeArg blockSize;

  @Option(names = "--placements", paramLabel = "P,P", split = ",",
      description = "hats: placement policies, the first the baseline (default: network,tier-aware,hybrid)")
  List<String> placements;

  @Option(names = "--retrievals", paramLabel = "R,R", split = ",",
      description = "hats: retrieval policies, the first the baseline (default: network,tier-weighted,hybrid,"
          + "adaptive)")
  List<String> retrievals;

  @Option(names = "--jobs", paramLabel = "JOB,JOB", split = ",",
      description = "hats: which jobs run: testdfsio (write, then read), teragen, grep, wordcount (default: all)")
  List<String> jobs;

  @Option(names = "--dfsio-files", paramLabel = "N", description = "hats: TestDFSIO files, one map each (default: 4)")
  Integer dfsioFiles;

  @Option(names = "--dfsio-size", paramLabel = "SIZE", description = "hats: bytes per TestDFSIO file (default: 16MiB)")
  ByteSizeArg dfsioSize;

  @Option(names = "--teragen-size", paramLabel = "SIZE", description = "hats: TeraGen bytes (default: 16MiB)")
  ByteSizeArg teragenSize;

  @Option(names = "--text-size", paramLabel = "SIZE", description = "hats: Grep and WordCount text (default: 16MiB)")
  ByteSizeArg textSize;

  @Option(names = "--ratios", paramLabel = "P,P", split = ",",
      description = "hdfsh: shares of blocks on SSD, the first the baseline (default: 0,0.2,0.5,0.8,1)")
  List<Double> ratios;

  @Option(names = "--sort-sizes", paramLabel = "SIZE,SIZE", split = ",",
      description = "hdfsh: TeraSort input sizes (default: 16MiB,32MiB)")
  List<ByteSizeArg> sortSizes;

  @Option(names = "--reducers", paramLabel = "N", description = "hdfsh: TeraSort reducers (default: 2)")
  Integer reducers;

  @Option(names = "--json", description = "print the report as JSON instead of tables")
  boolean json;

  @Option(names = "--csv", paramLabel = "DIR", description = "write runs.csv and summary.csv into DIR")
  Path csv;

  @Option(names = "--charts", paramLabel = "DIR",
      description = "write a PNG chart per job into DIR (default: the --csv DIR, if given)")
  Path charts;

  @Option(names = "--keep", paramLabel = "DIR",
      description = "run the cluster in DIR and keep it (logs, data) afterwards; default: a temporary directory")
  Path keep;

  @Mixin
  HostTestbedOptions testbed;

  @Mixin
  ResultJsonOption resultJson;

  @Override
  public Integer call() throws Exception {
    testbed.check();
    HadoopBenchSettings settings = settings();
    ClusterChoice.Loaded loaded = testbed.applyRates(spec());
    checkPolicies(settings, loaded);
    if (testbed.hosts()) {
      Optional<String> unavailable = HostNetwork.unavailableReason();
      if (unavailable.isPresent()) {
        System.err.println("strata: " + unavailable.get());
        return ExitCodes.FAILED;
      }
    }
    Path dir = keep != null ? keep.toAbsolutePath() : Files.createTempDirectory("strata-bench-hadoop");
    HadoopBenchReport report;
    try {
      if (testbed.hosts()) {
        report = HadoopBenchmark.runOnHosts(settings, testbed.clusterOptions(dir.resolve("hosts"), loaded,
            PluginConf.forSpec(dir, loaded, HadoopBenchmark.rules(settings))), System.err);
      } else {
        report = HadoopBenchmark.runInProcess(settings, loaded.spec(), loaded.text(), dir.resolve("cluster"),
            System.err);
      }
    } finally {
      if (keep == null) {
        FileUtils.deleteQuietly(dir.toFile());
      }
    }
    output(report);
    resultJson.write(settings.rounds, report.declared(), report.resultRows(), report.targetResults());
    return 0;
  }

  private void output(HadoopBenchReport report) throws IOException {
    if (csv != null) {
      report.writeCsv(csv);
    }
    Path chartDir = charts != null ? charts : csv;
    if (chartDir != null) {
      for (Path file : HadoopCharts.write(report, chartDir)) {
        System.err.println("chart: " + file);
      }
    }
    if (json) {
      System.out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(report.json()));
    } else {
      report.print(System.out);
    }
  }

  private HadoopBenchSettings settings() {
    if (!HadoopBenchSettings.PRESETS.contains(preset)) {
      throw new ConfigException("--preset: unknown set-up '" + preset + "' (known: "
          + String.join(", ", HadoopBenchSettings.PRESETS) + ")");
    }
    HadoopBenchSettings settings = HadoopBenchSettings.of(preset);
    boolean hats = preset.equals(HadoopBenchSettings.HATS);
    if (hats && (ratios != null || sortSizes != null || reducers != null)) {
      throw new ConfigException("--ratios, --sort-sizes and --reducers are for --preset hdfsh");
    }
    if (!hats && (placements != null || jobs != null || dfsioFiles != null || dfsioSize != null
        || teragenSize != null || textSize != null)) {
      throw new ConfigException("--placements, --jobs, --dfsio-files, --dfsio-size, --teragen-size and --text-size "
          + "are for --preset hats");
    }
    if (jobs != null) {
      for (String job : jobs) {
        if (!HadoopBenchSettings.HATS_JOBS.contains(job)) {
          throw new ConfigException("--jobs: unknown job '" + job + "' (known: "
              + String.join(", ", HadoopBenchSettings.HATS_JOBS) + ")");
        }
      }
      settings.hatsJobs = List.copyOf(new java.util.LinkedHashSet<>(jobs));
    }
    if (speedScale != null) {
      if (!(speedScale > 0)) {
        throw new ConfigException("--speed-scale must be > 0, got " + speedScale);
      }
      settings.speedScale = speedScale;
    }
    settings.rounds = OptionChecks.atLeastOne(rounds, "--rounds");
    if (blockSize != null) {
      settings.blockSize = blockSize.bytes();
    }
    if (placements != null) {
      settings.placements = List.copyOf(placements);
    }
    if (retrievals != null) {
      settings.retrievals = List.copyOf(retrievals);
    }
    if (dfsioFiles != null) {
      settings.dfsioFiles = OptionChecks.atLeastOne(dfsioFiles, "--dfsio-files");
    }
    if (dfsioSize != null) {
      settings.dfsioFileBytes = dfsioSize.bytes();
    }
    if (teragenSize != null) {
      settings.teragenBytes = teragenSize.bytes();
    }
    if (textSize != null) {
      settings.textBytes = textSize.bytes();
    }
    if (ratios != null) {
      for (double ratio : ratios) {
        if (!(ratio >= 0 && ratio <= 1)) {
          throw new ConfigException("--ratios: every share must be within [0, 1], got " + ratio);
        }
      }
      settings.ratios = List.copyOf(ratios);
    }
    if (sortSizes != null) {
      settings.sortBytes = sortSizes.stream().map(ByteSizeArg::bytes).toList();
    }
    if (reducers != null) {
      settings.sortReducers = OptionChecks.atLeastOne(reducers, "--reducers");
    }
    return settings;
  }

  private ClusterChoice.Loaded spec() {
    if (specFile == null) {
      return new ClusterChoice.Loaded(Presets.load(preset), Presets.text(preset));
    }
    if (!Files.isRegularFile(specFile)) {
      throw new ConfigException(specFile + ": no such spec file");
    }
    try {
      String text = Files.readString(specFile);
      return new ClusterChoice.Loaded(SpecParser.parse(specFile.toString(), text), text);
    } catch (IOException e) {
      throw new ConfigException(specFile + ": cannot read: " + e.getMessage(), e);
    }
  }

  /** Every policy must exist and work on the spec's tiers before a cluster starts. */
  private static void checkPolicies(HadoopBenchSettings settings, ClusterChoice.Loaded loaded) {
    for (String placement : settings.placements) {
      try {
        PlacementPolicies.parse(placement, loaded.spec().tierMap());
      } catch (ConfigException e) {
        throw new ConfigException("--placements: " + e.getMessage(), e);
      }
    }
    for (String retrieval : settings.retrievals) {
      if (!RetrievalPolicies.NAMES.contains(retrieval)) {
        throw new ConfigException("--retrievals: unknown retrieval policy '" + retrieval + "' (known: "
            + String.join(", ", RetrievalPolicies.NAMES) + ")");
      }
    }
    if (settings.preset.equals(HadoopBenchSettings.HDFSH)) {
      for (double ratio : settings.ratios) {
        PlacementPolicies.parse("ratio:" + ratio, loaded.spec().tierMap());
      }
    }
  }
}
