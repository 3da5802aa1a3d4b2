package io.strata.bench.placement;

import com.sun.management.OperatingSystemMXBean;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.placement.PlacementMetrics;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockStoragePolicySuite;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * NameNode target choice for a new block, 3 replicas, default (HOT) storage policy, writer a random DataNode, on a
 * {@link SyntheticCluster} (500 nodes, 20 racks, PCIe SSD / SATA SSD / HDD tiers): stock
 * {@code BlockPlacementPolicyDefault} against the Strata plugin under one rule {@code /=POLICY}. Each contender is
 * one JMH trial with its own policy object over an identical cluster; {@link ChooseTargetJmh} runs them all in one
 * run and prints the ratios.
 *
 * <p>The call is the one the NameNode makes for {@code addBlock} ({@code FSDirWriteFileOp} passes a fresh
 * excluded-node set; {@code BlockPlacementPolicyDefault} turns the favored-node variant into this 9-argument call
 * when there are no favored nodes). Writers and file paths follow a fixed pseudo-random sequence, identical for
 * every contender; the paths cycle over 1024 files, so per-file state (block counters of {@code ratio}, per-file
 * tier choices of {@code tier-aware}) is exercised as over many files.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 2)
public class ChooseTargetBenchmark {
  /** The baseline: HDFS's own policy, not the plugin. */
  public static final String STOCK = "stock";
  /** Values of {@link #tiers}. */
  public static final String THREE_TIERS = "3-tier";
  public static final String DISK_ONLY = "disk-only";

  /** System property of a forked benchmark JVM: the directory for each contender's calls and CPU time. */
  static final String CPU_REPORT_DIR = "strata.bench.cpu-report-dir";

  static String cpuReportName(String contender) {
    return contender.replaceAll("[^A-Za-z0-9.-]", "_") + ".cpu";
  }

  static final int REPLICAS = 3;
  static final long BLOCK_SIZE = 128L << 20;
  static final long SEED = 20140526L;
  private static final int SEQUENCE = 1 << 12;
  private static final int FILES = 1 << 10;
  private static final int CHECK_CALLS = 2_000;
  private static final BlockStoragePolicy HOT = BlockStoragePolicySuite.createDefaultSuite().getDefaultPolicy();
  private static final EnumSet<AddBlockFlag> NO_FLAGS = EnumSet.noneOf(AddBlockFlag.class);

  /**
   * {@value #STOCK}, or a Strata policy name for the rule {@code /=POLICY} ({@code default} = pass-through).
   * {@code stock:SP} is stock HDFS with storage policy {@code SP} instead of HOT (e.g. {@code stock:ONE_SSD}), a
   * reference for what HDFS itself pays to find SSD nodes in a cluster where not every node has one.
   */
  @Param({STOCK, "default", "tier-aware", "hybrid", "ratio:0.5"})
  public String contender;

  @Param({"" + SyntheticCluster.DEFAULT_NODES})
  public int nodes;

  @Param({"" + SyntheticCluster.DEFAULT_RACKS})
  public int racks;

  /**
   * {@value #THREE_TIERS}: PCIe SSD / SATA SSD / HDD nodes; {@value #DISK_ONLY}: every node only a DISK storage and
   * the spec one tier {@code hdd}, where a Strata policy has no tier to choose and only its own per-call cost shows.
   */
  @Param({THREE_TIERS})
  public String tiers;

  private Path dir;
  private BlockPlacementPolicy policy;
  private BlockStoragePolicy storagePolicy;
  private DatanodeDescriptor[] writers;
  private String[] paths;
  private long next;
  private boolean measuring;
  private long iterationCalls;
  private long iterationCpu;
  private long measuredCalls;
  private long measuredCpuNanos;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BenchLogging.quiet();
    dir = Files.createTempDirectory("strata-bench-choose-target");
    if (!tiers.equals(THREE_TIERS) && !tiers.equals(DISK_ONLY)) {
      throw new IllegalArgumentException("tiers: " + THREE_TIERS + " or " + DISK_ONLY + ", not " + tiers);
    }
    List<SyntheticCluster.NodeLayout> layout = SyntheticCluster.layout(nodes, racks, tiers.equals(THREE_TIERS));
    Path spec = SyntheticCluster.writeSpec(layout, dir.resolve("cluster.yaml"));
    SyntheticCluster cluster = SyntheticCluster.build(layout, SEED);
    boolean stock = contender.equals(STOCK) || contender.startsWith(STOCK + ":");
    policy = stock ? cluster.stockPolicy() : cluster.strataPolicy(contender, spec);
    storagePolicy = HOT;
    if (contender.startsWith(STOCK + ":")) {
      storagePolicy = BlockStoragePolicySuite.createDefaultSuite().getPolicy(contender.substring(STOCK.length() + 1));
      if (storagePolicy == null) {
        throw new IllegalArgumentException("no storage policy " + contender.substring(STOCK.length() + 1));
      }
    }

