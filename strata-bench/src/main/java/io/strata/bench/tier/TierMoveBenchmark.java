package io.strata.bench.tier;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.Spread;
import io.strata.core.spec.ClusterSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.hdfs.tier.TierManager;
import io.strata.hdfs.tier.TierResult;
import io.strata.hdfs.tier.TierSettings;
import io.strata.workloads.dataset.ParallelReader;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.function.ToDoubleBiFunction;
import java.util.function.ToDoubleFunction;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;

/**
 * What a tier move costs and buys, on the hatS testbed with emulated device speeds, against what stock HDFS offers
 * for the same move. A file written by stock HDFS placement (three HDD replicas) is read, then, in each round and
 * for each contender in rotated order, moved wholly to SSD, read again, and moved back to HDD:
 *
 * <ul>
 *   <li>{@code strata}: the tier API's layout {@code pcie-ssd} x3 (what {@code strata tier set-policy} sets), back
 *       with {@code hdd} x3;
 *   <li>{@code mover}: storage policy {@code ALL_SSD} and {@code hdfs mover -p}, back with {@code HOT};
 *   <li>{@code sps}: the same policies satisfied by the external Storage Policy Satisfier.
 * </ul>
 *
 * <p>Stock HDFS knows storage types, not tiers: its movers may put a replica on a SATA SSD as well as on a PCIe SSD,
 * and the table says where the replicas landed.
 */
public final class TierMoveBenchmark {
  /** The contenders, in the order of the first round. */
  public static final List<String> CONTENDERS = List.of("strata", "mover", "sps");
  private static final Duration MOVE_TIMEOUT = Duration.ofMinutes(15);
  /** How many times faster strata's move to SSD was than the stock trip's. */
  private static final ToDoubleBiFunction<Trip, Trip> MOVE_SPEED_UP = (own, stock) -> stock.up().seconds()
      / own.up().seconds();
  /** Strata's read rate from SSD over the stock trip's. */
  private static final ToDoubleBiFunction<Trip, Trip> READ_RATE_RATIO = (own, stock) -> own.read()
      .megabytesPerSecond() / stock.read().megabytesPerSecond();

  /** One phase: what it moved or read, and how long it took. */
  public record Phase(String name, long bytes, double seconds, String note) {
    public double megabytesPerSecond() {
      return bytes / 1e6 / seconds;
    }
  }

  /**
   * One contender's round trip in one round.
   *
   * @param pcieShare the share of the file's replica bytes on the {@code pcie-ssd} tier after the move up
   */
  public record Trip(String contender, int round, Phase up, Phase read, Phase down, double pcieShare) {}

  /** The set-up phases (write, read from HDD) and every round trip. */
  public record Result(List<Phase> setup, List<Trip> trips) {
    /** The HDD read before any move. */
    public Phase hddRead() {
      return setup.get(1);
    }

    /** The trips of one contender, in round order. */
    public List<Trip> of(String contender) {
      return trips.stream().filter(t -> t.contender().equals(contender)).toList();
    }
  }

  private TierMoveBenchmark() {}

