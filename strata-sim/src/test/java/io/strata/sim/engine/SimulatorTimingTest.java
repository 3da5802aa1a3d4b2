package io.strata.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.trace.TraceSource;
import org.junit.jupiter.api.Test;

/** Whole jobs on a one-node cluster, against times worked out by hand (disk: 100 MB/s read, 50 MB/s write). */
class SimulatorTimingTest {
  static final ClusterSpec ONE_NODE = SpecParser.parse("one", """
      name: one
      devices:
        - {name: disk100, storageType: DISK, readMBps: 100, writeMBps: 50, iops: 100, activeWatts: 10, idleWatts: 5}
      racks:
        - name: /r1
          nodes:
            - host: a
              volumes: [{device: disk100, capacity: 10GB}]
      """);

  private static SimResult run(int mapSlots, String trace) {
    SimConfig config = SimConfig.builder(ONE_NODE, TraceSource.ofText("t", trace), "network", "network")
        .blockSize(64_000_000).replication(1).slots(mapSlots, 1).byteScale(1.0)
        .capacityRule(CapacityRule.FALLBACK).build();
    return Simulator.run(config);
  }

  @Test
  void twoMapsShareTheDiskOrRunOneAfterTheOther() {
    String oneJob = "j\t0\t0\t128000000\t0\t0\n"; // two 64 MB blocks
    SimResult parallel = run(2, oneJob);
    assertEquals(2, parallel.mapTasks());
    assertEquals(1.28, parallel.time().totalJobSeconds(), 1e-9, "both at 50 MB/s");
    assertEquals(50, parallel.io().avgRateMBps(), 1e-9);
    assertEquals(50, parallel.io().throughputMBps(), 1e-9);

    SimResult serial = run(1, oneJob);
    assertEquals(1.28, serial.time().totalJobSeconds(), 1e-9, "0.64 s each, one after the other");
    assertEquals(100, serial.io().avgRateMBps(), 1e-9);
    assertEquals(1.0, serial.io().shareByLocality().get("node-local"), 1e-12);
  }

  @Test
  void mapOnlyOutputIsWrittenAfterTheReadsAndQueuedJobsWaitForSlots() {
    // Job j: 2 maps read 64 MB each together (1.28 s), then each writes 25 MB at 25 MB/s (1 s): done at 2.28 s.
    // Job k arrives at 1 s with one 64 MB map: no slot until 2.28 s, then reads alone (0.64 s): done at 2.92 s.
    SimResult r = run(2, "j\t0\t0\t128000000\t0\t50000000\tpj\t\t\nk\t1\t1\t64000000\t0\t0\tpk\t\t\n");
    assertEquals(2, r.jobs());
    assertEquals(2.28 + (2.92 - 1), r.time().totalJobSeconds(), 1e-9);
    assertEquals(2.92, r.time().makespanSeconds(), 1e-9);
    assertEquals(50_000_000 + 3 * 64_000_000L, r.storage().bytes(), "replica bytes: output plus input files");
    assertEquals(0, r.network().bytes(), "one node: nothing crosses the network");
  }

  @Test
  void reducersFetchTheShuffleInParallelFromTheMapNodesDisks() {
    // Ten 64 MB maps on two slots: five rounds of two reads at 50 MB/s, 1.28 s each (6.4 s). One reducer then
    // fetches 50 MB in five parallel parts of 10 MB, all from the same disk at 100 MB/s in total: 0.5 s.
    SimResult r = run(2, "j\t0\t0\t640000000\t50000000\t0\tp\t\t\n");
    assertEquals(10, r.mapTasks());
    assertEquals(1, r.reduceTasks());
    assertEquals(6.9, r.time().totalJobSeconds(), 1e-9);
    assertEquals(0, r.network().shuffleBytes(), "the reducer runs on the map node");
  }

  @Test
  void readsThatMeetAnotherReadOfTheirBlockAreCounted() {
    // Jobs j and k read the same 64 MB block of path p at once; job m reads path q's block alongside them.
    SimResult shared = run(3, "j\t0\t0\t64000000\t0\t0\tp\t\t\nk\t0\t0\t64000000\t0\t0\tp\t\t\n"
        + "m\t0\t0\t64000000\t0\t0\tq\t\t\n");
    assertEquals(1.0 / 3, shared.io().sharedBlockReadShare(), 1e-12, "k's read met j's");
    // The same two reads of p one after the other (k arrives after j's read ended) never meet.
    SimResult apart = run(3, "j\t0\t0\t64000000\t0\t0\tp\t\t\nk\t5\t5\t64000000\t0\t0\tp\t\t\n");
    assertEquals(0, apart.io().sharedBlockReadShare(), 1e-12);
  }

  @Test
  void firstReadsAreCountedAndBoundWhatReplicationCanGive() {
    // Two slots. Job j reads path p's two blocks first, together at 50 MB/s (2 x 1.28 s). Jobs k and l read them
    // again at 5 s: four maps, two at a time at 50 MB/s (4 x 1.28 s). 384 MB in 7.68 s of reads: 50 MB/s.
    SimResult r = run(2, "j\t0\t0\t128000000\t0\t0\tp\t\t\nk\t5\t5\t128000000\t0\t0\tp\t\t\n"
        + "l\t5\t0\t128000000\t0\t0\tp\t\t\n");
    assertEquals(50, r.io().throughputMBps(), 1e-9);
    assertEquals(1.0 / 3, r.io().firstReadShare(), 1e-12, "j's 128 of 384 MB");
    assertEquals(50, r.io().firstReadThroughputMBps(), 1e-9);
    // The re-reads at the disk's full 100 MB/s would take 2.56 s: 384 MB in 2.56 + 2.56 s.
    assertEquals(75, r.io().rereadCeilingMBps(), 1e-9);

    // One slot, so every read runs at 100 MB/s. j reads p's first block; m reads three: its first is a re-read,
    // the other two were never read. 3 of 4 blocks read are first reads; nothing is left to gain.
    SimResult longer = run(1, "j\t0\t0\t64000000\t0\t0\tp\t\t\nm\t5\t5\t192000000\t0\t0\tp\t\t\n");
    assertEquals(0.75, longer.io().firstReadShare(), 1e-12);
    assertEquals(100, longer.io().firstReadThroughputMBps(), 1e-9);
    assertEquals(100, longer.io().rereadCeilingMBps(), 1e-9);
    assertEquals(longer.io().throughputMBps(), longer.io().rereadCeilingMBps(), 1e-9);
  }
}
