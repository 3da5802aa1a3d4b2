package io.strata.bench.hadoop;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.CpuBusy;
import io.strata.bench.protocol.DeclaredTarget;
import io.strata.bench.protocol.Spread;
import io.strata.bench.retrieval.RetrievalBenchmark;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The results of one {@link HadoopBenchmark} run: every job run, and per job and configuration the mean over rounds
 * and each round's ratio to the job's baseline (the first configuration: {@code network + network}, {@code network}, or HD).
 * TestDFSIO is compared by its own "Throughput mb/sec" (higher is better), every other job by its wall time, as a
 * speed-up (baseline time over this time: higher is better). The stock peers are rows like any other; the declared
 * configuration is also compared, round by round, with the job's stock-best.
 */
public final class HadoopBenchReport {
  /**
   * One configuration of one job, averaged over rounds.
   *
   * @param ratio       the mean's ratio to the baseline's mean
   * @param roundRatios each round's ratio to the baseline's run in the same round, in round order
   * @param cpuBound    whether the CPU was above {@link CpuBusy#CPU_BOUND_SHARE} busy in any of its runs or in a
   *                    run of the baseline it is compared with
   */
  public record Summary(String group, String config, int runs, double seconds, double throughputMBps,
      double averageIoRateMBps, double dataLocalShare, String baseline, double ratio, List<Double> roundRatios,
      boolean cpuBound) {

    /** The rounds' ratios as median and range. */
    public Spread ratioSpread() {
      return Spread.of(roundRatios);
    }

    /** How much less time than the baseline, in percent (negative: slower). */
    public double fasterPercent() {
      return 100 * (1 - 1 / ratio);
    }
  }

  /**
   * What a configuration's files came to on SSD: hdfsh's TeraGen input and TeraSort output, hats's TestDFSIO files.
   *
   * @param ssdBlocks    blocks with every replica on SSD
   * @param anySsdBlocks blocks with at least one replica on SSD (one a tier-preferring read can take)
   */
  public record SsdShare(String config, long ssdBlocks, long anySsdBlocks, long blocks, long ssdReplicas,
      long replicas) {
    SsdShare plus(SsdShare other) {
      return new SsdShare(config, ssdBlocks + other.ssdBlocks, anySsdBlocks + other.anySsdBlocks,
          blocks + other.blocks, ssdReplicas + other.ssdReplicas, replicas + other.replicas);
    }

    public double share() {
      return blocks == 0 ? 0 : (double) ssdBlocks / blocks;
    }

    String hatsText() {
      return String.format(Locale.ROOT, "%s %d of %d replicas, %d of %d blocks with one", config, ssdReplicas,
          replicas, anySsdBlocks, blocks);
    }
  }

  /**
   * The declared configuration must be at least as fast as stock HDFS at its best in every round: the question a
   * user deciding whether to install Strata asks.
   */
  static final double STOCK_BEST_THRESHOLD = 1.0;

  private final HadoopBenchSettings settings;
  private final String clusterKind;
  private final String spec;
  private final List<Measurement> measurements;
  private final double seconds;
  private final List<Summary> summaries;
  private final List<SsdShare> ssdShares;

  HadoopBenchReport(HadoopBenchSettings settings, String clusterKind, String spec, List<Measurement> measurements,
      double seconds) {
    this(settings, clusterKind, spec, measurements, seconds, List.of());
  }

  HadoopBenchReport(HadoopBenchSettings settings, String clusterKind, String spec, List<Measurement> measurements,
      double seconds, List<SsdShare> ssdShares) {
    this.ssdShares = List.copyOf(ssdShares);
    this.settings = settings;
    this.clusterKind = clusterKind;
    this.spec = spec;
    this.measurements = List.copyOf(measurements);
    this.seconds = seconds;
    this.summaries = summarize(this.measurements);
  }

  public List<Measurement> measurements() {
    return measurements;
  }

  public List<Summary> summaries() {
    return summaries;
  }

  public String clusterKind() {
    return clusterKind;
  }

  /** The jobs (chart and table groups) in the order they ran. */
  public List<String> groups() {
    return summaries.stream().map(Summary::group).distinct().toList();
  }

