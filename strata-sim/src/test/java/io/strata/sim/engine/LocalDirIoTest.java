package io.strata.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.trace.TraceSource;
import org.junit.jupiter.api.Test;

/**
 * One sort-like job (16 maps of 64 MB, 2 GB of shuffle, 2 reducers) on three nodes of one SSD and one HDD: which
 * bytes intermediate data writes and reads, on which tier, under each intermediate I/O model.
 */
class LocalDirIoTest {
  static final String SPEC = """
      name: three-hybrid
      network: {nicGbps: 10, rackUplinkGbps: 20}
      tiers:
        - {name: ssd, storageType: SSD}
        - {name: hdd, storageType: DISK}
      intermediate: %s
      racks:
        - name: /rack1
          nodes:
            - host: n1
              volumes: [{device: sata-ssd, capacity: 100GB}, {device: hdd, capacity: 100GB}]
            - host: n2
              volumes: [{device: sata-ssd, capacity: 100GB}, {device: hdd, capacity: 100GB}]
            - host: n3
              volumes: [{device: sata-ssd, capacity: 100GB}, {device: hdd, capacity: 100GB}]
      """;
  static final long INPUT = 16L << 26;
  static final long SHUFFLE = 2L << 30;
  static final long OUTPUT = 1L << 29;

  private static SimResult run(String intermediateTier, IntermediateIo model) {
    ClusterSpec spec = SpecParser.parse("three-hybrid", SPEC.formatted(intermediateTier));
    TraceSource trace = TraceSource.ofText("one-sort", "sort\t0\t0\t" + INPUT + "\t" + SHUFFLE + "\t" + OUTPUT
        + "\t/sort/input\t\n");
    return Simulator.run(SimConfig.builder(spec, trace, "layout:ssd", "network").byteScale(1.0).replication(1)
        .capacityRule(CapacityRule.FALLBACK).intermediateIo(model).build());
  }

  @Test
  void fullModelWritesMapOutputsMergesAndReduceMergesOnTheSpecsIntermediateTier() {
    SimResult onHdd = run("hdd", IntermediateIo.FULL);
    SimResult.Intermediate i = onHdd.intermediate();
    assertEquals("full", i.model());
    assertEquals(SHUFFLE, i.mapOutputBytes());
    // 128 MiB per map is more than one 80 MiB spill: every map merges its spills.
    assertEquals(SHUFFLE, i.mapMergeBytes());
    assertEquals(SHUFFLE, i.reduceMergeBytes());
    assertEquals(3 * SHUFFLE, i.writtenBytesByTier().get("hdd"));
    assertEquals(3 * SHUFFLE, i.readBytesByTier().get("hdd"), "fetches, map merges, reduce merges");
    assertEquals(0L, i.writtenBytesByTier().get("ssd"));
    // Each of the 2 reducers reads one segment of each of the 16 maps' outputs, a positioning each on the HDD.
    assertEquals(32, i.segments());
    assertEquals(32 * 0.0127, i.positioningSeconds(), 1e-9);
    // Job data stays where its layout puts it: output on SSD, none of it on HDD.
    assertEquals(OUTPUT, onHdd.storage().writtenBytesByTier().get("ssd") - onHdd.storage().loadedBytesByTier()
        .get("ssd"));
    assertEquals(3 * SHUFFLE, onHdd.bytesWritten("hdd"));
    assertEquals(OUTPUT, onHdd.bytesWrittenByJobs("ssd"));
  }

  @Test
  void theReverseSplitPutsTheSameIntermediateBytesOnTheSsdAndRunsFaster() {
    SimResult onHdd = run("hdd", IntermediateIo.FULL);
    SimResult onSsd = run("ssd", IntermediateIo.FULL);
    assertEquals(3 * SHUFFLE, onSsd.intermediate().writtenBytesByTier().get("ssd"));
    assertEquals(0L, onSsd.intermediate().writtenBytesByTier().get("hdd"));
    assertEquals(OUTPUT + 3 * SHUFFLE, onSsd.bytesWrittenByJobs("ssd"));
    assertTrue(onSsd.time().totalJobSeconds() < onHdd.time().totalJobSeconds(),
        onSsd.time().totalJobSeconds() + " s with intermediate data on SSD vs " + onHdd.time().totalJobSeconds());
  }

  @Test
  void fetchesModelOnlyReadsTheShuffleAndIsFasterThanTheFullModel() {
    SimResult fetches = run("hdd", IntermediateIo.FETCHES);
    SimResult full = run("hdd", IntermediateIo.FULL);
    assertEquals("fetches", fetches.intermediate().model());
    assertEquals(0L, fetches.intermediate().writtenBytesByTier().get("hdd"));
    assertEquals(SHUFFLE, fetches.intermediate().readBytesByTier().get("hdd"));
    assertEquals(0, fetches.intermediate().segments());
    assertTrue(fetches.time().totalJobSeconds() < full.time().totalJobSeconds());
    // Positioning, map output writes, merges: at HDD rates the full model's extra device time is at least the
    // 2 GiB written three times at 46 MB/s over three disks.
    assertTrue(full.time().totalJobSeconds() - fetches.time().totalJobSeconds() > 3 * SHUFFLE / 46e6 / 3,
        full.time().totalJobSeconds() + " vs " + fetches.time().totalJobSeconds());
  }
}
