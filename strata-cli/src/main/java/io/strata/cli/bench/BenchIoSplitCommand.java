package io.strata.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.bench.iosplit.DataSplit;
import io.strata.bench.iosplit.IoSplitBenchmark;
import io.strata.bench.iosplit.IoSplitReport;
import io.strata.cli.shared.ByteSizeArg;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.OptionChecks;
import io.strata.core.config.ConfigException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code strata bench io-split}: job input/output and intermediate data on SSD or HDD (issue 28). */
@Command(name = "io-split", mixinStandardHelpOptions = true,
    description = {"Hadoop's WordCount, TeraSort and Grep, unchanged, on an emulated SSD+HDD cluster under four",
        "set-ups side by side: everything on SSD, everything on HDD, the thesis's split (input/output on SSD,",
        "intermediate data on HDD) and the reverse. Prints job time, bytes written per device class and storage",
        "cost; writes a chart (PNG)."})
final class BenchIoSplitCommand implements Callable<Integer> {
  @Mixin
  ClusterChoice cluster;

  @Option(names = "--size", paramLabel = "SIZE", defaultValue = "128MiB",
      description = "input of each job (text for WordCount and Grep, TeraGen rows) (default: ${DEFAULT-VALUE})")
  ByteSizeArg size;

  @Option(names = "--setups", paramLabel = "S,S", split = ",", defaultValue = "ssd-only,hdd-only,thesis,reverse",
      description = "set-ups, the first the baseline (default: ${DEFAULT-VALUE})")
  List<String> setups;

  @Option(names = "--jobs", paramLabel = "J,J", split = ",", defaultValue = "wordcount,terasort,grep",
      description = "jobs (default: ${DEFAULT-VALUE})")
  List<String> jobs;

  @Option(names = "--rounds", paramLabel = "N", defaultValue = "3",
      description = {"rounds; each runs every set-up (order rotated each round) and job once. The table shows the",
          "median round; the target (thesis vs ssd-only on TeraSort: time <= 1.05x, SSD bytes <= 0.40x) is judged on",
          "the worst, from 3 rounds (default: ${DEFAULT-VALUE})"})
  int rounds;

  @Mixin
  ResultJsonOption resultJson;

  @Option(names = "--speed-scale", paramLabel = "X", defaultValue = "1",
      description = "multiply every emulated device speed (default: ${DEFAULT-VALUE})")
  double speedScale;

  @Option(names = "--chart", paramLabel = "FILE", defaultValue = "io-split.png",
      description = "where to write the chart (default: ${DEFAULT-VALUE})")
  Path chart;

  @Option(names = "--warm", description = "keep the DataNodes' page caches from writing the input to the jobs "
      + "(default: cold, caches dropped before every job, as drop_caches does; only nodes with pageCache in the spec "
      + "have one)")
  boolean warm;

  @Option(names = "--json", description = "print the results as JSON instead of the table")
  boolean json;

  @Override
  public Integer call() throws Exception {
    OptionChecks.atLeastOne(rounds, "--rounds");
    if (!(speedScale > 0)) {
      throw new ConfigException("--speed-scale must be > 0, got " + speedScale);
    }
    for (String job : jobs) {
      if (!IoSplitBenchmark.JOBS.contains(job)) {
        throw new ConfigException("--jobs: unknown job '" + job + "' (known: " + String.join(", ",
            IoSplitBenchmark.JOBS) + ")");
      }
    }
    List<DataSplit> splits;
    try {
      splits = DataSplit.named(setups);
    } catch (IllegalArgumentException e) {
      throw new ConfigException("--setups: " + e.getMessage());
    }
    long bytes = size.bytes();
    if (bytes < (1 << 20)) {
      throw new ConfigException("--size must be at least 1MiB, got " + size);
    }
    ClusterChoice.Loaded loaded = cluster.load("hybrid-node");
    for (String tier : List.of("ssd", "hdd")) {
      if (loaded.spec().tierMap().find(tier).isEmpty()) {
        throw new ConfigException("spec '" + loaded.spec().name() + "' has no tier '" + tier
            + "'; the set-ups need tiers named ssd and hdd");
      }
    }
    Path dir = Files.createTempDirectory("strata-bench-iosplit");
    PrintStream out = System.out;
    try {
      // TeraSort prints its sampling to standard output; only the results go there.
      System.setOut(System.err);
      List<IoSplitBenchmark.Run> runs;
      try {
        runs = IoSplitBenchmark.run(new IoSplitBenchmark.Settings(loaded.spec(), splits, jobs, bytes, rounds,
            speedScale, warm), dir, System.err);
      } finally {
        System.setOut(out);
      }
      List<IoSplitBenchmark.Run> medians = IoSplitReport.medians(runs);
      IoSplitReport.chart(medians, "ssd", chart);
      List<String> verdicts = IoSplitReport.verdicts(runs, "ssd");
      resultJson.write(rounds, IoSplitReport.DECLARED, IoSplitReport.rows(runs, "ssd"),
          IoSplitReport.targets(runs, "ssd"));
      if (json) {
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("spec", loaded.spec().name());
        result.put("bytesPerJob", bytes);
        result.put("inputReads", warm ? "warm" : "cold");
        result.put("runs", medians);
        result.put("rounds", runs);
        result.put("comparisons", IoSplitReport.compare(medians, "ssd"));
        result.put("targets", IoSplitReport.targets(runs, "ssd"));
        result.put("verdicts", verdicts);
        result.put("chart", chart.toAbsolutePath().toString());
        out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(result));
      } else {
        out.printf("Input/output vs intermediate data on SSD or HDD, %s per job, spec '%s', emulated devices, "
            + "%s HDFS reads%n", size, loaded.spec().name(), warm ? "warm" : "cold");
        out.printf("median of %d round(s) per job and set-up; set-ups interleaved, order rotated each round%n",
            rounds);
        IoSplitReport.printTable(medians, "ssd", "hdd", out);
        verdicts.forEach(out::println);
        out.println("chart: " + chart.toAbsolutePath());
      }
      return 0;
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }
}