  public List<Summary> of(String group) {
    return summaries.stream().filter(s -> s.group().equals(group)).toList();
  }

  static boolean byThroughput(String group) {
    return group.startsWith("testdfsio");
  }

  private static List<Summary> summarize(List<Measurement> measurements) {
    // Jobs in the order they ran; configurations in the settings' order, the baseline first.
    Map<String, Map<String, List<Measurement>>> runs = new LinkedHashMap<>();
    for (String group : measurements.stream().map(Measurement::group).distinct().toList()) {
      Map<String, List<Measurement>> byConfig = new LinkedHashMap<>();
      measurements.stream().filter(m -> m.group().equals(group)).sorted(Comparator.comparingInt(Measurement::rank))
          .forEach(m -> byConfig.computeIfAbsent(m.config(), c -> new ArrayList<>()).add(m));
      runs.put(group, byConfig);
    }
    List<Summary> summaries = new ArrayList<>();
    runs.forEach((group, byConfig) -> {
      String baseline = byConfig.values().iterator().next().get(0).baseline();
      Map<String, double[]> means = new LinkedHashMap<>();
      byConfig.forEach((config, list) -> means.put(config, new double[] {
          list.stream().mapToDouble(m -> m.run().seconds()).average().orElse(0),
          list.stream().mapToDouble(m -> m.run().throughputMBps()).average().orElse(0),
          list.stream().mapToDouble(m -> m.run().averageIoRateMBps()).average().orElse(0),
          list.stream().mapToLong(m -> m.run().dataLocalMaps()).sum()
              / (double) Math.max(1, list.stream().mapToLong(m -> m.run().launchedMaps()).sum())}));
      double[] base = means.get(baseline);
      if (base == null) {
        throw new IllegalStateException(group + ": the baseline " + baseline + " did not run");
      }
      List<Measurement> baselineRuns = byConfig.get(baseline);
      means.forEach((config, m) -> {
        List<Measurement> own = byConfig.get(config);
        List<Double> roundRatios = new ArrayList<>();
        boolean cpuBound = false;
        for (Measurement run : own.stream().sorted(Comparator.comparingInt(Measurement::round)).toList()) {
          Measurement base1 = baselineRuns.stream().filter(b -> b.round() == run.round()).findFirst().orElse(null);
          if (base1 != null) {
            roundRatios.add(ratio(group, base1.run(), run.run()));
            cpuBound |= CpuBusy.isCpuBound(run.cpuBusyShare()) || CpuBusy.isCpuBound(base1.cpuBusyShare());
          }
        }
        summaries.add(new Summary(group, config, own.size(), m[0], m[1], m[2], m[3], baseline,
            byThroughput(group) ? m[1] / base[1] : base[0] / m[0], List.copyOf(roundRatios), cpuBound));
      });
    });
    return summaries;
  }

  /** A run's ratio to its baseline's: TestDFSIO by throughput, every other job as a speed-up. */
  private static double ratio(String group, JobRun baseline, JobRun run) {
    return byThroughput(group) ? run.throughputMBps() / baseline.throughputMBps() : baseline.seconds() / run.seconds();
  }

  /** What was checked of the hats jobs that ran. */
  private String hatsChecks() {
    List<String> checks = new ArrayList<>();
    List<String> writers = new ArrayList<>();
    if (!of(HadoopJobs.DFSIO_WRITE).isEmpty()) {
      writers.add("TestDFSIO");
    }
    if (!of(HadoopJobs.TERAGEN).isEmpty()) {
      writers.add("TeraGen");
    }
    if (!writers.isEmpty()) {
      checks.add(String.join(" and ", writers) + " moved every byte");
    }
    List<String> readers = new ArrayList<>();
    if (!of(HadoopJobs.GREP).isEmpty()) {
      readers.add("Grep's");
    }
    if (!of(HadoopJobs.WORDCOUNT).isEmpty()) {
      readers.add("WordCount's");
    }
    if (!readers.isEmpty()) {
      checks.add(String.join(" and ", readers) + " output identical under every retrieval policy");
    }
    return "Outputs checked: " + String.join("; ", checks) + ".";
  }

