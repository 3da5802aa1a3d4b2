package io.strata.bench.retrieval;

import io.strata.bench.placement.ChooseTargetJmh;
import io.strata.bench.placement.Throughput;
import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.CpuBusy;
import io.strata.bench.protocol.DeclaredTarget;
import io.strata.bench.protocol.Spread;
import io.strata.core.retrieval.RetrievalPolicies;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * The read-ordering plugin's cost in the NameNode: {@link SortLocationsBenchmark} for stock HDFS and every retrieval
 * policy, in interleaved rounds (each round runs every contender once, in its own JMH fork, the order rotated per
 * round), printed as each round's ratio to stock's rate in the same round. The target ({@value Throughput#TARGET_RATIO}x
 * stock) is judged on the declared policy's worst round. {@code strata bench retrieval --jmh-only} calls {@link #run};
 * {@link #main} does the same without the CLI.
 */
public final class SortLocationsJmh {
  /** What is measured, as the target line and the result rows name it. */
  static final String MEASURE = "NameNode block-location sort, sorts/s";

  /**
   * What to run.
   *
   * @param contenders {@code stock} first, then retrieval policy names
   * @param rounds     interleaved rounds over all contenders
   */
  public record Settings(List<String> contenders, int rounds, int warmupIterations, int warmupSeconds,
      int measurementIterations, int measurementSeconds) {
    public Settings {
      contenders = List.copyOf(contenders);
      if (contenders.isEmpty() || !contenders.get(0).equals(SortLocationsBenchmark.STOCK)) {
        throw new IllegalArgumentException("the first contender must be " + SortLocationsBenchmark.STOCK
            + ", got " + contenders);
      }
      if (rounds <= 0) {
        throw new IllegalArgumentException("rounds must be > 0, got " + rounds);
      }
    }

    /**
     * Stock and every policy, {@link DeclaredTarget#MIN_ROUNDS} rounds; per contender and round one fork, 2 warmup
     * iterations of 2 s (on a busy machine the JIT needs them: with 1 s the ratios came out anywhere from 0.2x to
     * 8x) and 5 measured of 1 s: about 10 s each, some 4 minutes in all.
     */
    public static Settings defaults() {
      List<String> contenders = new ArrayList<>();
      contenders.add(SortLocationsBenchmark.STOCK);
      contenders.addAll(RetrievalPolicies.NAMES);
      return new Settings(contenders, DeclaredTarget.MIN_ROUNDS, 2, 2, 5, 1);
    }

    public Settings withRounds(int n) {
      return new Settings(contenders, n, warmupIterations, warmupSeconds, measurementIterations, measurementSeconds);
    }
  }

  /** One contender's rounds: sorts per second of wall-clock and of CPU time, and how busy the CPUs were. */
  public static final class Contender {
    private final String name;
    final List<Double> rates = new ArrayList<>();
    final List<Double> cpuRates = new ArrayList<>();
    final List<Double> busy = new ArrayList<>();

    Contender(String name) {
      this.name = name;
    }

    public String name() {
      return name;
    }

    boolean anyCpuBound() {
      return busy.stream().anyMatch(CpuBusy::isCpuBound);
    }

    /** Each round's rate over {@code base}'s rate of the same round. */
    List<Double> ratiosTo(Contender base, boolean cpu) {
      List<Double> mine = cpu ? cpuRates : rates;
      List<Double> theirs = cpu ? base.cpuRates : base.rates;
      List<Double> ratios = new ArrayList<>();
      for (int i = 0; i < Math.min(mine.size(), theirs.size()); i++) {
        ratios.add(mine.get(i) / theirs.get(i));
      }
      return ratios;
    }
  }

  /** A run: every contender's rounds, stock first, and the declared policy's target. */
  public record Report(List<Contender> contenders) {
    Contender stock() {
      return contenders.get(0);
    }

    Contender find(String name) {
      return contenders.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
    }

    static DeclaredTarget target() {
      return new DeclaredTarget(MEASURE, RetrievalBenchmark.DECLARED, SortLocationsBenchmark.STOCK,
          Throughput.TARGET_RATIO, true);
    }

    /** The declared policy's target, judged on its worst round; empty when it did not run. */
    public List<BenchResult.Target> targets() {
      Contender declared = find(RetrievalBenchmark.DECLARED);
      if (declared == null) {
        return List.of();
      }
      return List.of(target().result(declared.ratiosTo(stock(), false),
          declared.anyCpuBound() || stock().anyCpuBound()));
    }

    /** Rates and ratios to stock per contender, for {@code --result-json}. */
    public List<BenchResult.Row> rows() {
      List<BenchResult.Row> rows = new ArrayList<>();
      for (Contender c : contenders) {
        rows.add(BenchResult.Row.of(MEASURE, c.name(), "sorts/s", c.rates, c.anyCpuBound()));
      }
      for (Contender c : contenders) {
        boolean cpuBound = c.anyCpuBound() || stock().anyCpuBound();
        rows.add(BenchResult.Row.of(MEASURE + " to stock", c.name(), "x", c.ratiosTo(stock(), false), cpuBound));
        rows.add(BenchResult.Row.of(MEASURE + " per CPU-second to stock", c.name(), "x", c.ratiosTo(stock(), true),
            cpuBound));
      }
      return rows;
    }

    void print(PrintStream out) {
      int cores = Runtime.getRuntime().availableProcessors();
      out.printf(Locale.ROOT, "NameNode block-location sort for a DataNode reader, 3 replicas; 500 nodes in 20 racks, "
          + "tiers pcie-ssd/sata-ssd/hdd; stock = DFSNetworkTopology with considerStorageType and considerLoad; "
          + "JMH throughput, %d interleaved round(s), %d cores%n", stock().rates.size(), cores);
      out.printf("%-22s %-32s %-26s %-26s %s%n", "contender", "sorts/s, median (min-max)", "ratio to stock",
          "CPU-time ratio", "CPU busy");
      for (Contender c : contenders) {
        Spread busy = Spread.of(c.busy);
        out.printf(Locale.ROOT, "%-22s %-32s %-26s %-26s %.0f-%.0f%%%s%n", label(c.name()),
            Spread.of(c.rates).format("%.0f"), Spread.of(c.ratiosTo(stock(), false)).format("%.3f"),
            Spread.of(c.ratiosTo(stock(), true)).format("%.3f"), 100 * busy.min(), 100 * busy.max(),
            c.anyCpuBound() ? " cpu-bound" : "");
      }
      Contender declared = find(RetrievalBenchmark.DECLARED);
      if (declared != null) {
        out.println(target().line(declared.ratiosTo(stock(), false), declared.anyCpuBound() || stock().anyCpuBound()));
      }
    }
  }

  private SortLocationsJmh() {}

  /** Runs the rounds, prints the table and the target line to {@code out} (JMH's progress to {@code log}). */
  public static Report run(Settings settings, PrintStream out, PrintStream log) throws RunnerException, IOException {
    Path cpuDir = Files.createTempDirectory("strata-bench-sort-cpu");
    try {
      Map<String, Contender> byName = new LinkedHashMap<>();
      settings.contenders().forEach(c -> byName.put(c, new Contender(c)));
      List<String> order = settings.contenders();
      for (int round = 0; round < settings.rounds(); round++) {
        for (int k = 0; k < order.size(); k++) {
          String name = order.get((k + round) % order.size());
          CpuBusy.Reading before = CpuBusy.read();
          double[] measured = runOne(settings, name, cpuDir, log);
          double busy = CpuBusy.read().busyShareSince(before);
          Contender contender = byName.get(name);
          contender.rates.add(measured[0]);
          contender.cpuRates.add(measured[1]);
          contender.busy.add(busy);
          log.printf(Locale.ROOT, "round %d %-14s %,.0f sorts/s, %,.0f sorts/CPU-s, cpu %.0f%%%n", round + 1, name,
              measured[0], measured[1], 100 * busy);
        }
      }
      Report report = new Report(new ArrayList<>(byName.values()));
      report.print(out);
      return report;
    } finally {
      FileUtils.deleteQuietly(cpuDir.toFile());
    }
  }

  /** One contender in its own fork: its sorts per second of wall-clock time and of the benchmark thread's CPU. */
  private static double[] runOne(Settings settings, String contender, Path cpuDir, PrintStream log)
      throws RunnerException, IOException {
    Path report = cpuDir.resolve(contender + ".cpu");
    Files.deleteIfExists(report);
    List<String> jvmArgs = new ArrayList<>(ChooseTargetJmh.FORK_JVM_ARGS);
    jvmArgs.add("-D" + SortLocationsBenchmark.CPU_REPORT_DIR + "=" + cpuDir.toAbsolutePath());
    OptionsBuilder options = new OptionsBuilder();
    options.include("^" + Pattern.quote(SortLocationsBenchmark.class.getName()) + "\\.sortLocations$")
        .param("contender", contender)
        .forks(1)
        .warmupIterations(settings.warmupIterations())
        .warmupTime(TimeValue.seconds(settings.warmupSeconds()))
        .measurementIterations(settings.measurementIterations())
        .measurementTime(TimeValue.seconds(settings.measurementSeconds()))
        .threads(1)
        .timeUnit(TimeUnit.SECONDS)
        .shouldFailOnError(true)
        .jvmArgs(jvmArgs.toArray(String[]::new));
    Collection<RunResult> results = new Runner(options.build(),
        OutputFormatFactory.createFormatInstance(log, VerboseMode.SILENT)).run();
    if (results.size() != 1) {
      throw new RunnerException(contender + ": JMH returned " + results.size() + " results, expected 1");
    }
    double rate = results.iterator().next().getPrimaryResult().getScore();
    return new double[] {rate, perCpuSecond(report)};
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

  /** {@code [CONTENDER,...] [ROUNDS]}: stock and the policies, 3 rounds by default. */
  public static void main(String[] args) throws Exception {
    Settings settings = Settings.defaults();
    if (args.length > 0) {
      settings = new Settings(List.of(args[0].split(",", -1)), settings.rounds(), settings.warmupIterations(),
          settings.warmupSeconds(), settings.measurementIterations(), settings.measurementSeconds());
    }
    if (args.length > 1) {
      settings = settings.withRounds(Integer.parseInt(args[1]));
    }
    run(settings, System.out, System.err);
    System.exit(0);
  }
}
