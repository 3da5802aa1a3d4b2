package io.strata.bench.placement;

import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.io.FileUtils;

/**
 * NameNode target-choice throughput, the Strata plugin against stock {@code BlockPlacementPolicyDefault}, measured
 * side by side in one run: the JMH benchmark of {@code chooseTarget} on a 500-node, 3-tier, 20-rack topology
 * ({@link ChooseTargetJmh}) and Hadoop's {@code NNThroughputBenchmark -op replication} on an in-process NameNode
 * ({@link NnThroughputComparison}). The target is plugin >= {@value Throughput#TARGET_RATIO}x stock.
 *
 * <p>{@code strata bench placement} calls {@link #run}; {@link #main} does the same without the CLI:
 * {@code java -cp ... io.strata.bench.placement.PlacementBenchmarks [--jmh-only|--nnbench-only] [--quick]}.
 */
public final class PlacementBenchmarks {
  /** What to run. */
  public record Options(boolean jmh, boolean nnBench, ChooseTargetJmh.Settings jmhSettings,
      NnThroughputComparison.Settings nnSettings) {
    public static Options of(boolean jmhOnly, boolean nnBenchOnly, boolean quick) {
      if (jmhOnly && nnBenchOnly) {
        throw new IllegalArgumentException("--jmh-only and --nnbench-only exclude each other");
      }
      return new Options(!nnBenchOnly, !jmhOnly,
          quick ? ChooseTargetJmh.Settings.quick() : ChooseTargetJmh.Settings.defaults(),
          quick ? NnThroughputComparison.Settings.quick() : NnThroughputComparison.Settings.defaults());
    }
  }

  /** The tables of a run; a lowest ratio is NaN when that benchmark did not run. */
  public record Outcome(List<Throughput> jmh, List<Throughput> nnBench, double lowestJmhRatio,
      double lowestNnBenchRatio) {}

  private PlacementBenchmarks() {}

  /** Runs what {@code options} asks for; tables to {@code out}, progress to {@code log}. */
  public static Outcome run(Options options, PrintStream out, PrintStream log) throws Exception {
    List<Throughput> jmhRows = List.of();
    List<Throughput> nnRows = List.of();
    double jmhLowest = Double.NaN;
    double nnLowest = Double.NaN;
    int cores = Runtime.getRuntime().availableProcessors();
    if (options.jmh()) {
      ChooseTargetJmh.Settings s = options.jmhSettings();
      double loadBefore = loadAverage();
      log.printf("JMH: chooseTarget, %d nodes / %d racks (%s), contenders %s; %d fork(s), %d x %d s warmup, "
          + "%d x %d s measured each...%n", s.nodes(), s.racks(), s.tiers(), s.contenders(), s.forks(),
          s.warmupIterations(), s.warmupSeconds(), s.measurementIterations(), s.measurementSeconds());
      jmhRows = ChooseTargetJmh.run(s, log);
      out.println();
      load(loadBefore, out);
      jmhLowest = Throughput.printTable(String.format(Locale.ROOT,
          "NameNode chooseTarget, new block x 3 replicas, HOT storage policy, writer a random node; %d nodes in %d "
              + "racks, tiers %s; JMH throughput (%d cores)",
          s.nodes(), s.racks(),
          s.tiers().equals(ChooseTargetBenchmark.THREE_TIERS) ? "pcie-ssd/sata-ssd/hdd" : "hdd only", cores),
          jmhRows, ChooseTargetBenchmark.STOCK, out);
    }
    if (options.nnBench()) {
      NnThroughputComparison.Settings s = options.nnSettings();
      Path dir = Files.createTempDirectory("strata-bench-nnthroughput");
      double loadBefore = loadAverage();
      try {
        log.printf("NNThroughputBenchmark -op %s, contenders %s, %d round(s) after a warm-up run...%n", s.op(),
            s.contenders(), s.rounds());
        nnRows = NnThroughputComparison.run(s, dir, log);
      } finally {
        FileUtils.deleteQuietly(dir.toFile());
      }
      out.println();
      load(loadBefore, out);
      nnLowest = Throughput.printTable(String.format(Locale.ROOT,
          "Hadoop NNThroughputBenchmark %s (in-process NameNode; plugin tiers: one DISK tier 'hdd'); mean of %d "
              + "round(s) (%d cores)",
          String.join(" ", s.arguments()), s.rounds(), cores),
          nnRows, ChooseTargetBenchmark.STOCK, out);
    }
    return new Outcome(jmhRows, nnRows, jmhLowest, nnLowest);
  }

  private static double loadAverage() {
    return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
  }

  /** Other work on the machine skews a side-by-side run; the load average says whether there was any. */
  private static void load(double before, PrintStream out) {
    int cores = Runtime.getRuntime().availableProcessors();
    double after = loadAverage();
    out.printf(Locale.ROOT, "system load average (1 min): %.2f before, %.2f after, %d cores%s%n", before, after, cores,
        Math.max(before, after) > cores + 0.5 ? " -- the machine was busy with other work; ratios may be skewed" : "");
  }

  /**
   * {@code [--jmh-only|--nnbench-only] [--quick] [--jmh-contenders a,b] [--jmh-tiers 3-tier|disk-only]
   * [--nn-contenders a,b] [--nn-op replication|blockReport] [--nn-rounds N] [--jmh-timing FORKS,WI,WS,MI,MS]}.
   */
  public static void main(String[] args) throws Exception {
    boolean jmhOnly = false;
    boolean nnOnly = false;
    boolean quick = false;
    List<String[]> overrides = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--jmh-only" -> jmhOnly = true;
        case "--nnbench-only" -> nnOnly = true;
        case "--quick" -> quick = true;
        case "--jmh-contenders", "--jmh-tiers", "--nn-contenders", "--nn-op", "--nn-rounds", "--jmh-timing" ->
          overrides.add(new String[] {args[i], args[++i]});
        default -> throw new IllegalArgumentException("unknown argument " + args[i]);
      }
    }
    Options options = Options.of(jmhOnly, nnOnly, quick);
    ChooseTargetJmh.Settings jmh = options.jmhSettings();
    NnThroughputComparison.Settings nn = options.nnSettings();
    for (String[] o : overrides) {
      List<String> values = List.of(o[1].split(","));
      switch (o[0]) {
        case "--jmh-contenders" -> jmh = jmh.withContenders(values);
        case "--jmh-tiers" -> jmh = jmh.withTiers(o[1]);
        case "--nn-contenders" -> nn = nn.withContenders(values);
        case "--nn-op" -> nn = nn.withOp(o[1]);
        case "--nn-rounds" -> nn = nn.withRounds(Integer.parseInt(o[1]));
        case "--jmh-timing" -> jmh = jmh.withTiming(Integer.parseInt(values.get(0)), Integer.parseInt(values.get(1)),
            Integer.parseInt(values.get(2)), Integer.parseInt(values.get(3)), Integer.parseInt(values.get(4)));
        default -> throw new IllegalStateException(o[0]);
      }
    }
    run(new Options(options.jmh(), options.nnBench(), jmh, nn), System.out, System.err);
    System.exit(0); // the NameNodes' non-daemon threads must not keep the JVM alive
  }
}
