package io.strata.sim.engine;

import io.strata.sim.metrics.JobStatistics;
import io.strata.sim.model.SimFile;
import io.strata.sim.trace.TraceJob;
import java.util.ArrayDeque;
import java.util.SplittableRandom;

/**
 * Hadoop 1's FIFO scheduling: admits the trace's jobs, gives their maps free map slots in job order (node-local
 * first, then rack-local, then any; no delay scheduling), their reducers free reduce slots drawn at random once all
 * maps are done, and sees each job to its end.
 */
final class JobScheduler {
  private final RunContext run;
  private final SimConfig config;
  private final double byteScale;
  private final TaskSlots slots;
  private final SplittableRandom random;
  private final InputPaths inputPaths;
  private final BlockReader reader;
  private final PopularityFeed popularity;
  private final JobStatistics statistics;
  private final ArrayDeque<JobRun> mapQueue = new ArrayDeque<>();
  private final ArrayDeque<JobRun> reduceQueue = new ArrayDeque<>();
  private long jobsRunning;
  private long jobSequence;

  JobScheduler(RunContext run, SimConfig config, SplittableRandom random, InputPaths inputPaths, BlockReader reader,
      PopularityFeed popularity, JobStatistics statistics) {
    this.run = run;
    this.config = config;
    this.byteScale = config.effectiveByteScale();
    this.slots = new TaskSlots(run.cluster(), config.mapSlots(), config.reduceSlots());
    this.random = random;
    this.inputPaths = inputPaths;
    this.reader = reader;
    this.popularity = popularity;
    this.statistics = statistics;
  }

  boolean jobsRunning() {
    return jobsRunning > 0;
  }

  /** Fails if a job is still waiting for slots when nothing is left to happen. */
  void checkDrained() {
    if (!mapQueue.isEmpty() || !reduceQueue.isEmpty()) {
      throw new IllegalStateException("simulation ended with jobs still queued: " + mapQueue.size() + " map, "
          + reduceQueue.size() + " reduce");
    }
  }

  void admit(TraceJob trace) {
    double now = run.now();
    statistics.submitted(now);
    JobRun job = new JobRun(trace, jobSequence++, now, config, byteScale, run.cluster());
    jobsRunning++;
    if (job.inputBytes > 0) {
      job.input = run.store().input(inputPaths.pathFor(trace), job.inputBytes, now);
      job.input.pin();
      job.firstReadFrom = job.input.blocksEverRead();
      job.input.readUpTo(job.maps);
      popularity.accessed(job.input, job.inputBytes, job.maps, now);
    }
    if (run.power() != null) {
      run.power().jobAdmitted(job.sequence, job.input, job.maps, job.inputBytes, run.blockSize(),
          job.outputBytes > 0 && config.replication() > 1);
    }
    if (mapQueue.isEmpty()) {
      for (int task = 0; task < job.maps && slots.anyMapFree(); task++) {
        startMap(job, task, nodeFor(job, task));
      }
    }
    if (job.pendingMaps > 0) {
      mapQueue.add(job);
    }
  }

  /** A free node for a task of a job that just arrived: one holding its block, else in such a node's rack. */
  private int nodeFor(JobRun job, int task) {
    if (job.input != null) {
      int holders = 0;
      int[] local = new int[job.input.replication()];
      int racks = 0;
      int[] rackChoices = new int[job.input.replication()];
      for (int s = 0; s < job.input.replication(); s++) {
        int packed = job.input.replica(task, s);
        if (packed == -1) {
          continue;
        }
        int node = SimFile.node(packed);
        if (slots.mapFree(node)) {
          local[holders++] = node;
        }
        if (slots.mapFreeInRack(run.cluster().rack(node))) {
          rackChoices[racks++] = run.cluster().rack(node);
        }
      }
      if (holders > 0) {
        return local[random.nextInt(holders)];
      }
      if (racks > 0) {
        return slots.randomMapNodeInRack(rackChoices[random.nextInt(racks)], random);
      }
    }
    return slots.randomMapNode(random);
  }

  private void startMap(JobRun job, int task, int node) {
    job.markStarted(task);
    slots.takeMap(node);
    statistics.mapStarted();
    job.shuffleSources[task % job.shuffleSources.length] = node;
    new MapTask(run, reader, job, task, node, () -> mapDone(job, node)).start();
  }

  private void mapDone(JobRun job, int node) {
    job.mapsDone++;
    if (job.mapsDone == job.maps) {
      job.mapsFinished = run.now();
      if (job.reducers > 0) {
        reduceQueue.add(job);
        serveReduces();
      } else {
        jobDone(job);
      }
    }
    slots.freeMap(node);
    serveMaps(node);
  }

  /** Gives the free map slots of {@code node} to the waiting jobs' tasks, first job first. */
  private void serveMaps(int node) {
    while (slots.mapFree(node) && !mapQueue.isEmpty()) {
      JobRun job = mapQueue.peek();
      int task = job.take(node);
      startMap(job, task, node);
      if (job.pendingMaps == 0) {
        mapQueue.poll();
      }
    }
  }

  private void serveReduces() {
    while (!reduceQueue.isEmpty() && slots.anyReduceFree()) {
      JobRun job = reduceQueue.peek();
      int node = slots.takeRandomReduce(random);
      int index = job.reducesStarted++;
      if (job.reducesStarted == job.reducers) {
        reduceQueue.poll();
      }
      statistics.reduceStarted();
      new ReduceTask(run, job, index, node, () -> reduceDone(job, node)).start();
    }
  }

  private void reduceDone(JobRun job, int node) {
    slots.freeReduce(node);
    if (++job.reducesDone == job.reducers) {
      jobDone(job);
    }
    serveReduces();
  }

  private void jobDone(JobRun job) {
    double now = run.now();
    statistics.finished(job.submitted, job.mapsFinished, now);
    jobsRunning--;
    if (run.power() != null) {
      run.power().jobDone(job.sequence);
    }
    if (job.input != null) {
      // Used before unpinned, so the file rejoins its tiers' eviction order at the end, where a use puts it.
      run.store().touch(job.input, now);
      job.input.unpin();
    }
  }
}
