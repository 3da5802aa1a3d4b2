package io.strata.bench.sim;

import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.engine.Simulator;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.scenario.ClusterSpecs;
import io.strata.sim.trace.TraceSource;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The simulator's speed benchmark: the hats-500 cluster (500 nodes) over the full one-day FB-2010 trace (24,442
 * jobs), one run per placement/retrieval pair, each timed (wall and CPU time of the simulating thread), then the
 * JVM's peak heap. With {@code --memory}, one more untimed run of the first pair forces a GC every 2,560 jobs and
 * prints the heap still in use next to the blocks and files alive, to show what memory grows with.
 *
 * <pre>java -cp ... io.strata.bench.sim.SimulatorBenchmark [--memory] [placement/retrieval ...]</pre>
 */
public final class SimulatorBenchmark {
  private SimulatorBenchmark() {}

  public static void main(String[] args) {
    boolean memory = false;
    List<String> pairs = new ArrayList<>();
    for (String arg : args) {
      if (arg.equals("--memory")) {
        memory = true;
      } else {
        pairs.add(arg);
      }
    }
    if (pairs.isEmpty()) {
      pairs = List.of("network/network", "tier-aware/tier-weighted", "hybrid/hybrid", "hybrid/adaptive");
    }
    ClusterSpec spec = ClusterSpecs.parse("hats-500", ClusterSpecs.hats500());
    TraceSource trace = TraceSource.of("fb2010");
    System.out.printf(Locale.ROOT, "hats-500: %d nodes, trace %s (%d jobs), %d CPU cores, max heap %.0f MiB%n",
        spec.nodes().size(), trace.name(), trace.countJobs(), Runtime.getRuntime().availableProcessors(),
        Runtime.getRuntime().maxMemory() / 1048576.0);
    for (String pair : pairs) {
      SimConfig config = config(spec, trace, pair);
      long start = System.nanoTime();
      long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      SimResult result = Simulator.run(config);
      double wall = (System.nanoTime() - start) / 1e9;
      double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
      System.out.printf(Locale.ROOT, "%-24s wall %5.1f s  cpu %5.1f s | jobs %d, map tasks %d, reduce tasks %d, "
          + "flows %d (peak %d at once), peak live blocks %d%n",
          pair, wall, cpu, result.jobs(), result.mapTasks(), result.reduceTasks(), result.performance().flows(),
          result.performance().peakFlows(), result.performance().peakLiveBlocks());
    }
    System.out.printf(Locale.ROOT, "peak heap used (all pools, garbage included): %.0f MiB%n", peakHeap() / 1048576.0);
    if (memory) {
      memoryProfile(config(spec, trace, pairs.get(0)));
    }
  }

  private static SimConfig config(ClusterSpec spec, TraceSource trace, String pair) {
    String[] parts = pair.split("/");
    if (parts.length != 2) {
      throw new IllegalArgumentException("expected PLACEMENT/RETRIEVAL, got '" + pair + "'");
    }
    return SimConfig.builder(spec, trace, parts[0], parts[1]).build();
  }

  private static void memoryProfile(SimConfig config) {
    System.out.println("memory after a full GC, every 2,560 jobs (" + config.label() + "):");
    System.out.println("     jobs  live blocks    files  flows  heap in use");
    Simulator.run(config, new Simulator.Progress() {
      @Override
      public void jobsAdmitted(long admitted) {}

      @Override
      public void state(long admitted, long liveBlocks, long files, int flows) {
        if (admitted % 2560 == 0) {
          System.gc();
          Runtime rt = Runtime.getRuntime();
          System.out.printf(Locale.ROOT, "%9d %12d %8d %6d %8.0f MiB%n", admitted, liveBlocks, files, flows,
              (rt.totalMemory() - rt.freeMemory()) / 1048576.0);
        }
      }
    });
  }

  private static long peakHeap() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak;
  }
}
