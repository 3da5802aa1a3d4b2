package io.strata.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.spec.SpecParser;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Equal-share bandwidth on a hand-made cluster, against finish times worked out by hand. Disks read 100 MB/s and
 * write 50 MB/s; NICs carry 100 MB/s (0.8 Gbps) each way; rack uplinks 50 MB/s (0.4 Gbps). Nodes a and b are in
 * rack /r1, c (two disks) in /r2.
 */
class BandwidthSharingTest {
  static final String SPEC = """
      name: tiny
      devices:
        - {name: disk100, storageType: DISK, readMBps: 100, writeMBps: 50, iops: 100, activeWatts: 10, idleWatts: 5}
      network: {nicGbps: 0.8, rackUplinkGbps: 0.4}
      racks:
        - name: /r1
          nodes:
            - host: a
              volumes: [{device: disk100, capacity: 10GB}]
            - host: b
              volumes: [{device: disk100, capacity: 10GB}]
        - name: /r2
          nodes:
            - host: c
              volumes: [{device: disk100, capacity: 10GB}, {device: disk100, capacity: 10GB}]
      """;
  static final long MB = 1_000_000;
  static final int A = 0;
  static final int B = 1;
  static final int C = 2;
  static final int DISK = 0;

  private final SimCluster cluster = new SimCluster(SpecParser.parse("tiny", SPEC));
  private final FlowNetwork network = cluster.network();
  private final Map<String, Double> finished = new LinkedHashMap<>();
  private final List<Object[]> pending = new ArrayList<>();

  /** Schedules a flow to start at {@code time}. */
  private void at(double time, String name, long bytes, boolean write, int[] path) {
    pending.add(new Object[] {time, name, bytes, write, path});
  }

  /** Runs every scheduled flow to completion, starting each at its time. */
  private Map<String, Double> run() {
    pending.sort((x, y) -> Double.compare((double) x[0], (double) y[0]));
    for (Object[] start : pending) {
      double time = (double) start[0];
      while (network.nextFinish() <= time) {
        network.finishNext();
      }
      String name = (String) start[1];
      network.start(time, (long) start[2], (boolean) start[3], (int[]) start[4],
          (flow, now) -> finished.put(name, now));
    }
    while (network.activeFlows() > 0) {
      network.finishNext();
    }
    return finished;
  }

  private static void assertTime(double expected, double actual, String what) {
    assertEquals(expected, actual, 1e-9, what);
  }

  @Test
  void twoReadsOfOneDiskShareItEqually() {
    at(0, "x", 100 * MB, false, cluster.readPath(A, DISK, A, 0));
    at(0, "y", 100 * MB, false, cluster.readPath(A, DISK, A, 0));
    run();
    assertTime(2.0, finished.get("x"), "100 MB at 50 MB/s");
    assertTime(2.0, finished.get("y"), "100 MB at 50 MB/s");
    assertTime(2.0, network.busyDeviceSeconds(cluster.device(A, DISK, 0), 2.0), "one disk busy for 2 s");
    assertTime(0.0, network.busyDeviceSeconds(cluster.device(B, DISK, 0), 2.0), "b idle");
  }

  @Test
  void aLateFlowSlowsTheFirstAndItSpeedsUpWhenTheLateOneEnds() {
    at(0, "long", 250 * MB, false, cluster.readPath(A, DISK, A, 0));
    at(1, "short", 100 * MB, false, cluster.readPath(A, DISK, A, 0));
    run();
    // 0-1 s: long alone at 100 MB/s (100 MB). 1-3 s: both at 50 MB/s; short done. 3-3.5 s: long's last 50 MB.
    assertTime(3.0, finished.get("short"), "short");
    assertTime(3.5, finished.get("long"), "long");
  }

  @Test
  void crossRackReadsShareTheOversubscribedUplink() {
    at(0, "a->c", 100 * MB, false, cluster.readPath(A, DISK, C, 0));
    at(0, "b->c", 100 * MB, false, cluster.readPath(B, DISK, C, 0));
    at(0, "a->b", 100 * MB, false, cluster.readPath(A, DISK, B, 0));
    run();
    // Uplink /r1 (50 MB/s) carries two flows: 25 MB/s each, 4 s. a->b stays in the rack: a's disk and NIC give
    // it 50 MB/s while a->c runs (2 flows each), so 2 s.
    assertTime(4.0, finished.get("a->c"), "a->c");
    assertTime(4.0, finished.get("b->c"), "b->c");
    assertTime(2.0, finished.get("a->b"), "a->b");
  }

  @Test
  void aTierOfTwoDisksServesTwiceAsManyFlowsButEachAtOneDisksRate() {
    at(0, "solo", 100 * MB, false, cluster.readPath(C, DISK, C, 0));
    run();
    assertTime(1.0, finished.get("solo"), "one flow gets one disk: 100 MB/s, not 200");
    finished.clear();
    pending.clear();
    for (int i = 0; i < 3; i++) {
      at(10, "f" + i, 100 * MB, false, cluster.readPath(C, DISK, C, 0));
    }
    run();
    for (int i = 0; i < 3; i++) {
      assertTime(11.5, finished.get("f" + i), "three flows share 200 MB/s: 66.7 MB/s each");
    }
  }

  @Test
  void aWritePipelineMovesAtItsSlowestHopAndSharesDeviceTimeWithReads() {
    int[] pipeline = cluster.writePath(A, new int[] {A, B, C}, new int[] {DISK, DISK, DISK}, 3, 0);
    at(0, "pipeline", 100 * MB, true, pipeline);
    at(0, "read b", 100 * MB, false, cluster.readPath(B, DISK, B, 0));
    run();
    // b's disk is time-shared: the read gets half its 100 MB/s, the pipeline half of the 50 MB/s write rate.
    // At 2 s the read is done and the pipeline has 50 MB left, now at 50 MB/s (disk write and the uplink).
    assertTime(2.0, finished.get("read b"), "read");
    assertTime(3.0, finished.get("pipeline"), "pipeline");
  }
}
