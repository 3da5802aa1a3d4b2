package io.strata.sim.engine;

import io.strata.sim.model.SimCluster;
import io.strata.sim.model.SimFile;

/**
 * A reduce task: fetches its share of the shuffle from the job's map nodes, merges it on its node's local dir and
 * writes its share of the output ({@link LocalDirIo} says which of that intermediate I/O is modeled).
 */
final class ReduceTask {
  /** Map nodes a reducer fetches from at once: Hadoop's default {@code mapreduce.reduce.shuffle.parallelcopies}. */
  static final int PARALLEL_COPIES = 5;

  private final RunContext run;
  private final JobRun job;
  private final int index;
  private final int node;
  private final Runnable done;
  private int fetching;

  ReduceTask(RunContext run, JobRun job, int index, int node, Runnable done) {
    this.run = run;
    this.job = job;
    this.index = index;
    this.node = node;
    this.done = done;
  }

  /**
   * Fetches the reducer's share of the shuffle from up to {@link #PARALLEL_COPIES} map nodes at once: reducer r
   * takes an equal part from each of the map nodes recorded in slots r, r+1, ... of the job's shuffle sources.
   * Intermediate data sits on each map node's intermediate tier; the reducer reads one segment of each map's
   * output, so a fetch covering a share of the maps positions that many times first ({@link LocalDirIo}).
   */
  void start() {
    long bytes = JobRun.share(job.shuffleBytes, job.reducers, index);
    if (bytes <= 0) {
      run.clock().atOnce(this::shuffled);
      return;
    }
    SimCluster cluster = run.cluster();
    int sources = job.shuffleSources.length;
    int copies = (int) Math.min(Math.min(PARALLEL_COPIES, sources), bytes);
    fetching = copies;
    for (int c = 0; c < copies; c++) {
      int source = job.shuffleSources[(index + c) % sources];
      long part = JobRun.share(bytes, copies, c);
      if (source != node) {
        run.traffic().shuffled(part, cluster.rack(source) != cluster.rack(node));
      }
      long key = intermediateKey(c);
      long segments = Math.min(part, JobRun.share(job.maps, copies, c));
      LocalDirIo.fetchPositioning(run, source, part, segments, key, () -> {
        run.transfers().begin(source, node);
        run.network().start(run.now(), part, false,
            cluster.readPath(source, cluster.intermediateTier(source), node, key),
            (flow, at) -> {
              run.transfers().end(source, node);
              if (--fetching == 0) {
                shuffled();
              }
            });
      });
    }
  }

  /**
   * Stands for the intermediate data fetch {@code copy} of this reduce reads, so the per-volume model spreads a
   * job's map outputs over a node's volumes as MapReduce's local-directory allocator does.
   */
  private long intermediateKey(int copy) {
    return (long) job.sequence << 32 | ((index + copy) & 0xFFFFFFFFL);
  }

  private void shuffled() {
    long fetched = JobRun.share(job.shuffleBytes, job.reducers, index);
    long mergeKey = (long) job.sequence << 32 | 0x80000000L | (index & 0x7FFFFFFFL);
    LocalDirIo.mergeAndReduce(run, node, fetched, mergeKey, this::writeOutput, done);
  }

  private void writeOutput(Runnable finished) {
    long output = JobRun.share(job.outputBytes, job.reducers, index);
    if (output > 0) {
      SimFile file = run.store().createOutput("/out/" + job.sequence + "-" + job.trace.id() + "/part-" + index,
          run.now());
      new BlockWriter(run, file, output, node, finished).next();
    } else {
      finished.run();
    }
  }
}
