package io.strata.sim.engine;

import io.strata.core.energy.WakeCause;
import io.strata.sim.model.FlowNetwork;
import io.strata.sim.model.SimCluster;
import io.strata.sim.model.SimFile;
import io.strata.sim.power.BackupPower;

/**
 * Writes bytes into a new file, one block at a time, each through its own HDFS pipeline to the targets the
 * placement policy chose with the task's node as writer.
 */
final class BlockWriter implements FlowNetwork.Listener {
  private final RunContext run;
  private final SimFile file;
  private final int writer;
  private final Runnable done;
  private long remaining;
  private int[] targets = new int[0];
  private int targetCount;
  private int[] managedDevices = new int[0];
  private int managedCount;

  BlockWriter(RunContext run, SimFile file, long bytes, int writer, Runnable done) {
    this.run = run;
    this.file = file;
    this.remaining = bytes;
    this.writer = writer;
    this.done = done;
  }

  void next() {
    if (remaining <= 0) {
      file.unpin();
      done.run();
      return;
    }
    long bytes = Math.min(run.blockSize(), remaining);
    remaining -= bytes;
    int block = run.store().appendBlock(file, bytes, writer, run.now());
    int[] nodes = new int[file.replication()];
    int[] tiers = new int[file.replication()];
    targetCount = 0;
    for (int s = 0; s < file.replication(); s++) {
      int packed = file.replica(block, s);
      if (packed != -1) {
        nodes[targetCount] = SimFile.node(packed);
        tiers[targetCount++] = SimFile.tier(packed);
      }
    }
    if (targetCount == 0) {
      run.clock().atOnce(this::next); // no room anywhere: the block is lost, as a failed write would be
      return;
    }
    targets = nodes;
    SimCluster cluster = run.cluster();
    int from = writer;
    for (int i = 0; i < targetCount; i++) {
      int to = nodes[i];
      if (from != to) {
        run.traffic().written(bytes, cluster.rack(from) != cluster.rack(to));
      }
      from = to;
    }
    run.transfers().begin(writer);
    for (int i = 0; i < targetCount; i++) {
      if (nodes[i] != writer) {
        run.transfers().begin(nodes[i]);
      }
    }
    int[] path = cluster.writePath(writer, nodes, tiers, targetCount, file.blockKey(block));
    BackupPower power = run.power();
    if (power == null) {
      run.network().start(run.now(), bytes, true, path, this);
      return;
    }
    double wait = 0;
    int managed = 0;
    managedDevices = new int[targetCount];
    for (int i = 0; i < targetCount; i++) {
      int device = cluster.device(nodes[i], tiers[i], file.blockKey(block));
      if (power.manages(device)) {
        managedDevices[managed++] = device;
        wait = Math.max(wait, power.ioStarted(device, run.now(), WakeCause.WRITE));
      }
    }
    managedCount = managed;
    if (wait > 0) {
      // The pipeline waits for the slowest backup disk to spin up, as a DataNode's write blocks on its disk.
      power.schedule(run.now() + wait, () -> run.network().start(run.now(), bytes, true, path, this));
    } else {
      run.network().start(run.now(), bytes, true, path, this);
    }
  }

  @Override
  public void finished(FlowNetwork.Flow flow, double at) {
    for (int i = 0; i < managedCount; i++) {
      run.power().ioFinished(managedDevices[i], at);
    }
    managedCount = 0;
    run.transfers().end(writer);
    for (int i = 0; i < targetCount; i++) {
      if (targets[i] != writer) {
        run.transfers().end(targets[i]);
      }
    }
    next();
  }
}
