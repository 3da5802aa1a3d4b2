package io.strata.sim.bench;

import io.strata.sim.engine.SimConfig;
import io.strata.sim.engine.Simulator;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.scenario.ClusterSpecs;
import io.strata.sim.trace.TraceSource;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.util.Locale;

/**
 * The simulator's speed benchmark: the hats-500 cluster over the full one-day FB-2010 trace, one run per
 * placement/retrieval pair given (default: network/network), each timed, with the JVM's peak heap.
 *
 * <pre>java -cp ... io.strata.sim.bench.SimulatorBenchmark [placement/retrieval ...]</pre>
 */
public final class SimulatorBenchmark {
  private SimulatorBenchmark() {}

  public static void main(String[] args) {
    String[] pairs = args.length == 0 ? new String[] {"network/network"} : args;
    var spec = ClusterSpecs.parse("hats-500", ClusterSpecs.hats500());
    TraceSource trace = TraceSource.of("fb2010");
    for (String pair : pairs) {
      String[] parts = pair.split("/");
      SimConfig config = SimConfig.defaults(spec, trace, parts[0], parts[1]);
      long start = System.nanoTime();
      long cpuStart = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
      SimResult result = Simulator.run(config);
      double wall = (System.nanoTime() - start) / 1e9;
      double cpu = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpuStart) / 1e9;
      System.out.printf(Locale.ROOT, "%-24s jobs %d  maps %d  reduces %d  flows %d  peak flows %d  peak live blocks %d"
              + "  wall %.1f s  cpu %.1f s  (sim makespan %.0f s)%n",
          pair, result.jobs(), result.mapTasks(), result.reduceTasks(), result.performance().flows(),
          result.performance().peakFlows(), result.performance().peakLiveBlocks(), wall, cpu,
          result.time().makespanSeconds());
    }
    long peakHeap = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peakHeap += pool.getPeakUsage().getUsed();
      }
    }
    System.out.printf(Locale.ROOT, "peak heap %.0f MiB (max heap %.0f MiB)%n", peakHeap / 1048576.0,
        Runtime.getRuntime().maxMemory() / 1048576.0);
  }
}
