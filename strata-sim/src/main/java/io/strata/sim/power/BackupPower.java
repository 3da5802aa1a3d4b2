package io.strata.sim.power;

import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.EnergyDelay;
import io.strata.core.energy.FutureDemand;
import io.strata.core.energy.NodeOutlook;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.StandbyRule;
import io.strata.core.energy.VolumeEnergy;
import io.strata.core.energy.VolumePower;
import io.strata.core.energy.WakeCause;
import io.strata.core.energy.WakePredictor;
import io.strata.core.energy.WakePredictors;
import io.strata.core.energy.WriteGroup;
import io.strata.core.spec.NodeSpec;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.FlowNetwork;
import io.strata.sim.model.SimCluster;
import io.strata.sim.model.SimFile;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;

/**
 * One run's power manager: a {@link VolumePower} per backup device of the modeled cluster, driven by the modeled
 * reads and writes, the idle timeout and the wake predictor, exactly as the DataNode-side daemon drives real disks.
 * Every decision is the decision core's; this class only feeds it the simulated I/O and the simulated clock.
 *
 * <p>I/O that reaches a sleeping backup waits its spin-up: the engine starts the transfer when {@link #ioStarted}'s
 * wait is over, through {@link #schedule}. Energy: backup devices from their {@link VolumeEnergy}; every other
 * device always spun up (busy at active power, the rest idle); each node's base power on top.
 */
public final class BackupPower {
  private record Timer(double at, long sequence, Runnable action) {}

  private record StandbyCheck(double at, int volume) {}

  private final SimCluster cluster;
  private final PowerSettings settings;
  private final boolean[] backupTier;
  /** Per device resource of the flow network: the index of its managed volume, -1 when always on. */
  private final int[] volumeOfResource;
  /** Per device resource: its node when its I/O is recorded for an oracle, else -1. */
  private final int[] recordedNodeOfResource;
  private final List<VolumePower> volumes = new ArrayList<>();
  private final List<Integer> volumeNode = new ArrayList<>();
  private final List<Integer> volumeDevices = new ArrayList<>();
  private final List<int[]> volumesOfNode = new ArrayList<>();
  private final Map<Integer, DeviceProfile> deviceOfResource = new HashMap<>();
  private final double[] standbyScheduled;
  private final PriorityQueue<StandbyCheck> standbyChecks = new PriorityQueue<>((a, b) -> Double.compare(a.at, b.at));
  private final PriorityQueue<Timer> timers = new PriorityQueue<>((a, b) -> a.at != b.at
      ? Double.compare(a.at, b.at) : Long.compare(a.sequence, b.sequence));
  private long timerSequence;
  private final WakePredictor predictor;
  private final double spinUpSeconds;
  private double nextPoll;
  // The write group: the hosts it is dealt from, whose turn is held now, and when it next changes (or is woken ahead).
  private final List<String> hosts;
  private final boolean[] groupHeld;
  private final double groupLead;
  private double nextGroupChange = Double.POSITIVE_INFINITY;

  // What the predictor is told: primary-replica reads still to do per node, their rate, and the running jobs whose
  // replicated output will need backups after them.
  private final double[] primaryBytesLeft;
  private final double[] primaryBytesSincePoll;
  private final double[] primaryReadRate;
  private final int[] outputJobsWithWork;
  private final Map<Long, int[]> jobNodes = new HashMap<>();

  private long backupReads;
  private long backupReadsWithPrimaryLive;

