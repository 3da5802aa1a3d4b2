package io.strata.bench.placement;

import io.strata.hdfs.StrataKeys;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeAdminMonitorInterface;
import org.apache.hadoop.hdfs.server.blockmanagement.HostConfigManager;
import org.apache.hadoop.hdfs.server.blockmanagement.PlacementBenchAccess;
import org.apache.hadoop.hdfs.server.namenode.NNThroughputBenchmark;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.util.ExitUtil;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;

/**
 * Hadoop's own NameNode benchmark ({@code NNThroughputBenchmark}, from the hadoop-hdfs test jar) run for stock
 * HDFS and for the Strata plugin one after the other in this JVM, each against a freshly formatted in-process
 * NameNode with a fresh configuration, and compared.
 *
 * <p>The op is {@code replication} by default: its timed part is the NameNode's redundancy work after some
 * DataNodes are decommissioned ({@code BlockManager.computeDatanodeWork}), in which every block to re-replicate
 * gets its targets from the placement policy ({@code ReplicationWork.chooseTargets}, the 9-argument
 * {@code chooseTarget}); the figure is re-replicated blocks per second. {@code blockReport} can be run too, but
 * only its setup places blocks ({@code addBlock}); what it times is block report processing, which the
 * placement policy is not part of.
 *
 * <p>On Hadoop 3.4 {@code -op replication} as shipped times almost nothing: {@code refreshNodes} rereads the hosts
 * files from a new default configuration, which does not name the exclude file the benchmark wrote, and even when
 * it does, the decommission monitor queues a node's blocks only at its next tick (30 s), after the benchmark has
 * timed an empty queue. Both NameNodes (stock and plugin) therefore run with {@link NameNodeHostsFiles} and
 * {@code PlacementBenchAccess.ScanAtOnceDecommissionMonitor}, and a replication-streams hard limit as high as the
 * benchmark's {@code -nodeReplicationLimit}, so that every block of the decommissioned nodes is re-replicated in the
 * timed part. A run refuses to report when nothing was re-replicated.
 *
 * <p>The benchmark's simulated DataNodes register one DISK storage each, all on this host (so one rack). The
 * plugin therefore gets a spec whose only tier is {@code hdd} (DISK), and the rule {@code /=network}: HDFS's rack
 * logic run by Strata's own policy code through its target chooser, i.e. the Strata code path of every policy,
 * with no tier to pick. {@code /=default} (the plugin handing every path to HDFS's own code) is measured too.
 * The benchmark only logs its results, so they are read from its log.
 */
public final class NnThroughputComparison {
  /** The rule the plugin runs under unless told otherwise (see the class comment). */
  public static final String PLUGIN_RULE = "network";

  /** What to run. {@code contenders}: {@code stock} and Strata policy names (rule {@code /=NAME}). */
  public record Settings(String op, List<String> contenders, int datanodes, int nodesToDecommission,
      int nodeReplicationLimit, int totalBlocks, int replication, int reports, int blocksPerReport,
      int blocksPerFile, int rounds) {
    public Settings {
      contenders = List.copyOf(contenders);
      if (!op.equals("replication") && !op.equals("blockReport")) {
        throw new IllegalArgumentException("op must be replication or blockReport, not " + op);
      }
    }

    /**
     * replication: 100 DataNodes, 20 decommissioned, 60,000 blocks x 3 replicas (about 32,000 re-replications
     * timed per run); 3 rounds.
     */
    public static Settings defaults() {
      return new Settings("replication", List.of(ChooseTargetBenchmark.STOCK, "default", PLUGIN_RULE), 100, 20,
          100_000, 60_000, 3, 300, 1_000, 10, 3);
    }

    /** A smoke run: 20,000 blocks (about 11,000 re-replications), 1 round. */
    public static Settings quick() {
      Settings d = defaults();
      return new Settings(d.op(), d.contenders(), d.datanodes(), d.nodesToDecommission(),
          d.nodeReplicationLimit(), 20_000, d.replication(), 60, 200, d.blocksPerFile(), 1);
    }

    public Settings withOp(String newOp) {
      return new Settings(newOp, contenders, datanodes, nodesToDecommission, nodeReplicationLimit, totalBlocks,
          replication, reports, blocksPerReport, blocksPerFile, rounds);
    }

    public Settings withContenders(List<String> names) {
      return new Settings(op, names, datanodes, nodesToDecommission, nodeReplicationLimit, totalBlocks,
          replication, reports, blocksPerReport, blocksPerFile, rounds);
    }

    public Settings withRounds(int n) {
      return new Settings(op, contenders, datanodes, nodesToDecommission, nodeReplicationLimit, totalBlocks,
          replication, reports, blocksPerReport, blocksPerFile, n);
    }

    /** The benchmark's command line. */
    public String[] arguments() {
      List<String> args = new ArrayList<>(List.of("-op", op, "-datanodes", String.valueOf(datanodes)));
      if (op.equals("replication")) {
        args.addAll(List.of("-nodesToDecommission", String.valueOf(nodesToDecommission), "-nodeReplicationLimit",
            String.valueOf(nodeReplicationLimit), "-totalBlocks", String.valueOf(totalBlocks), "-replication",
            String.valueOf(replication)));
      } else {
        args.addAll(List.of("-reports", String.valueOf(reports), "-blocksPerReport", String.valueOf(blocksPerReport),
            "-blocksPerFile", String.valueOf(blocksPerFile)));
      }
      return args.toArray(String[]::new);
    }
  }