    Random random = new Random(SEED);
    writers = new DatanodeDescriptor[SEQUENCE];
    paths = new String[SEQUENCE];
    for (int i = 0; i < SEQUENCE; i++) {
      writers[i] = cluster.nodes().get(random.nextInt(cluster.nodes().size()));
      paths[i] = String.format("/bench/data/file-%04d", random.nextInt(FILES));
    }
    check(SpecParser.parse(spec).tierMap());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    String cpuDir = System.getProperty(CPU_REPORT_DIR);
    if (cpuDir != null && measuredCpuNanos > 0) {
      Files.writeString(Path.of(cpuDir).resolve(cpuReportName(contender)), measuredCalls + " " + measuredCpuNanos);
    }
    if (dir != null) {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }

  /**
   * The process's CPU time (all threads: the benchmark, GC, JIT) and the calls made, per measurement iteration,
   * so that a contender's cost per call can be compared even when other work on the machine takes CPU away.
   */
  @Setup(Level.Iteration)
  public void startIteration(IterationParams params) {
    measuring = params.getType() == IterationType.MEASUREMENT;
    iterationCalls = next;
    iterationCpu = processCpuNanos();
  }

  @TearDown(Level.Iteration)
  public void endIteration() {
    if (measuring) {
      measuredCalls += next - iterationCalls;
      measuredCpuNanos += processCpuNanos() - iterationCpu;
    }
  }

  private static long processCpuNanos() {
    return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  @Benchmark
  public DatanodeStorageInfo[] chooseTarget() {
    int i = (int) (next++ & (SEQUENCE - 1));
    return policy.chooseTarget(paths[i], REPLICAS, writers[i], new ArrayList<>(REPLICAS), false,
        new HashSet<>(), BLOCK_SIZE, storagePolicy, NO_FLAGS);
  }

  /**
   * Places {@value #CHECK_CALLS} blocks before timing and refuses to time a policy that does not place a full,
   * rack-spread pipeline; prints where the replicas went, so each contender's row shows what it did.
   */
  private void check(TierMap tierMap) {
    PlacementMetrics metrics = PlacementMetrics.get();
    long placedBefore = metrics.placedBlocks();
    long completedBefore = metrics.defaultCompletions();
    long fallbacksBefore = metrics.fallbackReplicas();
    Map<String, Integer> perTier = new TreeMap<>();
    int writerLocal = 0;
    for (int call = 0; call < CHECK_CALLS; call++) {
      DatanodeDescriptor writer = writers[(int) (next & (SEQUENCE - 1))];
      DatanodeStorageInfo[] targets = chooseTarget();
      Set<Node> distinct = new HashSet<>();
      Set<String> rackSet = new HashSet<>();
      for (DatanodeStorageInfo target : targets) {
        DatanodeDescriptor node = target.getDatanodeDescriptor();
        distinct.add(node);
        rackSet.add(node.getNetworkLocation());
        perTier.merge(tierMap.tierName(node.getHostName(), StorageKind.valueOf(target.getStorageType().name()), null),
            1, Integer::sum);
      }
      if (targets.length != REPLICAS || distinct.size() != REPLICAS || rackSet.size() < 2) {
        throw new IllegalStateException(contender + ": a new block got " + targets.length + " targets on "
            + distinct.size() + " nodes in " + rackSet.size() + " racks; the benchmark needs a full pipeline");
      }
      if (targets[0].getDatanodeDescriptor() == writer) {
        writerLocal++;
      }
    }
    next = 0;
    System.out.printf("[check] %s: %d blocks placed, 3 nodes and >= 2 racks each; first replica on the writer %d%%;"
        + " replicas per tier %s; Strata-placed %d, completed by HDFS default %d, tier fallbacks %d%n",
        contender, CHECK_CALLS, writerLocal * 100 / CHECK_CALLS, perTier, metrics.placedBlocks() - placedBefore,
        metrics.defaultCompletions() - completedBefore, metrics.fallbackReplicas() - fallbacksBefore);
  }
}