  public static Result run(ClusterSpec spec, String specText, Path dir, long bytes, int parallel, int rounds,
      PrintStream log) throws Exception {
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.createDirectories(dir);
    Files.writeString(specFile, specText);
    List<Phase> setup = new ArrayList<>();
    List<Trip> trips = new ArrayList<>();
    long blockSize = 64L << 20;
    Map<String, String> conf = new LinkedHashMap<>(StrataPlugins.nameNodeConf(specFile, null, 1000));
    conf.put(StockMovers.SPS_MODE_KEY, HdfsConstants.StoragePolicySatisfierMode.EXTERNAL.name());
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withBlockSize(blockSize).withConf(conf))) {
      DistributedFileSystem fs = cluster.fileSystem();
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/bench/tier/data");
      log.printf("writing %d MiB, 3 replicas, HDFS's own placement (HDD)...%n", bytes >> 20);
      long start = System.nanoTime();
      write(fs, file, bytes, blockSize);
      setup.add(new Phase("write (3 x HDD)", 3 * bytes, seconds(start), "replica bytes"));
      setup.add(read(fs, file, "read from HDD", log));
      try (TierManager tiers = new TierManager(fs, spec.tierMap(),
          TierSettings.from(fs.getConf()).withParallelMoves(parallel))) {
        List<String> interleaved = CONTENDERS.subList(0, 2);
        for (int round = 0; round < rounds; round++) {
          for (int k = 0; k < interleaved.size(); k++) {
            String contender = interleaved.get((k + round) % interleaved.size());
            log.printf("round %d/%d, %s%n", round + 1, rounds, contender);
            trips.add(trip(contender, round, null, fs, tiers, spec, file, log));
          }
        }
        // The satisfier holds the Mover's lock while it runs: one satisfier does all of its rounds, after the others.
        try (StockMovers.Satisfier sps = new StockMovers.Satisfier(cluster.clientConf())) {
          for (int round = 0; round < rounds; round++) {
            log.printf("round %d/%d, sps%n", round + 1, rounds);
            trips.add(trip("sps", round, sps, fs, tiers, spec, file, log));
          }
        }
      }
      PlacementReport report = new PlacementReportCollector(fs).collect(file, spec.tierMap());
      if (report.underReplicatedBlocks().total() != 0 || !StockMovers.allOn(fs, file, StorageType.DISK)) {
        throw new IOException("after the moves the file is not back on 3 HDD replicas: "
            + report.underReplicatedBlocks().total() + " under-replicated blocks");
      }
    }
    return new Result(setup, trips);
  }

  private static Trip trip(String contender, int round, StockMovers.Satisfier sps, DistributedFileSystem fs,
      TierManager tiers, ClusterSpec spec, org.apache.hadoop.fs.Path file, PrintStream log) throws Exception {
    Phase up;
    Phase down;
    Phase read;
    double pcie;
    switch (contender) {
      case "strata" -> {
        up = strataMove(tiers, file, "pcie-ssd", "layout:pcie-ssd x3, tier API", log);
        read = read(fs, file, "read from SSD", log);
        pcie = pcieShare(fs, file, spec);
        down = strataMove(tiers, file, "hdd", "layout:hdd x3, tier API", log);
      }
      case "mover" -> {
        up = stockMove(fs, file, "ALL_SSD, hdfs mover", () -> StockMovers.mover(fs, file, "ALL_SSD"));
        read = read(fs, file, "read from SSD", log);
        pcie = pcieShare(fs, file, spec);
        down = stockMove(fs, file, "HOT, hdfs mover", () -> StockMovers.mover(fs, file, "HOT"));
      }
      case "sps" -> {
        up = stockMove(fs, file, "ALL_SSD, satisfier", () -> sps.satisfy(fs, file, "ALL_SSD", StorageType.SSD,
            MOVE_TIMEOUT));
        sps.settle(MOVE_TIMEOUT);
        read = read(fs, file, "read from SSD", log);
        pcie = pcieShare(fs, file, spec);
        down = stockMove(fs, file, "HOT, satisfier", () -> sps.satisfy(fs, file, "HOT", StorageType.DISK,
            MOVE_TIMEOUT));
        sps.settle(MOVE_TIMEOUT);
      }
      default -> throw new IllegalArgumentException("unknown contender " + contender);
    }
    if (up.bytes() == 0) {
      throw new IOException(contender + " moved nothing to SSD in round " + (round + 1) + ": " + up);
    }
    if (!StockMovers.allOn(fs, file, StorageType.DISK)) {
      throw new IOException(contender + " did not bring every replica back to HDD in round " + (round + 1));
    }
    return new Trip(contender, round, up, read, down, pcie);
  }

  /** A stock move, timed; the bytes moved are the replica bytes it left on the other storage type. */
  private static Phase stockMove(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, String name,
      StockMove move) throws Exception {
    StorageType before = onlyType(fs, file);
    long start = System.nanoTime();
    move.run();
    double seconds = seconds(start);
    long moved = 0;
    for (BlockLocation block : fs.getFileBlockLocations(file, 0, Long.MAX_VALUE)) {
      for (StorageType type : block.getStorageTypes()) {
        moved += type != before ? block.getLength() : 0;
      }
    }
    return new Phase(name, moved, seconds, "");
  }

  @FunctionalInterface
  private interface StockMove {
    void run() throws Exception;
  }

  private static StorageType onlyType(DistributedFileSystem fs, org.apache.hadoop.fs.Path file) throws IOException {
    return fs.getFileBlockLocations(file, 0, Long.MAX_VALUE)[0].getStorageTypes()[0];
  }

  private static double pcieShare(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, ClusterSpec spec)
      throws IOException {
    PlacementReport report = new PlacementReportCollector(fs).collect(file, spec.tierMap());
    return report.tiers().stream().filter(t -> t.name().equals("pcie-ssd")).mapToDouble(PlacementReport.Row::share)
        .sum();
  }

  /**
   * Puts all three replicas on tier {@code to} with the layout policy {@code layout:TO+TO+TO}. Not {@code moveTier},
   * which the tier API remembers for a while once done, so that a retried call moves nothing twice: a round's
   * second identical call would move nothing.
   */
  private static Phase strataMove(TierManager tiers, org.apache.hadoop.fs.Path file, String to, String name,
      PrintStream log) throws IOException {
    log.printf("%s...%n", name);
    TierResult result = tiers.setRepPolicy(file.toUri().getPath(), "layout:" + to + "+" + to + "+" + to, 0);
    if (!result.success()) {
      throw new IOException(name + " failed: " + result.message());
    }
    return new Phase(name, result.bytesMoved(), result.millis() / 1000.0,
        result.moves() + " block moves, " + result.failedMoves() + " failed: " + result.message());
  }

  private static Phase read(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, String name, PrintStream log)
      throws IOException {
    log.printf("%s...%n", name);
    long start = System.nanoTime();
    long read = ParallelReader.readFile(fs, file);
    return new Phase(name, read, seconds(start), "one reader");
  }

  private static void write(DistributedFileSystem fs, org.apache.hadoop.fs.Path file, long bytes, long blockSize)
      throws IOException {
    byte[] buffer = new byte[1 << 20];
    new Random(7).nextBytes(buffer);
    try (OutputStream out = fs.create(file, true, 1 << 16, (short) 3, blockSize)) {
      for (long written = 0; written < bytes; written += buffer.length) {
        out.write(buffer, 0, (int) Math.min(buffer.length, bytes - written));
      }
    }
  }

  private static double seconds(long start) {
    return (System.nanoTime() - start) / 1e9;
  }

  /** The set-up phases, then per contender each measure's median (min-max) over the rounds. */
  public static void printTable(Result result, PrintStream out) {
    out.printf("%-26s %10s %9s %9s  %s%n", "set-up", "MiB", "seconds", "MB/s", "");
    for (Phase phase : result.setup()) {
      out.printf(Locale.ROOT, "%-26s %10d %9.2f %9.1f  %s%n", phase.name(), phase.bytes() >> 20, phase.seconds(),
          phase.megabytesPerSecond(), phase.note());
    }
    out.printf("%n%-8s %-24s %-24s %-24s %-22s %s%n", "mover", "move to SSD, s", "read from SSD, MB/s",
        "move back, s", "MiB moved to SSD", "on PCIe SSD");
    for (String contender : CONTENDERS) {
      List<Trip> trips = result.of(contender);
      if (trips.isEmpty()) {
        continue;
      }
      out.printf(Locale.ROOT, "%-8s %-24s %-24s %-24s %-22s %s%n", contender,
          spread(trips, t -> t.up().seconds(), "%.2f"), spread(trips, t -> t.read().megabytesPerSecond(), "%.1f"),
          spread(trips, t -> t.down().seconds(), "%.2f"), spread(trips, t -> t.up().bytes() / 1048576.0, "%.0f"),
          spread(trips, t -> 100 * t.pcieShare(), "%.0f%%"));
    }
  }

  /**
   * Strata against each stock mover, round by round: how many times faster its move to SSD was, and its read from SSD
   * as a ratio to the stock mover's read in the same round.
   */
  public static List<String> comparisons(Result result) {
    List<String> lines = new ArrayList<>();
    for (String stock : CONTENDERS.subList(1, CONTENDERS.size())) {
      List<Double> faster = versus(result, stock, MOVE_SPEED_UP);
      List<Double> reads = versus(result, stock, READ_RATE_RATIO);
      if (!faster.isEmpty()) {
        lines.add(String.format(Locale.ROOT, "strata vs %s (stock-best): move to SSD %s as fast (worst round "
            + "%.2fx); read from SSD afterwards %s its rate (worst round %.2fx); %d round(s)", stock,
            Spread.of(faster).format("%.2fx"), faster.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
            Spread.of(reads).format("%.2fx"), reads.stream().mapToDouble(Double::doubleValue).min().orElseThrow(),
            faster.size()));
      }
    }
    return lines;
  }

  /** Per round, {@code ratio} of strata's trip and {@code stock}'s trip in the same round. */
  private static List<Double> versus(Result result, String stock, ToDoubleBiFunction<Trip, Trip> ratio) {
    List<Double> ratios = new ArrayList<>();
    List<Trip> theirs = result.of(stock);
    for (Trip own : result.of("strata")) {
      theirs.stream().filter(t -> t.round() == own.round()).findFirst()
          .ifPresent(t -> ratios.add(ratio.applyAsDouble(own, t)));
    }
    return ratios;
  }

  /** The table and the comparisons, machine-readable: each measure's spread per contender, then strata's ratios. */
  public static List<BenchResult.Row> resultRows(Result result) {
    List<BenchResult.Row> rows = new ArrayList<>();
    for (String contender : CONTENDERS) {
      List<Trip> trips = result.of(contender);
      if (!trips.isEmpty()) {
        rows.add(row("move to SSD", contender, "s", trips, t -> t.up().seconds()));
        rows.add(row("read from SSD", contender, "MB/s", trips, t -> t.read().megabytesPerSecond()));
        rows.add(row("move back to HDD", contender, "s", trips, t -> t.down().seconds()));
        rows.add(row("replica bytes on PCIe SSD", contender, "%", trips, t -> 100 * t.pcieShare()));
      }
    }
    for (String stock : CONTENDERS.subList(1, CONTENDERS.size())) {
      List<Double> faster = versus(result, stock, MOVE_SPEED_UP);
      if (!faster.isEmpty()) {
        rows.add(BenchResult.Row.of("move to SSD, speed-up over " + stock, "strata", "x", faster, false));
        rows.add(BenchResult.Row.of("read from SSD afterwards, rate over " + stock + "'s", "strata", "x",
            versus(result, stock, READ_RATE_RATIO),
            false));
      }
    }
    return rows;
  }

  private static BenchResult.Row row(String measure, String contender, String unit, List<Trip> trips,
      ToDoubleFunction<Trip> value) {
    return BenchResult.Row.of(measure, contender, unit, trips.stream().map(value::applyAsDouble).toList(), false);
  }

  private static String spread(List<Trip> trips, ToDoubleFunction<Trip> value, String format) {
    return Spread.of(trips.stream().map(value::applyAsDouble).toList()).format(format);
  }
}
