package io.strata.sim.engine;

import io.strata.sim.metrics.IntermediateStatistics;
import io.strata.sim.metrics.ReadStatistics;
import io.strata.sim.metrics.TrafficStatistics;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.FlowNetwork;
import io.strata.sim.model.SimCluster;
import io.strata.sim.power.BackupPower;

/**
 * What the parts of one run share: the modeled cluster and its files, the clock, and the counters transfers feed.
 *
 * @param blockSize HDFS block size, bytes
 * @param power     the run's power manager; null for runs without power settings
 * @param localDirs the intermediate I/O the run models on each node's local dirs
 * @param intermediate counts what that I/O moved
 */
record RunContext(SimCluster cluster, FlowNetwork network, FileStore store, EventClock clock, NodeTransfers transfers,
    ReadStatistics reads, TrafficStatistics traffic, long blockSize, BackupPower power, IntermediateIo localDirs,
    IntermediateStatistics intermediate) {
  double now() {
    return clock.now();
  }
}