  /**
   * The targets, each judged on the worst round of the configuration declared before the run
   * ({@link HadoopBenchSettings#HATS_DECLARED}, {@link HadoopBenchSettings#HDFSH_DECLARED}); the guards that no read
   * order slows Grep or WordCount are judged on every configuration's worst round.
   */
  public List<String> targets() {
    return judged().stream().map(Judged::line).toList();
  }

  /** The targets of {@link #targets()}, machine-readable. */
  public List<BenchResult.Target> targetResults() {
    return judged().stream().map(Judged::result).toList();
  }

  /**
   * Every configuration's ratio to its job's baseline, per round, and the declared configuration's to the job's
   * stock-best, machine-readable.
   */
  public List<BenchResult.Row> resultRows() {
    List<BenchResult.Row> rows = new ArrayList<>(summaries.stream().filter(s -> !s.roundRatios().isEmpty())
        .map(s -> BenchResult.Row.of(measure(s.group(), s.baseline()), s.config(), "x", s.roundRatios(),
            s.cpuBound()))
        .toList());
    String declared = declared();
    for (String group : groups()) {
      stockBest(of(group)).ifPresent(stock -> {
        RoundRatios ratios = roundRatios(group, declared, stock.config());
        if (!ratios.values().isEmpty()) {
          rows.add(BenchResult.Row.of(measure(group, stockBestName(stock)), declared, "x", ratios.values(),
              ratios.cpuBound()));
        }
      });
    }
    return rows;
  }

  private static String measure(String group, String baseline) {
    return group + ", " + (byThroughput(group) ? "throughput" : "speed-up") + " to " + baseline;
  }

  /** The configuration this preset's targets are judged on, declared before any run. */
  public String declared() {
    return settings.preset.equals(HadoopBenchSettings.HATS) ? HadoopBenchSettings.HATS_DECLARED
        : HadoopBenchSettings.HDFSH_DECLARED;
  }

  /** A target's printed line and its verdict. */
  private record Judged(String line, BenchResult.Target result) {}

  private List<Judged> judged() {
    List<Judged> lines = new ArrayList<>();
    if (settings.preset.equals(HadoopBenchSettings.HATS)) {
      List<Summary> reads = of(HadoopJobs.DFSIO_READ);
      if (!reads.isEmpty()) {
        String what = "TestDFSIO read, " + settings.dfsioFiles + " maps";
        DeclaredTarget target = new DeclaredTarget(what, HadoopBenchSettings.HATS_DECLARED, reads.get(0).baseline(),
            1.40, true);
        lines.add(declared(target, reads));
        stockBest(reads).ifPresent(stock -> {
          DeclaredTarget vsStock = new DeclaredTarget(what, target.declared(), stockBestName(stock),
              STOCK_BEST_THRESHOLD, true);
          RoundRatios ratios = roundRatios(HadoopJobs.DFSIO_READ, target.declared(), stock.config());
          lines.add(new Judged(vsStock.line(ratios.values(), ratios.cpuBound()),
              vsStock.result(ratios.values(), ratios.cpuBound())));
        });
      }
      for (String job : List.of(HadoopJobs.GREP, HadoopJobs.WORDCOUNT)) {
        lines.addAll(noSlower(job));
      }
    } else {
      for (String group : groups()) {
        if (!group.startsWith(HadoopJobs.TERASORT)) {
          continue;
        }
        List<Summary> sorts = of(group);
        // 30% less time than HD is a speed-up of 1 / 0.7.
        DeclaredTarget target = new DeclaredTarget(group, HadoopBenchSettings.HDFSH_DECLARED, sorts.get(0).baseline(),
            1 / 0.7, true);
        Summary declared = sorts.stream().filter(s -> s.config().equals(target.declared())).findFirst().orElse(null);
        if (declared == null) {
          lines.add(new Judged(target.line(List.of(), false), target.result(List.of(), false)));
          continue;
        }
        List<Summary> shares = sorts.stream().filter(s -> !isStock(s)).toList();
        boolean steps = true;
        for (int i = 1; i < shares.size(); i++) {
          steps &= shares.get(i).seconds() <= shares.get(i - 1).seconds() || shares.get(i).config().equals("SSD");
        }
        List<String> times = shares.stream().map(s -> String.format(Locale.ROOT, "%s %.1f s", s.config(),
            s.seconds())).toList();
        lines.add(faster(target, new RoundRatios(declared.roundRatios(), declared.cpuBound()),
            String.format("; steps in between: %s (%s)", steps ? "yes" : "NO", String.join(", ", times))));
        stockBest(sorts).ifPresent(stock -> lines.add(faster(new DeclaredTarget(group, target.declared(),
            stockBestName(stock), STOCK_BEST_THRESHOLD, true), roundRatios(group, target.declared(), stock.config()),
            "")));
      }
    }
    return lines;
  }

