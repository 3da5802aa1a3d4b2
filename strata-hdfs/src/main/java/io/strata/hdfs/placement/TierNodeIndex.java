package io.strata.hdfs.placement;

import io.strata.core.device.StorageKind;
import io.strata.core.placement.Scope;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;

/**
 * The DataNodes of each tier, whole and by rack, so that a random node of a tier within a scope is a lookup rather
 * than HDFS's search by storage type followed by rejecting the nodes of the type's other tiers.
 *
 * <p>The index is a snapshot of the topology. It is rebuilt when the topology's node count changes (checked on
 * every {@link #current()}, a field read), when a pick meets a node that left the topology or changed rack, and in
 * any case once a second, which bounds how long a change that keeps the count (a node replaced by another, a
 * volume added) goes unseen. Staleness can only hide a node, never offer one outside the request: every pick
 * re-checks that the node is still in the topology, in service, in the scope (by its current rack) and not
 * excluded. HDFS then applies its own checks to the node (a storage of the type with room, load, staleness, rack
 * limits) and asks again when it fails them, as it does with the nodes its own search returns.
 */
final class TierNodeIndex {
  static final long REBUILD_NANOS = TimeUnit.SECONDS.toNanos(1);
  /** Random draws before a pick scans its candidates; draws are cheap, a scan is exact when most are ruled out. */
  private static final int DRAWS = 8;

  private final NetworkTopology topology;
  private final TierMap tierMap;
  /** True without a spec: the tiers are then the storage types the DataNodes have, as they register. */
  private final boolean tiersFollowCluster;
  private final LongSupplier nanoClock;
  private final ReentrantLock rebuilding = new ReentrantLock();
  private volatile Snapshot snapshot;
  private volatile boolean stale;

  TierNodeIndex(NetworkTopology topology, TierMap tierMap, boolean tiersFollowCluster) {
    this(topology, tierMap, tiersFollowCluster, System::nanoTime);
  }

  TierNodeIndex(NetworkTopology topology, TierMap tierMap, LongSupplier nanoClock) {
    this(topology, tierMap, false, nanoClock);
  }

  private TierNodeIndex(NetworkTopology topology, TierMap tierMap, boolean tiersFollowCluster,
      LongSupplier nanoClock) {
    this.topology = topology;
    this.tierMap = tierMap;
    this.tiersFollowCluster = tiersFollowCluster;
    this.nanoClock = nanoClock;
  }

  /** True when this index is over {@code topology}. */
  boolean indexes(NetworkTopology topology) {
    return this.topology == topology;
  }

  /** A tier a replica may be placed on, with the HDFS storage type its volumes have. */
  record TierTarget(String tier, StorageKind kind, StorageType type) {
    static TierTarget of(Tier tier) {
      return new TierTarget(tier.name(), tier.storageKind(), StorageType.valueOf(tier.storageKind().name()));
    }
  }

  /** The nodes of one tier: all of them, and by rack. */
  private record TierNodes(DatanodeDescriptor[] all, Map<String, DatanodeDescriptor[]> byRack) {}

  /** The index as built from the topology at one moment; never changes. */
  final class Snapshot {
    private final int leaves;
    private final long builtNanos;
    private final Map<String, TierNodes> byTier;
    private final List<Tier> tiers;

    private Snapshot(int leaves, long builtNanos, Map<String, TierNodes> byTier, List<Tier> tiers) {
      this.leaves = leaves;
      this.builtNanos = builtNanos;
      this.byTier = byTier;
      this.tiers = tiers;
    }

    /**
     * The tiers policies choose among, fastest first: the tier map's, or without a spec only the storage types
     * the DataNodes have (all of the map's until a DataNode reports a storage).
     */
    List<Tier> tiers() {
      return tiers;
    }

    /** Nodes of the tier in the cluster (in service or not). */
    int count(String tier) {
      TierNodes nodes = byTier.get(tier);
      return nodes == null ? 0 : nodes.all().length;
    }

    /**
     * A node of {@code target}'s tier drawn at random, uniformly, among those in {@code scope} that are in the
     * topology, in service and not in {@code excluded}; null when none is.
     * {@link Scope.OnHost} is not a random choice and has no nodes here.
     */
    DatanodeDescriptor random(TierTarget target, Scope scope, Collection<Node> excluded) {
      TierNodes nodes = byTier.get(target.tier());
      Scope within = scope instanceof Scope.Among among ? among.within()
          : scope instanceof Scope.NotAmong not ? not.within() : scope;
      if (nodes == null || within instanceof Scope.OnHost) {
        return null;
      }
      DatanodeDescriptor[] candidates = within instanceof Scope.InRack inRack
          ? nodes.byRack().get(inRack.rack())
          : nodes.all();
      if (candidates == null || candidates.length == 0) {
        return null;
      }
      ThreadLocalRandom random = ThreadLocalRandom.current();
      for (int draw = 0; draw < Math.min(DRAWS, candidates.length); draw++) {
        DatanodeDescriptor node = candidates[random.nextInt(candidates.length)];
        if (eligible(node, target, scope, excluded)) {
          return node;
        }
      }
      if (scope instanceof Scope.OutsideRacks outside && nodesOutside(nodes, outside) == 0) {
        return null; // e.g. "another rack" on a one-rack cluster
      }
      // Most candidates are ruled out: choose among those that are not, so the choice stays uniform and certain.
      List<DatanodeDescriptor> left = new ArrayList<>();
      for (DatanodeDescriptor node : candidates) {
        if (eligible(node, target, scope, excluded)) {
          left.add(node);
        }
      }
      return left.isEmpty() ? null : left.get(random.nextInt(left.size()));
    }