  /**
   * What one benchmark run reported, and the CPU time its worker threads used.
   *
   * @param perCpu the throughput's operations (blocks re-replicated, reports) per second of worker CPU time
   */
  public record Run(String contender, int round, double throughput, long elapsedMillis, long operations,
      long blocks, double perCpu) {}

  private static final Pattern STAT = Pattern.compile("^\\s*(# operations|Elapsed Time|Ops per sec|pending replications"
      + "|replications per sec)\\s*[:=]\\s*([0-9.Ee+-]+)\\s*$");

  private NnThroughputComparison() {}

  /**
   * Runs one discarded warm-up (stock, so the JIT has compiled the NameNode before anything counts), then each
   * contender once per round, in the given order in odd rounds and reversed in even ones. Returns one row per
   * contender: its mean throughput over the rounds, the spread as the +-.
   */
  public static List<Throughput> run(Settings settings, Path workDir, PrintStream log) throws Exception {
    prepareJvm();
    Path spec = Files.writeString(workDir.resolve("disk-only.yaml"), DISK_ONLY_SPEC, StandardCharsets.UTF_8);
    log.printf("NNThroughputBenchmark %s%n", String.join(" ", settings.arguments()));
    runOnce(ChooseTargetBenchmark.STOCK, 0, settings, workDir, spec, log);
    Map<String, List<Run>> runs = new LinkedHashMap<>();
    settings.contenders().forEach(c -> runs.put(c, new ArrayList<>()));
    for (int round = 1; round <= settings.rounds(); round++) {
      List<String> order = new ArrayList<>(settings.contenders());
      if (round % 2 == 0) {
        Collections.reverse(order);
      }
      for (String contender : order) {
        runs.get(contender).add(runOnce(contender, round, settings, workDir, spec, log));
      }
    }
    List<Throughput> rows = new ArrayList<>();
    String unit = settings.op().equals("replication") ? "blocks/s" : "reports/s";
    for (Map.Entry<String, List<Run>> entry : runs.entrySet()) {
      List<Run> list = entry.getValue();
      double mean = list.stream().mapToDouble(Run::throughput).average().orElse(Double.NaN);
      double perCpu = list.stream().mapToDouble(Run::perCpu).average().orElse(Double.NaN);
      double spread = list.size() < 2 ? Double.NaN
          : (list.stream().mapToDouble(Run::throughput).max().orElseThrow()
              - list.stream().mapToDouble(Run::throughput).min().orElseThrow()) / 2;
      StringBuilder detail = new StringBuilder();
      for (Run r : list) {
        detail.append(detail.length() == 0 ? "" : "; ").append(String.format(Locale.ROOT, "%.0f in %.2f s",
            r.throughput(), r.elapsedMillis() / 1000.0));
      }
      rows.add(new Throughput(ChooseTargetJmh.label(entry.getKey()), mean, spread, perCpu, unit,
          detail.toString()));
    }
    return rows;
  }

  /** What NNThroughputBenchmark needs of the JVM when it starts its NameNode in-process. */
  private static void prepareJvm() {
    ExitUtil.disableSystemExit(); // its usage errors call ExitUtil.terminate
    DefaultMetricsSystem.setMiniClusterMode(true); // one NameNode after another registers the same metrics
    BenchLogging.quiet();
  }

