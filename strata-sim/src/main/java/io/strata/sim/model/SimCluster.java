package io.strata.sim.model;

import io.strata.core.device.DeviceProfile;
import io.strata.core.device.StorageKind;
import io.strata.core.model.ClusterModel;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The modeled cluster a simulation runs on: the decision core's {@link ClusterModel} (nodes, racks, free space
 * per tier, the target chooser the placement policies use) plus the shared resources transfers cross, built from
 * the same spec as an embedded cluster:
 * <ul>
 *   <li>device resources as the {@link DeviceModel} says: by default ({@link DeviceModel#POOLED}) one per node and
 *       tier, standing for that node's volumes of the tier (capacity = the sum of their bandwidths, at most one
 *       device's bandwidth per flow); with {@link DeviceModel#PER_VOLUME} one per volume, each replica of a block
 *       on the volume {@link #volumeIndex} picks;</li>
 *   <li>each node's NIC, one resource per direction (full duplex), at {@code network.nicGbps};</li>
 *   <li>each rack's uplink to the core, one resource per direction, at {@code network.rackUplinkGbps}, crossed by
 *       every transfer between racks, so oversubscription (nodes x NIC > uplink) shows as contention.</li>
 * </ul>
 */
public final class SimCluster {
  private final ClusterSpec spec;
  private final ClusterModel model;
  private final FlowNetwork network = new FlowNetwork();
  private final List<Tier> tiers;
  private final String[] hosts;
  private final String[] rackOfNode;
  private final int[] rackIndex;
  private final DeviceModel deviceModel;
  /** Per node and tier, its device resources: one (pooled) or one per volume; empty when it has none. */
  private final int[][][] deviceResources;
  private final int[] nicOut;
  /** No read of one block runs faster than its device: the fastest device's read rate bounds every read. */
  private double fastestRead;
  private final int[] nicIn;
  private final int[] uplinkUp;
  private final int[] uplinkDown;
  private final int[] intermediateTier;
  /** Per node and tier: the slowest volume's positioning time before a random read, seconds. */
  private final double[][] positionSeconds;
  /** Per node and tier: the slowest volume's read rate, bytes per second (what one flow gets at most). */
  private final double[][] deviceReadRate;
  private final List<DeviceGroup> deviceGroups = new ArrayList<>();
  private final long[] tierCapacity;

  /**
   * The volumes of one tier on one node behind one resource (all of them when pooled, one per volume): for energy
   * and per-tier accounting.
   */
  public record DeviceGroup(int resource, int node, int tier, int devices, double activeWatts, double idleWatts) {}

  /** The cluster with the {@link DeviceModel#POOLED} device model. */
  public SimCluster(ClusterSpec spec) {
    this(spec, DeviceModel.POOLED);
  }

  public SimCluster(ClusterSpec spec, DeviceModel deviceModel) {
    this.spec = spec;
    this.deviceModel = deviceModel;
    this.model = new ClusterModel(spec);
    this.tiers = model.tiers();
    List<ClusterModel.Node> nodes = model.nodes();
    int n = nodes.size();
    hosts = new String[n];
    rackOfNode = new String[n];
    rackIndex = new int[n];
    deviceResources = new int[n][tiers.size()][];
    nicOut = new int[n];
    nicIn = new int[n];
    intermediateTier = new int[n];
    positionSeconds = new double[n][tiers.size()];
    deviceReadRate = new double[n][tiers.size()];
    tierCapacity = new long[tiers.size()];
    double nic = spec.network().nicGbps() * 1e9 / 8;
    double uplink = spec.network().rackUplinkGbps() * 1e9 / 8;
    List<NodeSpec> nodeSpecs = spec.nodes();
    for (int i = 0; i < n; i++) {
      ClusterModel.Node node = nodes.get(i);
      NodeSpec nodeSpec = nodeSpecs.get(i);
      hosts[i] = node.host();
      rackOfNode[i] = node.rack();
      rackIndex[i] = node.rackIndex();
      for (int t = 0; t < tiers.size(); t++) {
        addDevices(i, t, nodeSpec);
      }
      nicOut[i] = network.addResource(nic, nic, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
      nicIn[i] = network.addResource(nic, nic, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
      intermediateTier[i] = intermediateTierOf(i, nodeSpec);
    }
    int racks = model.racks().size();
    uplinkUp = new int[racks];
    uplinkDown = new int[racks];
    for (int r = 0; r < racks; r++) {
      uplinkUp[r] = network.addResource(uplink, uplink, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
      uplinkDown[r] = network.addResource(uplink, uplink, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
    }
  }

  private void addDevices(int node, int tier, NodeSpec nodeSpec) {
    double read = 0;
    double write = 0;
    double slowestRead = Double.POSITIVE_INFINITY;
    double slowestWrite = Double.POSITIVE_INFINITY;
    double active = 0;
    double idle = 0;
    int devices = 0;
    List<Integer> perVolume = new ArrayList<>();
    for (int v = 0; v < nodeSpec.volumes().size(); v++) {
      if (!spec.tierOf(nodeSpec, v).equals(tiers.get(tier).name())) {
        continue;
      }
      VolumeSpec volume = nodeSpec.volumes().get(v);
      DeviceProfile device = volume.device();
      if (deviceModel == DeviceModel.PER_VOLUME) {
        double volumeRead = device.readMBps() * 1e6;
        double volumeWrite = device.writeMBps() * 1e6;
        int resource = network.addResource(volumeRead, volumeWrite, volumeRead, volumeWrite, 1);
        perVolume.add(resource);
        deviceGroups.add(new DeviceGroup(resource, node, tier, 1, device.activeWatts(), device.idleWatts()));
      }
      read += device.readMBps() * 1e6;
      fastestRead = Math.max(fastestRead, device.readMBps() * 1e6);
      write += device.writeMBps() * 1e6;
      slowestRead = Math.min(slowestRead, device.readMBps() * 1e6);
      slowestWrite = Math.min(slowestWrite, device.writeMBps() * 1e6);
      positionSeconds[node][tier] = Math.max(positionSeconds[node][tier], device.positionMillis() / 1000);
      active += device.activeWatts();
      idle += device.idleWatts();
      tierCapacity[tier] += volume.capacityBytes();
      devices++;
    }
    deviceReadRate[node][tier] = devices == 0 ? 0 : slowestRead;
    if (deviceModel == DeviceModel.PER_VOLUME || devices == 0) {
      deviceResources[node][tier] = perVolume.stream().mapToInt(Integer::intValue).toArray();
      return;
    }
    int resource = network.addResource(read, write, slowestRead, slowestWrite, devices);
    deviceResources[node][tier] = new int[] {resource};
    deviceGroups.add(new DeviceGroup(resource, node, tier, devices, active / devices, idle / devices));
  }

  /** The read rate of the fastest device in the cluster, bytes per second: no map reads faster. */
  public double fastestReadBytesPerSecond() {
    return fastestRead;
  }

  public ClusterSpec spec() {
    return spec;
  }

  public DeviceModel deviceModel() {
    return deviceModel;
  }

  public ClusterModel model() {
    return model;
  }

  public FlowNetwork network() {
    return network;
  }

  public List<Tier> tiers() {
    return tiers;
  }

  public int nodeCount() {
    return hosts.length;
  }

  public int rackCount() {
    return uplinkUp.length;
  }

  public String host(int node) {
    return hosts[node];
  }

  public String rackName(int node) {
    return rackOfNode[node];
  }

  public int rack(int node) {
    return rackIndex[node];
  }

  public String tierName(int tier) {
    return tiers.get(tier).name();
  }

  /**
   * The device resource holding the replica of block {@code blockKey} on a node's tier, or -1 when the node has
   * none: the pooled resource, or the volume {@link #volumeIndex} picks.
   */
  public int device(int node, int tier, long blockKey) {
    int[] resources = deviceResources[node][tier];
    if (resources.length == 0) {
      return -1;
    }
    return resources[volumeIndex(blockKey, node, resources.length)];
  }

  /** How many device resources a node's tier has: 1 when pooled, its volume count per volume, 0 when none. */
  public int deviceCount(int node, int tier) {
    return deviceResources[node][tier].length;
  }

  /**
   * Which of a node's {@code volumes} volumes of a tier holds a block's replica: a deterministic hash of the block
   * and the node, uniform over the volumes. HDFS's DataNode picks round-robin over its volumes of the storage
   * type (RoundRobinVolumeChoosingPolicy); that spreads a node's replicas evenly too, but would need the choice
   * stored per replica, and a hash gives the same spread while a replica keeps its volume for every read.
   */
  public static int volumeIndex(long blockKey, int node, int volumes) {
    if (volumes <= 1) {
      return 0;
    }
    long mixed = blockKey * 0x9E3779B97F4A7C15L + node;
    // SplitMix64's finalizer: neighbouring blocks and nodes land on unrelated volumes.
    mixed = (mixed ^ (mixed >>> 30)) * 0xBF58476D1CE4E5B9L;
    mixed = (mixed ^ (mixed >>> 27)) * 0x94D049BB133111EBL;
    mixed ^= mixed >>> 31;
    return (int) Math.floorMod(mixed, (long) volumes);
  }

  /**
   * Where node {@code node} keeps intermediate data. The spec's {@code intermediate} key decides, through the same
   * {@link ClusterSpec#intermediateVolumes} the embedded and multi-host clusters lay YARN's local dirs out by; a
   * spec without it gets the node's slowest primary tier (YARN's default dirs sit on the system disks, which in
   * hatS's and AptStore's clusters are the HDDs).
   */
  private int intermediateTierOf(int node, NodeSpec nodeSpec) {
    List<Integer> volumes = spec.intermediateVolumes(nodeSpec);
    if (!volumes.isEmpty()) {
      int tier = model.tierIndex(spec.tierOf(nodeSpec, volumes.get(0)));
      if (tiers.get(tier).backup()) {
        throw new IllegalArgumentException("node " + hosts[node] + ": intermediate tier '" + tiers.get(tier).name()
            + "' is a backup tier, kept asleep; name a primary tier for intermediate data");
      }
      return tier;
    }
    int fallback = localDirTier(node);
    if (fallback < 0) {
      throw new IllegalArgumentException("node " + hosts[node]
          + " has no primary (non-backup, non-ARCHIVE) volume for intermediate data");
    }
    return fallback;
  }

  /**
   * The slowest of the node's tiers that MapReduce keeps its local directories on, or -1: neither a backup tier (kept
   * asleep) nor an ARCHIVE tier (a filer share or archive disks, which hold HDFS replicas, not shuffle files).
   */
  private int localDirTier(int node) {
    for (int t = tiers.size() - 1; t >= 0; t--) {
      Tier tier = tiers.get(t);
      if (deviceResources[node][t].length > 0 && !tier.backup() && tier.storageKind() != StorageKind.ARCHIVE) {
        return t;
      }
    }
    return -1;
  }

  /**
   * Where a node keeps intermediate data (map outputs, merges, what the shuffle serves): the spec's
   * {@code intermediate} tier, else its slowest local primary tier (HDDs in hatS's setup).
   */
  public int intermediateTier(int node) {
    return intermediateTier[node];
  }

  /** Seconds a device of the node's tier spends positioning before a random read (its slowest volume's). */
  public double positionSeconds(int node, int tier) {
    return positionSeconds[node][tier];
  }

  /** Most bytes per second one flow reads from a device of the node's tier (its slowest volume's read rate). */
  public double deviceReadRate(int node, int tier) {
    return deviceReadRate[node][tier];
  }

  /** Total bytes the spec gives the tier across all nodes. */
  public long tierCapacity(int tier) {
    return tierCapacity[tier];
  }

  public List<DeviceGroup> deviceGroups() {
    return deviceGroups;
  }

  /**
   * The resources a transfer of block {@code blockKey} crosses from {@code from}'s tier {@code tier} (a read of
   * the device holding it) to node {@code to}.
   */
  public int[] readPath(int from, int tier, int to, long blockKey) {
    int device = device(from, tier, blockKey);
    if (from == to) {
      return new int[] {device};
    }
    if (rackIndex[from] == rackIndex[to]) {
      return new int[] {device, nicOut[from], nicIn[to]};
    }
    return new int[] {device, nicOut[from], uplinkUp[rackIndex[from]], uplinkDown[rackIndex[to]], nicIn[to]};
  }

  /**
   * The resources a copy of a block crosses (re-replication, a move between tiers): the source device, the
   * network between the nodes, the target device. The flow is a write, so the source device is charged at its
   * write rate, a little pessimistic for it; the target's write rate bounds such a copy anyway.
   */
  public int[] copyPath(int from, int fromTier, int to, int toTier, long blockKey) {
    int source = device(from, fromTier, blockKey);
    int target = device(to, toTier, blockKey);
    if (from == to) {
      return new int[] {source, target};
    }
    if (rackIndex[from] == rackIndex[to]) {
      return new int[] {source, nicOut[from], nicIn[to], target};
    }
    return new int[] {source, nicOut[from], uplinkUp[rackIndex[from]], uplinkDown[rackIndex[to]], nicIn[to], target};
  }

  /**
   * The resources of an HDFS write pipeline: the writer sends to the first target, each target stores the block on
   * its device and forwards it to the next. {@code writer} may be -1 (a client outside the cluster: its own
   * link is not modeled).
   */
  public int[] writePath(int writer, int[] targetNodes, int[] targetTiers, int targets, long blockKey) {
    int[] path = new int[targets * 6];
    int size = 0;
    int from = writer;
    for (int i = 0; i < targets; i++) {
      int to = targetNodes[i];
      path[size++] = device(to, targetTiers[i], blockKey);
      if (from >= 0 && from != to) {
        path[size++] = nicOut[from];
        path[size++] = nicIn[to];
        if (rackIndex[from] != rackIndex[to]) {
          path[size++] = uplinkUp[rackIndex[from]];
          path[size++] = uplinkDown[rackIndex[to]];
        }
      }
      from = to;
    }
    return Arrays.copyOf(path, size);
  }
}
