package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import java.util.LinkedHashMap;
import java.util.Map;

/** One result as flat named columns (for CSV), in a fixed order; per-tier maps become one column per tier. */
public final class ResultColumns {
  private ResultColumns() {}

  public static Map<String, Object> of(SimResult r) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("label", r.run().label());
    c.put("placement", r.run().placement());
    c.put("retrieval", r.run().retrieval());
    c.put("popularity", r.run().popularity());
    c.put("seed", r.run().seed());
    c.put("cluster", r.run().cluster());
    c.put("nodes", r.run().nodes());
    c.put("racks", r.run().racks());
    c.put("trace", r.run().trace());
    c.put("byte_scale", r.run().byteScale());
    c.put("block_size", r.run().blockSize());
    c.put("capacity_rule", r.run().capacityRule());
    c.put("skipped_trace_lines", r.run().skippedLines());
    c.put("jobs", r.jobs());
    c.put("map_tasks", r.mapTasks());
    c.put("reduce_tasks", r.reduceTasks());
    c.put("avg_io_rate_mbps", r.io().avgRateMBps());
    c.put("read_throughput_mbps", r.io().throughputMBps());
    c.put("bytes_read", r.io().bytesRead());
    r.io().shareByTier().forEach((tier, share) -> c.put("read_share_" + tier, share));
    r.io().shareByLocality().forEach((where, share) -> c.put("read_share_" + where, share));
    r.io().avgRateByTierMBps().forEach((tier, rate) -> c.put("avg_io_rate_mbps_" + tier, rate));
    r.io().avgRateByLocalityMBps().forEach((where, rate) -> c.put("avg_io_rate_mbps_" + where, rate));
    c.put("unreadable_blocks", r.io().unreadableBlocks());
    c.put("read_share_block_busy", r.io().sharedBlockReadShare());
    c.put("read_share_first_read", r.io().firstReadShare());
    c.put("first_read_throughput_mbps", r.io().firstReadThroughputMBps());
    c.put("reread_ceiling_mbps", r.io().rereadCeilingMBps());
    c.put("network_bytes", r.network().bytes());
    c.put("cross_rack_bytes", r.network().crossRackBytes());
    c.put("network_read_bytes", r.network().readBytes());
    c.put("network_shuffle_bytes", r.network().shuffleBytes());
    c.put("network_write_bytes", r.network().writeBytes());
    c.put("mean_job_s", r.time().meanJobSeconds());
    c.put("total_job_s", r.time().totalJobSeconds());
    c.put("makespan_s", r.time().makespanSeconds());
    c.put("map_phase_job_s", r.time().mapPhaseSeconds());
    c.put("reduce_phase_job_s", r.time().reducePhaseSeconds());
    c.put("p50_job_s", r.time().p50JobSeconds());
    c.put("p90_job_s", r.time().p90JobSeconds());
    c.put("p99_job_s", r.time().p99JobSeconds());
    r.storage().bytesByTier().forEach((tier, bytes) -> c.put("stored_bytes_" + tier, bytes));
    r.storage().peakBytesByTier().forEach((tier, bytes) -> c.put("peak_stored_bytes_" + tier, bytes));
    c.put("stored_bytes", r.storage().bytes());
    c.put("peak_stored_bytes", r.storage().peakBytes());
    c.put("storage_cost_usd", r.storage().costUsd());
    c.put("fallback_replicas", r.storage().fallbacks());
    c.put("unplaced_replicas", r.storage().unplacedReplicas());
    c.put("evicted_files", r.storage().evictedFiles());
    c.put("evicted_bytes", r.storage().evictedBytes());
    c.put("moved_bytes", r.storage().movedBytes());
    r.storage().writtenBytesByTier().forEach((tier, bytes) -> c.put("hdfs_written_bytes_" + tier, bytes));
    r.storage().loadedBytesByTier().forEach((tier, bytes) -> c.put("input_loaded_bytes_" + tier, bytes));
    r.energy().joulesByTier().forEach((tier, joules) -> c.put("energy_j_" + tier, joules));
    c.put("energy_j", r.energy().joules());
    if (r.power() != null) {
      powerColumns(c, r.power());
    }
    if (r.intermediate() != null) {
      intermediateColumns(c, r.intermediate());
    }
    c.put("wall_s", r.performance().wallSeconds());
    c.put("flows", r.performance().flows());
    c.put("peak_flows", r.performance().peakFlows());
    c.put("peak_live_blocks", r.performance().peakLiveBlocks());
    c.put("live_blocks", r.performance().liveBlocks());
    return c;
  }

  private static void intermediateColumns(Map<String, Object> c, SimResult.Intermediate i) {
    c.put("intermediate_io", i.model());
    i.writtenBytesByTier().forEach((tier, bytes) -> c.put("intermediate_written_bytes_" + tier, bytes));
    i.readBytesByTier().forEach((tier, bytes) -> c.put("intermediate_read_bytes_" + tier, bytes));
    c.put("map_output_bytes", i.mapOutputBytes());
    c.put("map_merge_bytes", i.mapMergeBytes());
    c.put("reduce_merge_bytes", i.reduceMergeBytes());
    c.put("shuffle_segments", i.segments());
    c.put("shuffle_positioning_s", i.positioningSeconds());
  }

  private static void powerColumns(Map<String, Object> c, SimResult.Power p) {
    c.put("power_mode", p.mode());
    c.put("idle_timeout_s", p.idleTimeoutSeconds());
    c.put("wake_predictor", p.predictor());
    c.put("node_base_w", p.nodeBaseWatts());
    c.put("node_energy_j", p.nodeJoules());
    c.put("disk_energy_j", p.diskJoules());
    c.put("backup_disk_energy_j", p.backupJoules());
    p.diskJoulesByTier().forEach((tier, joules) -> c.put("disk_energy_j_" + tier, joules));
    c.put("pt_j_s", p.pt());
    c.put("backup_disks", p.backupDisks());
    c.put("spin_ups", p.spinUps());
    p.spinUpsByCause().forEach((cause, n) -> c.put("spin_ups_" + cause, n));
    c.put("spin_ups_per_disk_day", p.spinUpsPerDiskPerDay());
    c.put("most_spin_ups_one_disk", p.mostSpinUpsOfOneDisk());
    c.put("daily_spin_up_budget", p.dailySpinUpBudget());
    p.backupStateShare().forEach((state, share) -> c.put("backup_time_share_" + state, share));
    c.put("stall_s", p.stallSeconds());
    c.put("stalled_ios", p.stalledIos());
    c.put("unused_predicted_spin_ups", p.unusedPredictedSpinUps());
    c.put("backup_reads", p.backupReads());
    c.put("backup_reads_with_primary_live", p.backupReadsWithPrimaryLive());
  }
}