    /** Nodes of the tier outside the racks, as indexed (e.g. none on a one-rack cluster). */
    private int nodesOutside(TierNodes nodes, Scope.OutsideRacks outside) {
      int inside = 0;
      for (String rack : outside.racks()) {
        DatanodeDescriptor[] inRack = nodes.byRack().get(rack);
        inside += inRack == null ? 0 : inRack.length;
      }
      return nodes.all().length - inside;
    }

    private boolean eligible(DatanodeDescriptor node, TierTarget target, Scope scope, Collection<Node> excluded) {
      if (scope instanceof Scope.Among among) {
        return among.hosts().contains(node.getHostName()) && eligible(node, target, among.within(), excluded);
      }
      if (scope instanceof Scope.NotAmong not) {
        return !not.hosts().contains(node.getHostName()) && eligible(node, target, not.within(), excluded);
      }
      String rack = node.getNetworkLocation();
      if (scope instanceof Scope.OutsideRacks outside && outside.racks().contains(rack)
          || excluded.contains(node) || !node.isInService()) {
        return false;
      }
      // Candidates of an in-rack pick come from that rack's list: a node found elsewhere has moved.
      boolean movedRack = scope instanceof Scope.InRack inRack && !inRack.rack().equals(rack);
      if (movedRack || !topology.contains(node)
          || !target.tier().equals(tierMap.tierName(node.getHostName(), target.kind(), null))) {
        stale = true; // the node left the topology, its rack or its tier (re-registered) since the index was built
        return false;
      }
      return true;
    }
  }

  /** The index for the topology as it is now, rebuilt first when it is out of date. */
  Snapshot current() {
    Snapshot known = snapshot;
    if (known != null && !stale && known.leaves == topology.getNumOfLeaves()
        && nanoClock.getAsLong() - known.builtNanos < REBUILD_NANOS) {
      return known;
    }
    if (known == null) {
      rebuilding.lock();
    } else if (!rebuilding.tryLock()) {
      return known; // another thread is rebuilding; the picks' own checks keep this one safe meanwhile
    }
    try {
      if (snapshot != known && snapshot != null) {
        return snapshot;
      }
      stale = false;
      snapshot = build();
      return snapshot;
    } finally {
      rebuilding.unlock();
    }
  }

  private Snapshot build() {
    long now = nanoClock.getAsLong();
    int leaves = topology.getNumOfLeaves();
    Map<String, List<DatanodeDescriptor>> all = new HashMap<>();
    Set<StorageKind> kinds = EnumSet.noneOf(StorageKind.class);
    Map<String, Map<String, List<DatanodeDescriptor>>> byRack = new HashMap<>();
    for (Node leaf : topology.getLeaves(NodeBase.ROOT)) {
      if (!(leaf instanceof DatanodeDescriptor node)) {
        continue;
      }
      for (StorageType type : node.getStorageTypes()) {
        StorageKind kind = StorageKind.valueOf(type.name());
        kinds.add(kind);
        String tier = tierMap.tierName(node.getHostName(), kind, null);
        List<DatanodeDescriptor> inTier = all.computeIfAbsent(tier, t -> new ArrayList<>());
        if (!inTier.isEmpty() && inTier.get(inTier.size() - 1) == node) {
          continue; // two storage types of the node in one tier
        }
        inTier.add(node);
        byRack.computeIfAbsent(tier, t -> new HashMap<>())
            .computeIfAbsent(node.getNetworkLocation(), r -> new ArrayList<>()).add(node);
      }
    }
    Map<String, TierNodes> byTier = new HashMap<>();
    all.forEach((tier, nodes) -> {
      Map<String, DatanodeDescriptor[]> racks = new HashMap<>();
      byRack.get(tier).forEach((rack, inRack) -> racks.put(rack, inRack.toArray(new DatanodeDescriptor[0])));
      byTier.put(tier, new TierNodes(nodes.toArray(new DatanodeDescriptor[0]), Map.copyOf(racks)));
    });
    List<Tier> tiers = tiersFollowCluster && !kinds.isEmpty() ? TierMap.byStorageKind(kinds).tiers() : tierMap.tiers();
    return new Snapshot(leaves, now, Map.copyOf(byTier), tiers);
  }
}
