package io.strata.bench.retrieval;

import io.strata.bench.placement.BenchLogging;
import io.strata.bench.placement.SyntheticCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.retrieval.StrataNetworkTopology;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.net.DFSNetworkTopology;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.DatanodeInfoWithStorage;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
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
 * The NameNode's part of {@code getBlockLocations} that a read-ordering plugin changes: sorting one block's replicas
 * for a reader ({@code DatanodeManager.sortLocatedBlock} calls the topology's {@code sortByDistance}), on a
 * {@link SyntheticCluster} (500 nodes, 20 racks, PCIe SSD / SATA SSD / HDD). Contenders: {@value #STOCK}, HDFS's
 * {@code DFSNetworkTopology} with {@code dfs.namenode.read.considerStorageType} and {@code considerLoad} both on
 * (the NameNode then sorts ties by load alone, see {@link #STOCK_BEST_SORT}); and the plugin,
 * {@code StrataNetworkTopology}, under each retrieval policy, given the same secondary sort.
 *
 * <p>Each call sorts a fresh copy of one block's three replicas (first on a random node, the other two together in
 * another rack, as HDFS places them; each on one of its node's storages) for a random DataNode reader; blocks and
 * readers follow one fixed sequence for every contender. Replicas carry the load their node's heartbeat reported.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 1)
public class SortLocationsBenchmark {
  /** The baseline: stock HDFS's own sort with its best read-ordering switches. */
  public static final String STOCK = "stock";

  /**
   * What {@code DatanodeManager.createSecondaryNodeSorter} hands the topology when both
   * {@code considerStorageType} and {@code considerLoad} are set: the load comparator replaces the storage type one
   * (Hadoop 3.4 logs that the storage type switch is ignored), so ties at one distance go to the fewest transfers.
   */
  static final Consumer<List<DatanodeInfoWithStorage>> STOCK_BEST_SORT = list -> list
      .sort(Comparator.comparingInt(DatanodeInfo::getXceiverCount));

  private static final int SEQUENCE = 1 << 12;
  private static final int CHECK_CALLS = 2_000;
  private static final long SEED = 20261128L;

  /** {@value #STOCK} or a retrieval policy name run by the plugin. */
  @Param({STOCK, "network", "rate-aware"})
  public String contender;

  /** System property of a forked benchmark JVM: the directory for each contender's calls and CPU time. */
  static final String CPU_REPORT_DIR = "strata.bench.sort-cpu-dir";

  private Path dir;
  private DFSNetworkTopology topology;
  private boolean measuring;
  private long iterationCalls;
  private long iterationCpu;
  private long measuredCalls;
  private long measuredCpuNanos;
  private DatanodeDescriptor[] readers;
  private DatanodeInfoWithStorage[][] blocks;
  private long next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    BenchLogging.quiet();
    dir = Files.createTempDirectory("strata-bench-sort-locations");
    List<SyntheticCluster.NodeLayout> layout = SyntheticCluster.layout(SyntheticCluster.DEFAULT_NODES,
        SyntheticCluster.DEFAULT_RACKS, true);
    Path spec = SyntheticCluster.writeSpec(layout, dir.resolve("cluster.yaml"));
    Map<String, String> conf = contender.equals(STOCK) ? Map.of()
        : Map.of(DFSConfigKeys.DFS_NET_TOPOLOGY_IMPL_KEY, StrataNetworkTopology.class.getName(),
            StrataKeys.SPEC_FILE, spec.toAbsolutePath().toString(), StrataKeys.RETRIEVAL_POLICY, contender);
    SyntheticCluster cluster = SyntheticCluster.build(layout, SEED, conf);
    topology = cluster.topology();
    if (!contender.equals(STOCK) && !(topology instanceof StrataNetworkTopology)) {
      throw new IllegalStateException(contender + ": the topology is " + topology.getClass().getName());
    }
    List<DatanodeDescriptor> nodes = cluster.nodes();
    Random random = new Random(SEED);
    readers = new DatanodeDescriptor[SEQUENCE];
    blocks = new DatanodeInfoWithStorage[SEQUENCE][];
    for (int i = 0; i < SEQUENCE; i++) {
      readers[i] = nodes.get(random.nextInt(nodes.size()));
      blocks[i] = block(nodes, random);
    }
    check();
  }

  /** Three replicas: one on a random node, two on distinct nodes of one other rack; each on a random storage. */
  private static DatanodeInfoWithStorage[] block(List<DatanodeDescriptor> nodes, Random random) {
    DatanodeDescriptor first = nodes.get(random.nextInt(nodes.size()));
    List<DatanodeDescriptor> other = new ArrayList<>();
    String otherRack;
    do {
      otherRack = nodes.get(random.nextInt(nodes.size())).getNetworkLocation();
    } while (otherRack.equals(first.getNetworkLocation()));
    for (DatanodeDescriptor node : nodes) {
      if (node.getNetworkLocation().equals(otherRack)) {
        other.add(node);
      }
    }
    DatanodeDescriptor second = other.remove(random.nextInt(other.size()));
    DatanodeDescriptor third = other.get(random.nextInt(other.size()));
    return new DatanodeInfoWithStorage[] {replica(first, random), replica(second, random), replica(third, random)};
  }

  private static DatanodeInfoWithStorage replica(DatanodeDescriptor node, Random random) {
    DatanodeStorageInfo[] storages = node.getStorageInfos();
    DatanodeStorageInfo storage = storages[random.nextInt(storages.length)];
    return new DatanodeInfoWithStorage(node, storage.getStorageID(), storage.getStorageType());
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    String cpuDir = System.getProperty(CPU_REPORT_DIR);
    if (cpuDir != null && measuredCpuNanos > 0) {
      Files.writeString(Path.of(cpuDir).resolve(contender + ".cpu"), measuredCalls + " " + measuredCpuNanos);
    }
    if (dir != null) {
      FileUtils.deleteQuietly(dir.toFile());
    }
  }

  /**
   * The benchmark thread's CPU time and calls per measurement iteration (iteration fixtures run on that thread
   * with one benchmark thread): the cost per call, which other work on a shared machine skews far less than the
   * wall-clock rate.
   */
  @Setup(Level.Iteration)
  public void startIteration(IterationParams params) {
    measuring = params.getType() == IterationType.MEASUREMENT;
    iterationCalls = next;
    iterationCpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
  }

  @TearDown(Level.Iteration)
  public void endIteration() {
    if (measuring) {
      measuredCalls += next - iterationCalls;
      measuredCpuNanos += ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - iterationCpu;
    }
  }

  @Benchmark
  public DatanodeInfoWithStorage[] sortLocations() {
    int i = (int) (next++ & (SEQUENCE - 1));
    DatanodeInfoWithStorage[] locations = blocks[i].clone();
    topology.sortByDistance(readers[i], locations, locations.length, STOCK_BEST_SORT);
    return locations;
  }

  /**
   * Sorts {@value #CHECK_CALLS} blocks before timing, refuses a contender whose result is not a permutation of the
   * replicas, and prints where its first replicas are, so each row shows what it did.
   */
  private void check() {
    int[] firstByDistance = new int[3];
    for (int call = 0; call < CHECK_CALLS; call++) {
      int i = (int) (next & (SEQUENCE - 1));
      DatanodeInfoWithStorage[] sorted = sortLocations();
      if (sorted.length != 3 || !new HashSet<>(List.of(sorted)).equals(new HashSet<>(List.of(blocks[i])))) {
        throw new IllegalStateException(contender + ": the sort lost or duplicated a replica");
      }
      DatanodeInfo first = sorted[0];
      firstByDistance[first.equals(readers[i]) ? 0
          : first.getNetworkLocation().equals(readers[i].getNetworkLocation()) ? 1 : 2]++;
    }
    next = 0;
    System.out.printf("[check] %s: %d blocks sorted; first replica node-local %.1f%%, rack-local %.1f%%, "
        + "remote %.1f%%%n", contender, CHECK_CALLS, 100.0 * firstByDistance[0] / CHECK_CALLS,
        100.0 * firstByDistance[1] / CHECK_CALLS, 100.0 * firstByDistance[2] / CHECK_CALLS);
  }
}