  /** An hdfsh target line, the speed-up as how much less time it took: {@code worst round 25.0% faster}. */
  private static Judged faster(DeclaredTarget target, RoundRatios ratios, String tail) {
    if (ratios.values().isEmpty()) {
      return new Judged(target.line(List.of(), false), target.result(List.of(), false));
    }
    return new Judged(String.format(Locale.ROOT, "%s: %s (declared) vs %s: worst round %.1f%% faster, median %s "
        + "faster, %d round(s) (target >= %.0f%%): %s%s", target.what(), target.declared(), target.baseline(),
        100 * (1 - 1 / target.worst(ratios.values())), Spread.of(ratios.values().stream().map(r -> 100 * (1 - 1 / r))
            .toList()).format("%.1f%%"),
        ratios.values().size(), 100 * (1 - 1 / target.threshold()),
        target.judge(ratios.values(), ratios.cpuBound()), tail), target.result(ratios.values(), ratios.cpuBound()));
  }

  /** Each round's ratio of one configuration's run to another's of the same round, and whether either was cpu-bound. */
  record RoundRatios(List<Double> values, boolean cpuBound) {}

  /**
   * {@code config}'s run over {@code other}'s, round by round, in {@code group} (TestDFSIO by throughput, every other
   * job as a speed-up); rounds where either did not run are left out.
   */
  RoundRatios roundRatios(String group, String config, String other) {
    List<Double> values = new ArrayList<>();
    boolean cpuBound = false;
    for (Measurement run : measurements.stream().filter(m -> m.group().equals(group) && m.config().equals(config))
        .sorted(Comparator.comparingInt(Measurement::round)).toList()) {
      Measurement base = measurements.stream().filter(m -> m.group().equals(group) && m.config().equals(other)
          && m.round() == run.round()).findFirst().orElse(null);
      if (base != null) {
        values.add(ratio(group, base.run(), run.run()));
        cpuBound |= CpuBusy.isCpuBound(run.cpuBusyShare()) || CpuBusy.isCpuBound(base.cpuBusyShare());
      }
    }
    return new RoundRatios(List.copyOf(values), cpuBound);
  }

  /** Whether a row is one of the stock peers'. */
  private boolean isStock(Summary row) {
    return settings.stockPolicies.stream().map(HadoopBenchSettings::stockLabel).anyMatch(row.config()::equals);
  }

  /** The stock peer of {@code rows} with the best median ratio to the baseline, if one ran. */
  Optional<Summary> stockBest(List<Summary> rows) {
    return rows.stream().filter(this::isStock).filter(s -> !s.roundRatios().isEmpty())
        .max(Comparator.comparingDouble(s -> s.ratioSpread().median()));
  }

  /** {@code stock-best (stock ONE_SSD)}. */
  private static String stockBestName(Summary stock) {
    return HadoopBenchSettings.STOCK_BEST + " (" + stock.config() + ")";
  }

  private static Judged declared(DeclaredTarget target, List<Summary> rows) {
    return rows.stream().filter(s -> s.config().equals(target.declared())).findFirst()
        .map(s -> new Judged(target.line(s.roundRatios(), s.cpuBound()), target.result(s.roundRatios(), s.cpuBound())))
        .orElseGet(() -> new Judged(target.line(List.of(), false), target.result(List.of(), false)));
  }

