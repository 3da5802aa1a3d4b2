package io.strata.sim.engine;

import io.strata.sim.model.SimFile;

/**
 * A map task: reads its input block (if the job has input), then writes its share of the shuffle to its node's
 * local dir ({@link LocalDirIo}), or in a map-only job its share of the output to HDFS.
 */
final class MapTask {
  private final RunContext run;
  private final BlockReader reader;
  private final JobRun job;
  private final int task;
  private final int node;
  private final Runnable done;

  MapTask(RunContext run, BlockReader reader, JobRun job, int task, int node, Runnable done) {
    this.run = run;
    this.reader = reader;
    this.job = job;
    this.task = task;
    this.node = node;
    this.done = done;
  }

  void start() {
    long blockSize = run.blockSize();
    long bytes = job.input == null ? 0 : Math.min(blockSize, job.inputBytes - (long) task * blockSize);
    if (bytes <= 0) {
      run.clock().atOnce(this::readDone);
      return;
    }
    reader.read(job.input, task, node, bytes, task >= job.firstReadFrom, () -> {
      if (run.power() != null) {
        run.power().mapReadDone(job.sequence, job.input, task, bytes);
      }
      readDone();
    });
  }

  private void readDone() {
    if (job.reducers > 0) {
      long key = ~((long) job.sequence << 32 | (task & 0xFFFFFFFFL));
      LocalDirIo.writeMapOutput(run, node, JobRun.share(job.shuffleBytes, job.maps, task), key, done);
      return;
    }
    long output = job.reducers == 0 ? JobRun.share(job.outputBytes, job.maps, task) : 0;
    if (output > 0) {
      SimFile file = run.store().createOutput("/out/" + job.sequence + "-" + job.trace.id() + "/m-" + task, run.now());
      new BlockWriter(run, file, output, node, done).next();
    } else {
      done.run();
    }
  }
}