  /** One benchmark run against a freshly formatted NameNode with a fresh configuration. */
  static Run runOnce(String contender, int round, Settings settings, Path workDir, Path spec, PrintStream log)
      throws Exception {
    Path dir = Files.createDirectories(workDir.resolve(String.format("run-%d-%s", round,
        contender.replaceAll("[^A-Za-z0-9.-]", "_"))));
    Configuration conf = new HdfsConfiguration();
    conf.set("hadoop.tmp.dir", dir.toAbsolutePath().toString());
    conf.set(DFSConfigKeys.DFS_NAMENODE_NAME_DIR_KEY, dir.resolve("name").toAbsolutePath().toString());
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_MIN_BLOCK_SIZE_KEY, 16);
    // Its simulated DataNodes report 100 MB each; with 128 MB blocks no node would have room for one.
    conf.setInt(DFSConfigKeys.DFS_BLOCK_SIZE_KEY, 16);
    // Each simulated DataNode may be the source of this many re-replications at once, so the timed redundancy
    // work schedules every decommissioned block rather than stopping at the default 4 streams per node.
    conf.setInt(DFSConfigKeys.DFS_NAMENODE_REPLICATION_STREAMS_HARD_LIMIT_KEY, settings.nodeReplicationLimit());
    // So that -op replication has blocks to re-replicate when its timing starts (see the class comment).
    conf.setClass(DFSConfigKeys.DFS_NAMENODE_HOSTS_PROVIDER_CLASSNAME_KEY, NameNodeHostsFiles.class,
        HostConfigManager.class);
    conf.setClass(DFSConfigKeys.DFS_NAMENODE_DECOMMISSION_MONITOR_CLASS,
        PlacementBenchAccess.ScanAtOnceDecommissionMonitor.class, DatanodeAdminMonitorInterface.class);
    if (!contender.equals(ChooseTargetBenchmark.STOCK)) {
      conf.set(DFSConfigKeys.DFS_BLOCK_REPLICATOR_CLASSNAME_KEY, StrataKeys.PLACEMENT_POLICY_CLASS);
      conf.set(StrataKeys.SPEC_FILE, spec.toAbsolutePath().toString());
      conf.set(StrataKeys.RULES, "/=" + contender);
      // Rules are read from HDFS once, at the first placement (in the setup); no poller thread outlives the run.
      conf.setLong(StrataKeys.RULES_REFRESH_MS, 0);
    }
    DFSTestUtil.formatNameNode(conf);
    String what = round == 0 ? "warm-up (discarded): " + ChooseTargetJmh.label(contender)
        : "round " + round + ": " + ChooseTargetJmh.label(contender);
    log.printf("  %s ...%n", what);
    List<String> lines;
    long start = System.nanoTime();
    long workerCpuNanos;
    try (LogCapture capture = LogCapture.of(NNThroughputBenchmark.class.getName());
         WorkerCpu cpu = WorkerCpu.start()) {
      NNThroughputBenchmark.runBenchmark(conf, settings.arguments());
      lines = capture.lines();
      workerCpuNanos = cpu.stop();
    } finally {
      FileUtils.deleteQuietly(dir.toFile());
    }
    Run run = parse(contender, round, settings.op(), lines, workerCpuNanos);
    log.printf(Locale.ROOT, "  %s: %.1f %s (%d ops, %d blocks, %d ms timed, %.0f ms worker CPU; %.1f s with setup)%n",
        what, run.throughput(), settings.op().equals("replication") ? "blocks/s" : "reports/s", run.operations(),
        run.blocks(), run.elapsedMillis(), workerCpuNanos / 1e6, (System.nanoTime() - start) / 1e9);
    return run;
  }

  /** Reads the figures from the benchmark's {@code printResults} log lines. */
  static Run parse(String contender, int round, String op, List<String> lines, long workerCpuNanos) {
    Map<String, Double> stats = new LinkedHashMap<>();
    for (String line : lines) {
      Matcher m = STAT.matcher(line);
      if (m.matches()) {
        stats.put(m.group(1), Double.parseDouble(m.group(2)));
      }
    }
    Double elapsed = stats.get("Elapsed Time");
    Double ops = stats.get("# operations");
    if (elapsed == null || ops == null) {
      throw new IllegalStateException("NNThroughputBenchmark printed no results for " + contender
          + " (its log: " + lines + ")");
    }
    if (op.equals("replication")) {
      double blocks = stats.getOrDefault("pending replications", 0.0);
      if (blocks == 0) {
        throw new IllegalStateException("NNThroughputBenchmark re-replicated no block for " + contender
            + ": nothing about placement was timed (its log: " + lines + ")");
      }
      return new Run(contender, round, stats.getOrDefault("replications per sec", 0.0), elapsed.longValue(),
          ops.longValue(), (long) blocks, workerCpuNanos > 0 ? blocks / (workerCpuNanos / 1e9) : Double.NaN);
    }
    return new Run(contender, round, stats.getOrDefault("Ops per sec", 0.0), elapsed.longValue(), ops.longValue(),
        0, workerCpuNanos > 0 ? ops / (workerCpuNanos / 1e9) : Double.NaN);
  }

  /** The plugin's tiers for the benchmark's DISK-only DataNodes (the node listed is only there to define it). */
  static final String DISK_ONLY_SPEC = """
      # Generated by strata-bench for NNThroughputBenchmark: its simulated DataNodes have one DISK storage each.
      name: nnbench-disk-only
      tiers:
        - {name: hdd, storageType: DISK}
      racks:
        - name: /default-rack
          nodes:
            - host: nnbench
              volumes:
                - {device: hdd, capacity: 100MB}
      """;

  /**
   * The CPU time of the benchmark's worker threads ({@code StatsDaemon-N}, which make the timed NameNode calls; the
   * op's timing loop runs in them and nothing else does), for a figure that other work on the machine does not
   * skew. A thread's CPU time is cumulative, so it is found late without loss and read until it ends (every
   * millisecond; the last reading is at most 1 ms short).
   */
  static final class WorkerCpu implements AutoCloseable {
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final Map<Long, Long> cpuByThread = new ConcurrentHashMap<>();
    private final Thread poller;
    private volatile boolean stopped;

    private WorkerCpu() {
      poller = new Thread(this::poll, "strata-bench-worker-cpu");
      poller.setDaemon(true);
    }

    static WorkerCpu start() {
      WorkerCpu cpu = new WorkerCpu();
      cpu.poller.start();
      return cpu;
    }

    private void poll() {
      long lastScan = 0;
      while (!stopped) {
        long now = System.nanoTime();
        if (now - lastScan > 20_000_000L) { // look for new worker threads every 20 ms
          lastScan = now;
          for (ThreadInfo info : threads.getThreadInfo(threads.getAllThreadIds())) {
            if (info != null && info.getThreadName().startsWith("StatsDaemon-")) {
              cpuByThread.putIfAbsent(info.getThreadId(), 0L);
            }
          }
        }
        for (Map.Entry<Long, Long> e : cpuByThread.entrySet()) {
          long cpu = threads.getThreadCpuTime(e.getKey());
          if (cpu > 0) {
            e.setValue(cpu);
          }
        }
        try {
          Thread.sleep(1);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    /** Stops polling; returns the CPU nanoseconds of all worker threads seen. */
    long stop() {
      stopped = true;
      try {
        poller.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      return cpuByThread.values().stream().mapToLong(Long::longValue).sum();
    }

    @Override
    public void close() {
      stop();
    }
  }

  /**
   * Collects what one logger logs at INFO and above, while open; nothing of it reaches other appenders. The
   * appender is a separate object: log4j itself closes appenders (e.g. when a NameNode shuts down), which must
   * not detach the capture or restore the logger's level in the middle of a run.
   */
  static final class LogCapture implements AutoCloseable {
    private final Logger logger;
    private final Level level;
    private final boolean additive;
    private final List<String> lines = new CopyOnWriteArrayList<>();
    private final AppenderSkeleton appender = new AppenderSkeleton() {
      @Override
      protected void append(LoggingEvent event) {
        lines.add(event.getRenderedMessage());
      }

      @Override
      public boolean requiresLayout() {
        return false;
      }

      @Override
      public void close() {
        // log4j may close it; it keeps capturing until the capture is closed.
      }
    };

    private LogCapture(Logger logger) {
      this.logger = logger;
      this.level = logger.getLevel();
      this.additive = logger.getAdditivity();
    }

    static LogCapture of(String name) {
      LogCapture capture = new LogCapture(Logger.getLogger(name));
      capture.logger.setLevel(Level.INFO);
      capture.logger.setAdditivity(false);
      capture.logger.addAppender(capture.appender);
      return capture;
    }

    List<String> lines() {
      return List.copyOf(lines);
    }

    @Override
    public void close() {
      logger.removeAppender(appender);
      logger.setLevel(level);
      logger.setAdditivity(additive);
    }
  }
}