  /** No read order may take more than 103% of the baseline's time in any round: the slowest configuration's line. */
  private List<Judged> noSlower(String job) {
    List<Summary> rows = of(job);
    if (rows.size() < 2) {
      return List.of();
    }
    String baseline = rows.get(0).baseline();
    Summary slowest = null;
    DeclaredTarget guard = null;
    for (Summary s : rows.subList(1, rows.size())) {
      DeclaredTarget g = new DeclaredTarget(job, s.config(), baseline, 1.03, false);
      if (slowest == null || g.worst(timeShares(s)) > guard.worst(timeShares(slowest))) {
        slowest = s;
        guard = g;
      }
    }
    List<Double> shares = timeShares(slowest);
    boolean cpuBound = rows.stream().anyMatch(Summary::cpuBound);
    return List.of(new Judged(String.format(Locale.ROOT, "%s: slowest %s, worst round %.1f%% of %s's time, median "
        + "%s, %d round(s) (target <= 103%% for every read order): %s", job, slowest.config(),
        100 * guard.worst(shares), baseline, Spread.of(shares.stream().map(r -> 100 * r).toList()).format("%.1f%%"),
        shares.size(), guard.judge(shares, cpuBound)), guard.result(shares, cpuBound)));
  }

  /** Each round's time as a share of the baseline's. */
  private static List<Double> timeShares(Summary s) {
    return s.roundRatios().stream().map(r -> 1 / r).toList();
  }

  /** The side-by-side tables, one per job, and the targets. */
  public void print(PrintStream out) {
    out.printf(Locale.ROOT, "Hadoop's own jobs (3.4.2), preset %s on spec '%s', %s cluster, device speeds x%s, "
        + "%s blocks, %d round(s), %.0f s in all%n", settings.preset, spec, clusterKind, settings.speedScale,
        HadoopBenchmark.size(settings.blockSize), settings.rounds, seconds);
    for (String group : groups()) {
      List<Summary> rows = of(group);
      boolean throughput = byThroughput(group);
      out.printf("%n%s (ratio: %s, to %s)%n", group, throughput ? "TestDFSIO throughput" : "speed-up, baseline "
          + "time / time", rows.get(0).baseline());
      out.printf("%-28s %9s %12s %12s %10s %9s  %-28s%n", "configuration", "time", throughput ? "throughput"
          : "rate", throughput ? "avg IO rate" : "", "data-local", "ratio", "per round: median (min-max)");
      for (Summary s : rows) {
        out.printf(Locale.ROOT, "%-28s %7.1f s %12s %12s %9.0f%% %8.3fx  %-28s%s%n", s.config(), s.seconds(),
            rate(s.throughputMBps()), throughput ? rate(s.averageIoRateMBps()) : "", 100 * s.dataLocalShare(),
            s.ratio(), s.roundRatios().isEmpty() ? "-" : s.ratioSpread().format("%.3fx"),
            s.cpuBound() ? " cpu-bound" : "");
      }
    }
    out.println();
    out.println(settings.preset.equals(HadoopBenchSettings.HATS) ? hatsChecks()
        : "Outputs checked: TeraGen wrote every row; TeraValidate found no error, and the same checksum under every "
            + "placement.");
    if (!ssdShares.isEmpty() && settings.preset.equals(HadoopBenchSettings.HATS)) {
      // Which replicas a read policy can choose from: it explains most differences between clusters.
      out.println("TestDFSIO's files on SSD, by placement: "
          + String.join("; ", ssdShares.stream().map(SsdShare::hatsText).toList()));
    } else if (!ssdShares.isEmpty()) {
      out.println("Blocks with every replica on SSD (TeraGen input and TeraSort output, all sizes and rounds): "
          + String.join(", ", ssdShares.stream().map(s -> String.format(Locale.ROOT, "%s %.0f%% (%d of %d)",
              s.config(), 100 * s.share(), s.ssdBlocks(), s.blocks())).toList()));
    }
    if (summaries.stream().anyMatch(this::isStock)) {
      out.println(stockPeersText());
    }
    targets().forEach(line -> out.println("target: " + line));
  }

