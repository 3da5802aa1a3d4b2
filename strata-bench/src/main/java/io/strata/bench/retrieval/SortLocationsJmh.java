package io.strata.bench.retrieval;

import io.strata.bench.placement.ChooseTargetJmh;
import io.strata.bench.placement.Throughput;
import io.strata.core.retrieval.RetrievalPolicies;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The read-ordering plugin's cost in the NameNode: {@link SortLocationsBenchmark} for stock HDFS and every retrieval
 * policy in one JMH run, printed side by side as ratios to stock (target: {@value Throughput#TARGET_RATIO}x).
 * {@code strata bench retrieval --jmh-only} calls {@link #run}; {@link #main} does the same without the CLI.
 */
public final class SortLocationsJmh {
  /**
   * What to run.
   *
   * @param contenders {@code stock} first, then retrieval policy names
   */
  public record Settings(List<String> contenders, int forks, int warmupIterations, int warmupSeconds,
      int measurementIterations, int measurementSeconds) {
    public Settings {
      contenders = List.copyOf(contenders);
    }

    /**
     * Stock and every policy; 1 fork, 2 warmup iterations of 2 s (on a busy machine the JIT needs them: with 1 s the
     * ratios came out anywhere from 0.2x to 8x) and 3 measured of 1 s: about 12 s each on 2 cores.
     */
    public static Settings defaults() {
      List<String> contenders = new ArrayList<>();
      contenders.add(SortLocationsBenchmark.STOCK);
      contenders.addAll(RetrievalPolicies.NAMES);
      return new Settings(contenders, 1, 2, 2, 3, 1);
    }
  }

  private SortLocationsJmh() {}

  /** Runs the benchmark, prints the table to {@code out} (JMH's progress to {@code log}) and returns its rows. */
  public static List<Throughput> run(Settings settings, PrintStream out, PrintStream log)
      throws RunnerException, IOException {
    Path cpuDir = Files.createTempDirectory("strata-bench-sort-cpu");
    try {
      return run(settings, cpuDir, out, log);
    } finally {
      FileUtils.deleteQuietly(cpuDir.toFile());
    }
  }

  private static List<Throughput> run(Settings settings, Path cpuDir, PrintStream out, PrintStream log)
      throws RunnerException, IOException {
    List<String> jvmArgs = new ArrayList<>(ChooseTargetJmh.FORK_JVM_ARGS);
    jvmArgs.add("-D" + SortLocationsBenchmark.CPU_REPORT_DIR + "=" + cpuDir.toAbsolutePath());
    double loadBefore = loadAverage();
    OptionsBuilder options = new OptionsBuilder();
    options.include("^" + Pattern.quote(SortLocationsBenchmark.class.getName()) + "\\.sortLocations$")
        .param("contender", settings.contenders().toArray(String[]::new))
        .forks(settings.forks())
        .warmupIterations(settings.warmupIterations())
        .warmupTime(TimeValue.seconds(settings.warmupSeconds()))
        .measurementIterations(settings.measurementIterations())
        .measurementTime(TimeValue.seconds(settings.measurementSeconds()))
        .threads(1)
        .timeUnit(TimeUnit.SECONDS)
        .shouldFailOnError(true)
        .jvmArgs(jvmArgs.toArray(String[]::new));
    Collection<RunResult> results = new Runner(options.build(),
        OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL)).run();
    List<Throughput> rows = new ArrayList<>();
    for (String contender : settings.contenders()) {
      for (RunResult result : results) {
        if (contender.equals(result.getParams().getParam("contender"))) {
          Result<?> primary = result.getPrimaryResult();
          rows.add(new Throughput(label(contender), primary.getScore(), primary.getScoreError(),
              perCpuSecond(cpuDir.resolve(contender + ".cpu")),
              "sorts/s", result.getParams().getMeasurement().getCount() + " x "
                  + result.getParams().getMeasurement().getTime() + ", " + result.getParams().getForks() + " fork"));
        }
      }
    }
    if (rows.size() != settings.contenders().size()) {
      throw new RunnerException("JMH returned " + rows.size() + " of " + settings.contenders().size()
          + " contenders (see its output above)");
    }
    int cores = Runtime.getRuntime().availableProcessors();
    double loadAfter = loadAverage();
    out.printf(Locale.ROOT, "system load average (1 min): %.2f before, %.2f after, %d cores%s%n", loadBefore,
        loadAfter, cores, Math.max(loadBefore, loadAfter) > cores + 0.5
            ? " -- the machine was busy with other work; ratios may be skewed" : "");
    Throughput.printTable(String.format(Locale.ROOT, "NameNode block-location sort for a DataNode reader, 3 "
        + "replicas; 500 nodes in 20 racks, tiers pcie-ssd/sata-ssd/hdd; stock = DFSNetworkTopology with "
        + "considerStorageType and considerLoad; JMH throughput (%d cores)", cores), rows,
        SortLocationsBenchmark.STOCK, out);
    return rows;
  }

  /** Calls per second of the benchmark thread's CPU time, from what a fork wrote (NaN when it wrote nothing). */
  private static double perCpuSecond(Path report) throws IOException {
    if (!Files.isRegularFile(report)) {
      return Double.NaN;
    }
    String[] parts = Files.readString(report).trim().split(" ", -1);
    return Long.parseLong(parts[0]) / (Long.parseLong(parts[1]) / 1e9);
  }

  static String label(String contender) {
    return contender.equals(SortLocationsBenchmark.STOCK) ? contender : "strata " + contender;
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** {@code [CONTENDER,...]}: stock and the policies by default. */
  public static void main(String[] args) throws Exception {
    Settings settings = Settings.defaults();
    if (args.length > 0) {
      settings = new Settings(List.of(args[0].split(",", -1)), settings.forks(), settings.warmupIterations(),
          settings.warmupSeconds(), settings.measurementIterations(), settings.measurementSeconds());
    }
    run(settings, System.out, System.err);
    System.exit(0);
  }
}
