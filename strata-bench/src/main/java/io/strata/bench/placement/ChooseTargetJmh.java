package io.strata.bench.placement;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link ChooseTargetBenchmark} for stock HDFS and each Strata rule in one JMH run and returns
 * each contender's target choices per second, for the side-by-side table.
 */
public final class ChooseTargetJmh {
  /** The JVM flags a forked benchmark JVM runs with (Hadoop on Java 17 reflects into these packages). */
  public static final List<String> FORK_JVM_ARGS = List.of("-Xms1g", "-Xmx1g",
      "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
      "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED", "--add-opens", "java.base/java.io=ALL-UNNAMED",
      "--add-opens", "java.base/java.net=ALL-UNNAMED", "--add-opens", "java.base/java.util.concurrent=ALL-UNNAMED");

  /**
   * What to run.
   *
   * @param contenders  {@code stock} and Strata policy names (each runs as the rule {@code /=NAME}), stock first
   * @param forks       JVM forks per contender (0 runs in this JVM, only for debugging)
   */
  public record Settings(List<String> contenders, int nodes, int racks, String tiers, int forks,
      int warmupIterations, int warmupSeconds, int measurementIterations, int measurementSeconds) {
    public Settings {
      contenders = List.copyOf(contenders);
    }

    /** 1 fork, 2 warmup and 3 measured iterations of 2 s per contender: about 15 s each on 2 cores. */
    public static Settings defaults() {
      return new Settings(List.of(ChooseTargetBenchmark.STOCK, "default", "tier-aware", "hybrid", "ratio:0.5"),
          SyntheticCluster.DEFAULT_NODES, SyntheticCluster.DEFAULT_RACKS, ChooseTargetBenchmark.THREE_TIERS, 1, 2, 2,
          3, 2);
    }

    /** A smoke run: 1 warmup and 2 measured iterations of 1 s. */
    public static Settings quick() {
      Settings d = defaults();
      return new Settings(d.contenders(), d.nodes(), d.racks(), d.tiers(), 1, 1, 1, 2, 1);
    }

    public Settings withContenders(List<String> names) {
      return new Settings(names, nodes, racks, tiers, forks, warmupIterations, warmupSeconds,
          measurementIterations, measurementSeconds);
    }

    /** {@code 3-tier} or {@code disk-only} (see {@link ChooseTargetBenchmark#tiers}). */
    public Settings withTiers(String layout) {
      return new Settings(contenders, nodes, racks, layout, forks, warmupIterations, warmupSeconds,
          measurementIterations, measurementSeconds);
    }

    public Settings withTiming(int forks, int warmupIterations, int warmupSeconds, int measurementIterations,
        int measurementSeconds) {
      return new Settings(contenders, nodes, racks, tiers, forks, warmupIterations, warmupSeconds,
          measurementIterations, measurementSeconds);
    }
  }

  private ChooseTargetJmh() {}

  /**
   * Runs the benchmark; JMH's progress goes to {@code log}. The contenders come back in the order asked for.
   * JMH forks a JVM per contender with this JVM's class path, which must hold strata-bench's generated
   * {@code META-INF/BenchmarkList}.
   */
  public static List<Throughput> run(Settings settings, PrintStream log) throws RunnerException, IOException {
    Path cpuDir = Files.createTempDirectory("strata-bench-cpu");
    try {
      return run(settings, cpuDir, log);
    } finally {
      FileUtils.deleteQuietly(cpuDir.toFile());
    }
  }

  private static List<Throughput> run(Settings settings, Path cpuDir, PrintStream log)
      throws RunnerException, IOException {
    List<String> jvmArgs = new ArrayList<>(FORK_JVM_ARGS);
    jvmArgs.add("-D" + ChooseTargetBenchmark.CPU_REPORT_DIR + "=" + cpuDir.toAbsolutePath());
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include("^" + Pattern.quote(ChooseTargetBenchmark.class.getName()) + "\\.chooseTarget$")
        .param("contender", settings.contenders().toArray(String[]::new))
        .param("nodes", String.valueOf(settings.nodes()))
        .param("racks", String.valueOf(settings.racks()))
        .param("tiers", settings.tiers())
        .forks(settings.forks())
        .warmupIterations(settings.warmupIterations())
        .warmupTime(TimeValue.seconds(settings.warmupSeconds()))
        .measurementIterations(settings.measurementIterations())
        .measurementTime(TimeValue.seconds(settings.measurementSeconds()))
        .threads(1)
        .timeUnit(TimeUnit.SECONDS)
        .shouldFailOnError(true)
        .jvmArgs(jvmArgs.toArray(String[]::new));
    Runner runner = new Runner(options.build(), OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL));
    Collection<RunResult> results = runner.run();
    List<Throughput> rows = new ArrayList<>();
    for (String contender : settings.contenders()) {
      for (RunResult result : results) {
        if (contender.equals(result.getParams().getParam("contender"))) {
          Result<?> primary = result.getPrimaryResult();
          rows.add(new Throughput(label(contender), primary.getScore(), primary.getScoreError(),
              perCpuSecond(cpuDir.resolve(ChooseTargetBenchmark.cpuReportName(contender))), "ops/s",
              result.getParams().getMeasurement().getCount() + " x " + result.getParams().getMeasurement().getTime()
                  + ", " + result.getParams().getForks() + " fork"));
        }
      }
    }
    if (rows.size() != settings.contenders().size()) {
      throw new RunnerException("JMH returned " + rows.size() + " of " + settings.contenders().size()
          + " contenders (see its output above)");
    }
    return rows;
  }

  /** Calls per second of process CPU time, from what a fork wrote (NaN when it wrote nothing, e.g. no fork). */
  private static double perCpuSecond(Path report) throws IOException {
    if (!Files.isRegularFile(report)) {
      return Double.NaN;
    }
    String[] parts = Files.readString(report).trim().split(" ");
    return Long.parseLong(parts[0]) / (Long.parseLong(parts[1]) / 1e9);
  }

  /** The row name of a contender: {@code stock}, or the Strata rule. */
  public static String label(String contender) {
    if (contender.startsWith(ChooseTargetBenchmark.STOCK)) {
      return contender.equals(ChooseTargetBenchmark.STOCK) ? contender
          : "stock, storage policy " + contender.substring(ChooseTargetBenchmark.STOCK.length() + 1);
    }
    return "strata /=" + contender;
  }
}
