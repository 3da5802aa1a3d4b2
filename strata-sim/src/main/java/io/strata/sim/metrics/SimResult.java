package io.strata.sim.metrics;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;

/**
 * The numbers one run produced. Shares are fractions of the total (0..1); bytes are simulated bytes (after the
 * trace's byte scale); times are simulated seconds except {@link Performance}.
 *
 * @param run         what was run
 * @param jobs        jobs replayed and finished
 * @param mapTasks    map tasks run
 * @param reduceTasks reduce tasks run
 * @param io          map input reads
 * @param network     bytes over the network
 * @param time        job and trace completion
 * @param storage     replica bytes per tier, and what the capacity rule did
 * @param energy      device energy from the power model
 * @param performance how long the simulator itself took
 * @param power       node and disk energy and the backup volumes' power states; null for runs without power
 *                    settings (and then left out of the JSON, so results of older scenarios read as before)
 * @param intermediate what intermediate data wrote and read on the nodes' local dirs; null when not counted (and
 *                    then left out of the JSON)
 */
public record SimResult(Run run, long jobs, long mapTasks, long reduceTasks, Io io, Network network, Time time,
    Storage storage, Energy energy, Performance performance, @JsonInclude(JsonInclude.Include.NON_NULL) Power power,
    @JsonInclude(JsonInclude.Include.NON_NULL) Intermediate intermediate) {

  /** A result without power settings. */
  public SimResult(Run run, long jobs, long mapTasks, long reduceTasks, Io io, Network network, Time time,
      Storage storage, Energy energy, Performance performance) {
    this(run, jobs, mapTasks, reduceTasks, io, network, time, storage, energy, performance, null, null);
  }

  /** Bytes written to a tier's devices: HDFS replicas (input loads, job output, copies) and intermediate data. */
  public long bytesWritten(String tier) {
    long hdfs = storage.writtenBytesByTier().getOrDefault(tier, 0L);
    return hdfs + (intermediate == null ? 0 : intermediate.writtenBytesByTier().getOrDefault(tier, 0L));
  }

  /** {@link #bytesWritten} without the input loads: what the jobs themselves wrote (output and intermediate). */
  public long bytesWrittenByJobs(String tier) {
    return bytesWritten(tier) - storage.loadedBytesByTier().getOrDefault(tier, 0L);
  }

  /**
   * @param byteScale   factor applied to the trace's bytes
   * @param skippedLines malformed trace lines skipped
   * @param traceProblems the first skipped lines, each as {@code trace:line: what is wrong}
   */
  public record Run(String label, String placement, String retrieval, String popularity, long seed, String cluster,
      int nodes, int racks, String trace, double byteScale, long blockSize, String capacityRule, long skippedLines,
      List<String> traceProblems) {}

  /**
   * @param avgRateMBps        mean over map tasks of each task's bytes read / its read time (TestDFSIO's average
   *                           I/O rate)
   * @param throughputMBps     all bytes read / the sum of the tasks' read times (TestDFSIO's throughput)
   * @param bytesRead          map input bytes read
   * @param shareByTier        share of bytes read from each tier
   * @param shareByLocality    share of bytes read node-local, rack-local and remote
   * @param avgRateByTierMBps  the average I/O rate of the tasks that read from each tier
   * @param avgRateByLocalityMBps the average I/O rate of node-local, rack-local and remote reads
   * @param unreadableBlocks   blocks a task found no replica of (lost to a full cluster)
   * @param sharedBlockReadShare share of bytes read by maps that started while another map was reading the same
   *                           block: the contention on popular data that extra replicas can spread
   * @param firstReadShare     share of bytes read from blocks no earlier job had read: what no popularity policy
   *                           can have seen coming
   * @param firstReadThroughputMBps those bytes / the read times of the tasks that read them
   * @param rereadCeilingMBps  read throughput had every other byte been read at the fastest device's full rate
   *                           and first reads as they were: a bound on what replication and tiering can give
   */
  public record Io(double avgRateMBps, double throughputMBps, long bytesRead, Map<String, Double> shareByTier,
      Map<String, Double> shareByLocality, Map<String, Double> avgRateByTierMBps,
      Map<String, Double> avgRateByLocalityMBps, long unreadableBlocks, double sharedBlockReadShare,
      double firstReadShare, double firstReadThroughputMBps, double rereadCeilingMBps) {}

  /**
   * @param bytes          all bytes sent between nodes (reads, shuffle, each pipeline hop of writes)
   * @param crossRackBytes the part of them that crossed rack uplinks
   * @param readBytes      remote map-input reads
   * @param shuffleBytes   shuffle fetches
   * @param writeBytes     write pipeline hops
   */
  public record Network(long bytes, long crossRackBytes, long readBytes, long shuffleBytes, long writeBytes) {}

  /**
   * @param meanJobSeconds  mean of submit-to-finish times
   * @param totalJobSeconds sum of submit-to-finish times
   * @param makespanSeconds first submit to last finish
   * @param mapPhaseSeconds sum over jobs of submit to last map done (waiting for slots, reading, map-side writes)
   * @param reducePhaseSeconds sum over jobs of last map done to finish (shuffle and output writes)
   * @param p50JobSeconds   median submit-to-finish time
   * @param p90JobSeconds   90th percentile of them
   * @param p99JobSeconds   99th percentile of them
   */
  public record Time(double meanJobSeconds, double totalJobSeconds, double makespanSeconds, double mapPhaseSeconds,
      double reducePhaseSeconds, double p50JobSeconds, double p90JobSeconds, double p99JobSeconds) {}

  /**
   * @param bytesByTier      replica bytes per tier at the end
   * @param peakBytesByTier  highest replica bytes per tier during the run
   * @param bytes            replica bytes at the end
   * @param peakBytes        highest replica bytes (all tiers at once)
   * @param costUsd          purchase cost of the peak replica bytes at each tier's cost per GB
   * @param fallbacks        replicas a policy placed on another tier than it wanted
   * @param unplacedReplicas replicas no node had room for
   * @param evictedFiles     files the LRU rule deleted
   * @param evictedBytes     their bytes
   * @param movedBytes       replica bytes created by popularity decisions
   * @param writtenBytesByTier replica bytes written to each tier during the run (input loads, job output, copies)
   * @param loadedBytesByTier  the part of them that loaded jobs' input files (taken as loaded before each job)
   */
  public record Storage(Map<String, Long> bytesByTier, Map<String, Long> peakBytesByTier, long bytes, long peakBytes,
      double costUsd, long fallbacks, long unplacedReplicas, long evictedFiles, long evictedBytes, long movedBytes,
      Map<String, Long> writtenBytesByTier, Map<String, Long> loadedBytesByTier) {}

  /** Device energy over the makespan: busy device time at active power, the rest at idle power. */
  public record Energy(Map<String, Double> joulesByTier, double joules) {}

  /**
   * @param wallSeconds   time the run took on this machine
   * @param flows         transfers simulated
   * @param peakFlows     most transfers in flight at once
   * @param peakLiveBlocks most blocks stored at once
   * @param liveBlocks    blocks stored at the end
   */
  public record Performance(double wallSeconds, long flows, int peakFlows, long peakLiveBlocks, long liveBlocks) {}

  /**
   * Energy as the thesis counts it, from the decision core's power model ({@code io.strata.core.energy}).
   *
   * @param mode                    what the run did with its disks
   * @param standby                 whether backup volumes went to standby
   * @param idleTimeoutSeconds      their idle timeout (0 without standby)
   * @param predictor               the wake predictor ({@code none} without standby)
   * @param nodeBaseWatts           each node's power besides its data disks
   * @param nodeBaseSource          where that figure comes from
   * @param nodeJoules              all nodes: base power over the run plus every disk
   * @param diskJoules              every disk
   * @param backupJoules            the backup tiers' disks
   * @param diskJoulesByTier        disks per tier
   * @param pt                      the energy-delay product, node joules x the sum of job times (J s)
   * @param backupDisks             disks on backup tiers
   * @param managedVolumes          backup devices whose power state was managed
   * @param spinUps                 spin-ups of managed backup devices
   * @param spinUpsByCause          the same, by cause
   * @param spinUpsPerDiskPerDay    spin-ups per managed device per day of the run
   * @param mostSpinUpsOfOneDisk    the most spin-ups one managed device made in the run
   * @param dailySpinUpBudget       the guard's daily budget per device (-1 when unrated, 0 without standby)
   * @param backupStateShare        share of the managed devices' time in each power state
   * @param stallSeconds            seconds reads and writes waited for spin-ups, summed
   * @param stalledIos              reads and writes that waited for a spin-up
   * @param unusedPredictedSpinUps  predicted spin-ups no I/O used before the device slept again
   * @param backupReads             map reads served by a backup replica
   * @param backupReadsWithPrimaryLive those of them while a primary replica was live (0 under primary-first)
   */
  public record Power(String mode, boolean standby, double idleTimeoutSeconds, String predictor,
      double nodeBaseWatts, String nodeBaseSource, double nodeJoules, double diskJoules, double backupJoules,
      Map<String, Double> diskJoulesByTier, double pt, int backupDisks, int managedVolumes, long spinUps,
      Map<String, Long> spinUpsByCause, double spinUpsPerDiskPerDay, double mostSpinUpsOfOneDisk,
      int dailySpinUpBudget, Map<String, Double> backupStateShare, double stallSeconds, long stalledIos,
      long unusedPredictedSpinUps, long backupReads, long backupReadsWithPrimaryLive) {}

  /**
   * Intermediate data on the nodes' local dirs (the spec's {@code intermediate} tier, else each node's slowest
   * primary tier).
   *
   * @param model              what was modeled ({@code fetches} or {@code full}, see the engine's IntermediateIo)
   * @param writtenBytesByTier bytes written: map outputs, map merges, reducers' merges
   * @param readBytesByTier    bytes read: shuffle fetches, map merges, reducers' merges
   * @param mapOutputBytes     map output written by the maps (spills)
   * @param mapMergeBytes      spills merged into one output file (read once and written once more)
   * @param reduceMergeBytes   fetched data the reducers merged to disk and read back
   * @param segments           map-output segments the shuffle read, each a positioning on its device
   * @param positioningSeconds device time those positionings took, summed
   */
  public record Intermediate(String model, Map<String, Long> writtenBytesByTier, Map<String, Long> readBytesByTier,
      long mapOutputBytes, long mapMergeBytes, long reduceMergeBytes, long segments, double positioningSeconds) {}
}