  public BackupPower(SimCluster cluster, PowerSettings settings) {
    this.cluster = cluster;
    this.settings = settings;
    int tiers = cluster.tiers().size();
    backupTier = new boolean[tiers];
    for (int t = 0; t < tiers; t++) {
      backupTier[t] = cluster.tiers().get(t).backup();
    }
    int nodes = cluster.nodeCount();
    int maxResource = 0;
    for (SimCluster.DeviceGroup group : cluster.deviceGroups()) {
      maxResource = Math.max(maxResource, group.resource());
    }
    volumeOfResource = new int[maxResource + 1];
    Arrays.fill(volumeOfResource, -1);
    recordedNodeOfResource = new int[maxResource + 1];
    Arrays.fill(recordedNodeOfResource, -1);
    List<List<Integer>> byNode = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      byNode.add(new ArrayList<>());
    }
    double spinUp = 0;
    for (SimCluster.DeviceGroup group : cluster.deviceGroups()) {
      DeviceProfile device = deviceOf(group.node(), group.tier());
      deviceOfResource.put(group.resource(), device);
      if (backupTier[group.tier()] && settings.recorder() != null) {
        recordedNodeOfResource[group.resource()] = group.node();
      }
      if (!settings.standby() || !backupTier[group.tier()]) {
        continue;
      }
      StandbyRule rule = StandbyRule.of(device, settings.idleTimeoutSeconds(), 0);
      int index = volumes.size();
      volumes.add(new VolumePower(cluster.host(group.node()) + ":" + cluster.tierName(group.tier()), rule, 0));
      volumeNode.add(group.node());
      volumeDevices.add(group.devices());
      volumeOfResource[group.resource()] = index;
      byNode.get(group.node()).add(index);
      spinUp = Math.max(spinUp, device.spinUpSeconds());
    }
    for (List<Integer> list : byNode) {
      volumesOfNode.add(list.stream().mapToInt(Integer::intValue).toArray());
    }
    spinUpSeconds = spinUp;
    standbyScheduled = new double[volumes.size()];
    for (int v = 0; v < volumes.size(); v++) {
      armStandby(v);
    }
    if (settings.standby()) {
      FutureDemand future = settings.future() == null ? null : settings.future().get();
      predictor = WakePredictors.parse(settings.predictor(),
          new WakePredictors.Context(settings.pollSeconds(), future));
    } else {
      predictor = null;
    }
    primaryBytesLeft = new double[nodes];
    primaryBytesSincePoll = new double[nodes];
    primaryReadRate = new double[nodes];
    outputJobsWithWork = new int[nodes];
    nextPoll = settings.pollSeconds();
    hosts = new ArrayList<>();
    for (int n = 0; n < nodes; n++) {
      hosts.add(cluster.host(n));
    }
    groupHeld = new boolean[nodes];
    // A node's backups are woken one spin-up and one poll before its turn, as the daemon does a tick ahead.
    groupLead = spinUpSeconds + settings.pollSeconds();
    if (settings.standby() && settings.writeGroup() != null) {
      applyWriteGroup(0);
    }
  }

  /**
   * Holds the backups of the nodes whose turn it is, or comes within {@link #groupLead}, awake; releases the others,
   * which then sleep after the idle timeout. Schedules the next change.
   */
  private void applyWriteGroup(double now) {
    WriteGroup group = settings.writeGroup();
    Set<String> due = new HashSet<>(group.members(hosts, now));
    due.addAll(group.members(hosts, now + groupLead));
    for (int node = 0; node < hosts.size(); node++) {
      boolean hold = due.contains(hosts.get(node));
      if (hold == groupHeld[node]) {
        continue;
      }
      groupHeld[node] = hold;
      for (int v : volumesOfNode.get(node)) {
        if (hold) {
          volumes.get(v).hold(now, WakeCause.WRITE_GROUP);
        } else {
          volumes.get(v).release(now, WakeCause.WRITE_GROUP);
        }
        armStandby(v);
      }
    }
    double change = group.nextChangeAfter(now);
    nextGroupChange = change - groupLead > now ? change - groupLead : change;
  }

  /** The device profile of a node's volumes of one tier (the first, when a pooled tier mixes devices). */
  private DeviceProfile deviceOf(int node, int tier) {
    NodeSpec spec = cluster.spec().nodes().get(node);
    for (int v = 0; v < spec.volumes().size(); v++) {
      if (cluster.spec().tierOf(spec, v).equals(cluster.tierName(tier))) {
        return spec.volumes().get(v).device();
      }
    }
    throw new ConfigException("node " + cluster.host(node) + " has no volume of tier " + cluster.tierName(tier));
  }

  /** True when the device resource is a backup volume whose power state is managed. */
  public boolean manages(int resource) {
    return resource >= 0 && resource < volumeOfResource.length
        && (volumeOfResource[resource] >= 0 || recordedNodeOfResource[resource] >= 0);
  }

  /**
   * I/O reaches a managed device at {@code now}; returns how long it must wait for a spin-up. The caller reports
   * its end with {@link #ioFinished}.
   */
  public double ioStarted(int resource, double now, WakeCause cause) {
    if (recordedNodeOfResource[resource] >= 0) {
      settings.recorder().io(cluster.host(recordedNodeOfResource[resource]), now);
    }
    int v = volumeOfResource[resource];
    if (v < 0) {
      return 0;
    }
    double wait = volumes.get(v).ioStarted(now, cause);
    standbyScheduled[v] = Double.NaN;
    return wait;
  }

  public void ioFinished(int resource, double now) {
    int v = volumeOfResource[resource];
    if (v < 0) {
      return;
    }
    volumes.get(v).ioFinished(now);
    armStandby(v);
  }

  /** A map read {@code bytes} of a block from a replica on {@code tier}; {@code primaryLive}: any was on a primary. */
  public void blockRead(int tier, boolean primaryLive) {
    if (backupTier[tier]) {
      backupReads++;
      if (primaryLive) {
        backupReadsWithPrimaryLive++;
      }
    }
  }

  /** Runs {@code action} at {@code at}: a transfer that waited for a spin-up. */
  public void schedule(double at, Runnable action) {
    timers.add(new Timer(at, timerSequence++, action));
  }

  /** A job's maps will read these blocks; its output, replicated, will go to backups. */
  public void jobAdmitted(long job, SimFile input, int maps, long inputBytes, long blockSize, boolean writesBackups) {
    if (input == null || !settings.standby()) {
      return;
    }
    List<Integer> touched = new ArrayList<>();
    boolean[] seen = new boolean[cluster.nodeCount()];
    for (int task = 0; task < maps; task++) {
      int node = primaryNode(input, task);
      if (node < 0) {
        continue;
      }
      long bytes = Math.min(blockSize, inputBytes - (long) task * blockSize);
      if (writesBackups) {
        primaryBytesLeft[node] += bytes;
        if (!seen[node]) {
          seen[node] = true;
          touched.add(node);
          outputJobsWithWork[node]++;
        }
      }
    }
    if (!touched.isEmpty()) {
      jobNodes.put(job, touched.stream().mapToInt(Integer::intValue).toArray());
    }
  }

  /** A map of {@code job} finished reading block {@code task} of its input. */
  public void mapReadDone(long job, SimFile input, int task, long bytes) {
    if (input == null || !jobNodes.containsKey(job)) {
      return;
    }
    int node = primaryNode(input, task);
    if (node >= 0) {
      primaryBytesLeft[node] = Math.max(0, primaryBytesLeft[node] - bytes);
      primaryBytesSincePoll[node] += bytes;
    }
  }

  public void jobDone(long job) {
    int[] nodes = jobNodes.remove(job);
    if (nodes != null) {
      for (int node : nodes) {
        outputJobsWithWork[node]--;
      }
    }
  }

  private int primaryNode(SimFile file, int block) {
    for (int s = 0; s < file.replication(); s++) {
      int packed = file.replica(block, s);
      if (packed != -1 && !backupTier[SimFile.tier(packed)]) {
        return SimFile.node(packed);
      }
    }
    return -1;
  }

  /** The next time something is due: a waiting transfer, and while jobs run, a standby check or a prediction. */
  public double nextEventTime(boolean busy) {
    double next = timers.isEmpty() ? Double.POSITIVE_INFINITY : timers.peek().at;
    if (busy && !volumes.isEmpty()) {
      skipStaleChecks();
      if (!standbyChecks.isEmpty()) {
        next = Math.min(next, standbyChecks.peek().at);
      }
      if (!(predictor.name().equals("reactive"))) {
        next = Math.min(next, nextPoll);
      }
      next = Math.min(next, nextGroupChange);
    }
    return next;
  }

  /** Runs what is due at {@code now}. */
  public void fire(double now, boolean busy) {
    while (!timers.isEmpty() && timers.peek().at <= now) {
      timers.poll().action.run();
    }
    if (!busy || volumes.isEmpty()) {
      return;
    }
    if (nextGroupChange <= now) {
      applyWriteGroup(now);
    }
    skipStaleChecks();
    while (!standbyChecks.isEmpty() && standbyChecks.peek().at <= now) {
      int v = standbyChecks.poll().volume;
      standbyScheduled[v] = Double.NaN;
      VolumePower volume = volumes.get(v);
      if (neededSoon(volumeNode.get(v), now)) {
        volume.wake(now, WakeCause.PREDICTED); // the predictor expects I/O within a spin-up: stay awake
        armStandby(v);
      } else if (!volume.enterStandby(now)) {
        armStandby(v, now);
      }
      skipStaleChecks();
    }
    if (nextPoll <= now) {
      predict(now);
      while (nextPoll <= now) {
        nextPoll += settings.pollSeconds();
      }
    }
  }

  /** Whether the predictor would wake {@code node} now: then putting it to sleep would only cost a spin-up. */
  private boolean neededSoon(int node, double now) {
    if (predictor.name().equals("reactive")) {
      return false;
    }
    return !predictor.nodesToWake(now, List.of(outlook(node)), spinUpSeconds).isEmpty();
  }

  private NodeOutlook outlook(int node) {
    return new NodeOutlook(cluster.host(node), primaryBytesLeft[node], primaryReadRate[node],
        outputJobsWithWork[node] > 0, Double.POSITIVE_INFINITY);
  }

  private void predict(double now) {
    double alpha = 0.5;
    List<NodeOutlook> outlook = new ArrayList<>();
    for (int node = 0; node < volumesOfNode.size(); node++) {
      if (volumesOfNode.get(node).length == 0) {
        continue;
      }
      double measured = primaryBytesSincePoll[node] / settings.pollSeconds();
      primaryReadRate[node] = alpha * measured + (1 - alpha) * primaryReadRate[node];
      primaryBytesSincePoll[node] = 0;
      outlook.add(outlook(node));
    }
    for (String host : predictor.nodesToWake(now, outlook, spinUpSeconds)) {
      for (int v : volumesOfNode.get(cluster.model().node(host).index())) {
        volumes.get(v).wake(now, WakeCause.PREDICTED);
        armStandby(v);
      }
    }
  }

  private void armStandby(int v) {
    armStandby(v, Double.NEGATIVE_INFINITY);
  }

  /** Schedules the volume's next standby check: when its idle timer runs out, or its budget frees a spin-up. */
  private void armStandby(int v, double now) {
    VolumePower volume = volumes.get(v);
    double due = now == Double.NEGATIVE_INFINITY ? volume.standbyDueAt() : volume.standbyRecheckAt(now);
    if (due == Double.POSITIVE_INFINITY || due <= now) {
      return;
    }
    standbyScheduled[v] = due;
    standbyChecks.add(new StandbyCheck(due, v));
  }

  private void skipStaleChecks() {
    while (!standbyChecks.isEmpty()) {
      StandbyCheck head = standbyChecks.peek();
      if (standbyScheduled[head.volume] == head.at) {
        return;
      }
      standbyChecks.poll();
    }
  }

  /** The run's energy and power-state figures at its end, {@code end}. */
  public SimResult.Power summary(double end, FlowNetwork network, double totalJobSeconds) {
    if (settings.recorder() != null) {
      settings.recorder().finish();
    }
    Map<String, Double> joulesByTier = new LinkedHashMap<>();
    for (int t = 0; t < cluster.tiers().size(); t++) {
      joulesByTier.put(cluster.tierName(t), 0.0);
    }
    VolumeEnergy backups = VolumeEnergy.NONE;
    double maxSpinUps = 0;
    for (SimCluster.DeviceGroup group : cluster.deviceGroups()) {
      int v = volumeOfResource[group.resource()];
      double joules;
      if (v >= 0) {
        VolumeEnergy energy = volumes.get(v).energy(end);
        backups = backups.plus(energy);
        maxSpinUps = Math.max(maxSpinUps, energy.totalSpinUps());
        joules = energy.joules() * volumeDevices.get(v);
      } else {
        double busy = network.busyDeviceSeconds(group.resource(), end);
        joules = VolumeEnergy.alwaysOn(deviceOfResource.get(group.resource()), busy, group.devices() * end).joules();
      }
      joulesByTier.merge(cluster.tierName(group.tier()), joules, Double::sum);
    }
    double diskJoules = joulesByTier.values().stream().mapToDouble(Double::doubleValue).sum();
    double backupJoules = 0;
    int backupDisks = 0;
    for (int t = 0; t < backupTier.length; t++) {
      if (backupTier[t]) {
        backupJoules += joulesByTier.get(cluster.tierName(t));
      }
    }
    for (SimCluster.DeviceGroup group : cluster.deviceGroups()) {
      if (backupTier[group.tier()]) {
        backupDisks += group.devices();
      }
    }
    double nodeJoules = settings.nodePower().joules(end * cluster.nodeCount(), diskJoules);
    Map<String, Long> spinUpsByCause = new LinkedHashMap<>();
    backups.spinUpsByCause().forEach((cause, n) -> spinUpsByCause.put(cause.name().toLowerCase(Locale.ROOT),
        (long) n));
    Map<String, Double> stateShare = new LinkedHashMap<>();
    double stateTotal = backups.totalSeconds();
    for (PowerState state : PowerState.values()) {
      stateShare.put(state.name().toLowerCase(Locale.ROOT),
          stateTotal > 0 ? backups.seconds(state) / stateTotal : 0);
    }
    int budget = volumes.isEmpty() ? 0 : volumes.get(0).rule().dailySpinUpBudget();
    double days = end / StandbyRule.DAY_SECONDS;
    double pt = new EnergyDelay(nodeJoules, totalJobSeconds).pt();
    return new SimResult.Power(settings.describe(), settings.standby(), settings.idleTimeoutSeconds(),
        settings.standby() ? settings.predictor() : "none", settings.nodePower().baseWatts(),
        settings.nodePower().source(), nodeJoules, diskJoules, backupJoules, joulesByTier, pt, backupDisks,
        volumes.size(), backups.totalSpinUps(), spinUpsByCause,
        volumes.isEmpty() || days <= 0 ? 0 : backups.totalSpinUps() / (double) volumes.size() / days,
        maxSpinUps, budget == Integer.MAX_VALUE ? -1 : budget, stateShare, backups.totalStallSeconds(),
        backups.stalledIos(), backups.unusedPredictedSpinUps(), backupReads, backupReadsWithPrimaryLive);
  }
}
