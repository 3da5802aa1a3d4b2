package io.strata.sim.engine;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.sim.metrics.JobStatistics;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.SimCluster;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Puts a finished run's numbers together: the statistics' summaries, and storage and energy from the model. */
final class ResultAssembler {
  private final SimConfig config;
  private final RunContext run;
  private final JobStatistics jobs;

  ResultAssembler(SimConfig config, RunContext run, JobStatistics jobs) {
    this.config = config;
    this.run = run;
    this.jobs = jobs;
  }

  SimResult assemble(EventLoop.TraceEnd trace, double wallSeconds) {
    SimCluster cluster = run.cluster();
    FileStore store = run.store();
    int tiers = cluster.tiers().size();
    List<String> tierNames = new ArrayList<>(tiers);
    for (int t = 0; t < tiers; t++) {
      tierNames.add(cluster.tierName(t));
    }
    SimResult.Run described = new SimResult.Run(config.label(), config.placement(), config.retrieval(),
        config.popularity(), config.seed(), config.spec().name(), cluster.nodeCount(), cluster.rackCount(),
        config.trace().name(), config.effectiveByteScale(), config.blockSize(), config.capacityRule().label(),
        trace.skippedLines(), trace.problems());
    SimResult.Performance performance = new SimResult.Performance(wallSeconds, run.network().flowsStarted(),
        run.network().peakFlows(), store.peakLiveBlocks(), store.liveBlocks());
    SimResult.Time time = jobs.summary();
    SimResult.Power power = run.power() == null ? null
        : run.power().summary(run.now(), run.network(), time.totalJobSeconds());
    return new SimResult(described, jobs.jobs(), jobs.mapTasks(), jobs.reduceTasks(),
        run.reads().summary(tierNames, cluster.fastestReadBytesPerSecond()), run.traffic().summary(),
        time, storage(tierNames), energy(tierNames), performance, power,
        run.intermediate().summary(tierNames, config.intermediateIo().label()));
  }

  private SimResult.Storage storage(List<String> tierNames) {
    FileStore store = run.store();
    Map<String, Long> stored = new LinkedHashMap<>();
    Map<String, Long> peak = new LinkedHashMap<>();
    Map<String, Long> written = new LinkedHashMap<>();
    Map<String, Long> loaded = new LinkedHashMap<>();
    long storedTotal = 0;
    double cost = 0;
    double[] costPerGb = tierCostPerGb();
    for (int t = 0; t < tierNames.size(); t++) {
      stored.put(tierNames.get(t), store.usedBytes(t));
      peak.put(tierNames.get(t), store.peakUsedBytes(t));
      written.put(tierNames.get(t), store.writtenBytes(t));
      loaded.put(tierNames.get(t), store.loadedBytes(t));
      storedTotal += store.usedBytes(t);
      cost += store.peakUsedBytes(t) / 1e9 * costPerGb[t];
    }
    return new SimResult.Storage(stored, peak, storedTotal, store.peakTotalBytes(), cost, store.fallbacks(),
        store.unplacedReplicas(), store.evictedFiles(), store.evictedBytes(), store.movedReplicaBytes(), written,
        loaded);
  }

  /** Device energy up to now, the end of the run: busy device time at active power, the rest at idle power. */
  private SimResult.Energy energy(List<String> tierNames) {
    double end = run.now();
    double[] joules = new double[tierNames.size()];
    for (SimCluster.DeviceGroup group : run.cluster().deviceGroups()) {
      double busy = run.network().busyDeviceSeconds(group.resource(), end);
      joules[group.tier()] += busy * group.activeWatts() + (group.devices() * end - busy) * group.idleWatts();
    }
    Map<String, Double> energyByTier = new LinkedHashMap<>();
    double energy = 0;
    for (int t = 0; t < tierNames.size(); t++) {
      energyByTier.put(tierNames.get(t), joules[t]);
      energy += joules[t];
    }
    return new SimResult.Energy(energyByTier, energy);
  }

  /** Each tier's purchase cost per GB: the capacity-weighted mean of its devices' costs. */
  private double[] tierCostPerGb() {
    SimCluster cluster = run.cluster();
    int tiers = cluster.tiers().size();
    double[] dollars = new double[tiers];
    double[] bytes = new double[tiers];
    for (NodeSpec node : config.spec().nodes()) {
      for (int v = 0; v < node.volumes().size(); v++) {
        VolumeSpec volume = node.volumes().get(v);
        int t = cluster.model().tierIndex(config.spec().tierOf(node, v));
        DeviceProfile device = volume.device();
        dollars[t] += volume.capacityBytes() / 1e9 * device.costPerGB();
        bytes[t] += volume.capacityBytes() / 1e9;
      }
    }
    double[] perGb = new double[tiers];
    for (int t = 0; t < tiers; t++) {
      perGb[t] = bytes[t] == 0 ? 0 : dollars[t] / bytes[t];
    }
    return perGb;
  }
}
