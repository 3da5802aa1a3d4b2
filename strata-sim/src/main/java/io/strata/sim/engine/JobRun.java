package io.strata.sim.engine;

import io.strata.sim.model.SimCluster;
import io.strata.sim.model.SimFile;
import io.strata.sim.trace.TraceJob;
import java.util.BitSet;

/** A job in flight: its sizes after the byte scale, its tasks' progress, and which pending map reads where. */
final class JobRun {
  final TraceJob trace;
  final long sequence;
  final double submitted;
  final long inputBytes;
  final long shuffleBytes;
  final long outputBytes;
  final int maps;
  final int reducers;
  /** Per map task, modulo its length: the node that ran it, where reducers fetch their shuffle share from. */
  final int[] shuffleSources;
  final BitSet started;
  SimFile input;
  /** Maps from this index on read a block no job read before. */
  int firstReadFrom;
  int pendingMaps;
  int mapsDone;
  int reducesStarted;
  int reducesDone;
  double mapsFinished;
  private final SimCluster cluster;
  private IntStack[] byNode;
  private IntStack[] byRack;
  private int anyCursor;

  JobRun(TraceJob trace, long sequence, double submitted, SimConfig config, double byteScale, SimCluster cluster) {
    this.trace = trace;
    this.sequence = sequence;
    this.submitted = submitted;
    this.cluster = cluster;
    long blockSize = config.blockSize();
    inputBytes = Math.round(trace.inputBytes() * byteScale);
    shuffleBytes = Math.round(trace.shuffleBytes() * byteScale);
    outputBytes = Math.round(trace.outputBytes() * byteScale);
    maps = inputBytes > 0 ? (int) ((inputBytes + blockSize - 1) / blockSize) : 1;
    reducers = shuffleBytes > 0
        ? (int) Math.min(config.maxReducers(),
            Math.max(1, (shuffleBytes + config.bytesPerReducer() - 1) / config.bytesPerReducer()))
        : 0;
    shuffleSources = new int[Math.max(1, Math.min(maps, Math.max(reducers, ReduceTask.PARALLEL_COPIES)))];
    started = new BitSet(maps);
    pendingMaps = maps;
  }

  /** The share of {@code total} that part {@code index} of {@code parts} gets (remainder spread over the first). */
  static long share(long total, int parts, int index) {
    return total / parts + (index < total % parts ? 1 : 0);
  }

  void markStarted(int task) {
    started.set(task);
    pendingMaps--;
  }

  /** A pending task for a free slot on {@code node}: node-local, else rack-local, else the first pending. */
  int take(int node) {
    if (input != null) {
      if (byNode == null) {
        index();
      }
      int task = pop(byNode[node]);
      if (task < 0) {
        task = pop(byRack[cluster.rack(node)]);
      }
      if (task >= 0) {
        return task;
      }
    }
    anyCursor = started.nextClearBit(anyCursor);
    return anyCursor;
  }

  private int pop(IntStack stack) {
    while (stack != null && !stack.isEmpty()) {
      int task = stack.pop();
      if (!started.get(task)) {
        return task;
      }
    }
    return -1;
  }

  /** Which pending tasks have a replica on each node and in each rack, built when the job first waits. */
  private void index() {
    byNode = new IntStack[cluster.nodeCount()];
    byRack = new IntStack[cluster.rackCount()];
    for (int task = maps - 1; task >= 0; task--) {
      if (started.get(task)) {
        continue;
      }
      for (int s = 0; s < input.replication(); s++) {
        int packed = input.replica(task, s);
        if (packed == -1) {
          continue;
        }
        int node = SimFile.node(packed);
        int rack = cluster.rack(node);
        (byNode[node] == null ? byNode[node] = new IntStack() : byNode[node]).push(task);
        (byRack[rack] == null ? byRack[rack] = new IntStack() : byRack[rack]).push(task);
      }
    }
  }
}