  /** What the stock peers ran as, and which was stock-best in each job. */
  private String stockPeersText() {
    List<String> best = new ArrayList<>();
    for (String group : groups()) {
      stockBest(of(group)).ifPresent(s -> best.add(group + " " + s.config()));
    }
    return "Stock peers (" + String.join(", ", settings.stockPolicies.stream().map(HadoopBenchSettings::stockLabel)
        .toList()) + "): stock HDFS, Strata's plugin absent from the NameNode, the storage policy set on the peer's "
        + "directory, " + String.join(", ", new TreeMap<>(RetrievalBenchmark.STOCK_BEST_CONF).entrySet()
            .stream().map(e -> e.getKey() + "=" + e.getValue()).toList())
        + "; stock-best, the peer with the best "
        + "median ratio: " + (best.isEmpty() ? "none ran" : String.join("; ", best)) + ".";
  }

  private static String rate(double megabytesPerSecond) {
    return megabytesPerSecond > 0 ? String.format(Locale.ROOT, "%.1f MB/s", megabytesPerSecond) : "-";
  }

  /** The whole report as JSON: settings, every run, the summaries and the targets. */
  public ObjectNode json() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    root.put("preset", settings.preset);
    root.put("spec", spec);
    root.put("cluster", clusterKind);
    root.put("speedScale", settings.speedScale);
    root.put("blockSize", settings.blockSize);
    root.put("rounds", settings.rounds);
    root.put("seconds", seconds);
    root.put("validated", true);
    root.set("summaries", mapper.valueToTree(summaries));
    root.set("ssdShares", mapper.valueToTree(ssdShares));
    root.put("declared", declared());
    ObjectNode stock = root.putObject("stockPeers");
    stock.set("storagePolicies", mapper.valueToTree(settings.stockPolicies));
    stock.set("nameNodeConf", mapper.valueToTree(new TreeMap<>(RetrievalBenchmark.STOCK_BEST_CONF)));
    ObjectNode best = stock.putObject("stockBest");
    groups().forEach(group -> stockBest(of(group)).ifPresent(s -> best.put(group, s.config())));
    ArrayNode runs = root.putArray("runs");
    measurements.forEach(m -> runs.add(mapper.valueToTree(m)));
    ArrayNode targets = root.putArray("targets");
    targets().forEach(targets::add);
    return root;
  }

  /** {@code runs.csv} (every job run) and {@code summary.csv} (ratios) into {@code dir}. */
  public void writeCsv(Path dir) throws IOException {
    Files.createDirectories(dir);
    StringBuilder runs = new StringBuilder("cluster,job,configuration,round,seconds,throughput_mbps,"
        + "average_io_rate_mbps,launched_maps,data_local_maps,output_lines,output_digest,cpu_busy_share\n");
    for (Measurement m : measurements) {
      JobRun r = m.run();
      runs.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.3f,%.3f,%.3f,%d,%d,%d,%s,%.3f%n", clusterKind,
          m.group(), csv(m.config()), m.round() + 1, r.seconds(), r.throughputMBps(), r.averageIoRateMBps(),
          r.launchedMaps(), r.dataLocalMaps(), r.outputLines(), r.outputDigest(), m.cpuBusyShare()));
    }
    Files.writeString(dir.resolve("runs.csv"), runs, StandardCharsets.UTF_8);
    StringBuilder summary = new StringBuilder("cluster,job,configuration,runs,seconds,throughput_mbps,"
        + "average_io_rate_mbps,data_local_share,baseline,ratio\n");
    for (Summary s : summaries) {
      summary.append(String.format(Locale.ROOT, "%s,%s,%s,%d,%.3f,%.3f,%.3f,%.3f,%s,%.4f%n", clusterKind, s.group(),
          csv(s.config()), s.runs(), s.seconds(), s.throughputMBps(), s.averageIoRateMBps(), s.dataLocalShare(),
          csv(s.baseline()), s.ratio()));
    }
    Files.writeString(dir.resolve("summary.csv"), summary, StandardCharsets.UTF_8);
  }

  private static String csv(String value) {
    return value.contains(",") ? "\"" + value + "\"" : value;
  }

  public HadoopBenchSettings settings() {
    return settings;
  }

  public String spec() {
    return spec;
  }
}
