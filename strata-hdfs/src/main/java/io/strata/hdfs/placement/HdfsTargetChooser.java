package io.strata.hdfs.placement;

import io.strata.core.placement.Replica;
import io.strata.core.placement.Scope;
import io.strata.core.placement.TargetChooser;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;

/**
 * Finds nodes for one block on the live NameNode, through HDFS's own random choice, so each target passes
 * HDFS's checks (enough remaining space on a storage of the type, not stale, not decommissioning, not
 * overloaded, rack limits). Tiers become storage types plus, for tiers that split a type by host, a host filter.
 */
final class HdfsTargetChooser implements TargetChooser {
  private final StrataBlockPlacementPolicy policy;
  private final DatanodeDescriptor writer;
  private final Set<Node> excluded;
  private final long blocksize;
  private final int maxPerRack;
  private final List<DatanodeStorageInfo> results;
  private final boolean avoidStale;

  HdfsTargetChooser(StrataBlockPlacementPolicy policy, DatanodeDescriptor writer, Set<Node> excluded, long blocksize,
      int maxPerRack, List<DatanodeStorageInfo> results, boolean avoidStale) {
    this.policy = policy;
    this.writer = writer;
    this.excluded = excluded;
    this.blocksize = blocksize;
    this.maxPerRack = maxPerRack;
    this.results = results;
    this.avoidStale = avoidStale;
  }

  @Override
  public List<Tier> tiers() {
    return policy.tierMap().tiers();
  }

  @Override
  public int rackCount() {
    return policy.topology().getNumOfNonEmptyRacks();
  }

  @Override
  public List<String> tiersOn(String host) {
    if (writer == null || !writer.getHostName().equals(host)) {
      return List.of();
    }
    List<String> tiers = new ArrayList<>();
    for (DatanodeStorageInfo storage : writer.getStorageInfos()) {
      String tier = policy.replicaOf(storage).tier();
      if (!tiers.contains(tier)) {
        tiers.add(tier);
      }
    }
    return tiers;
  }

  @Override
  public Replica choose(List<String> tierNames, Scope scope) {
    for (String tier : order(tierNames)) {
      Replica chosen = chooseIn(tier, scope);
      if (chosen != null) {
        return chosen;
      }
    }
    return null;
  }

  /**
   * Several acceptable tiers are tried in a random order weighted by their node counts, so that tiers are used
   * in proportion to their nodes, as a random choice over all their nodes would.
   */
  private List<String> order(List<String> tierNames) {
    if (tierNames.size() <= 1) {
      return tierNames;
    }
    List<String> left = new ArrayList<>(tierNames);
    List<Integer> weights = new ArrayList<>();
    for (String tier : left) {
      weights.add(Math.max(1, nodesIn(tier)));
    }
    List<String> ordered = new ArrayList<>();
    while (!left.isEmpty()) {
      int total = weights.stream().mapToInt(Integer::intValue).sum();
      int draw = ThreadLocalRandom.current().nextInt(total);
      int i = 0;
      while (draw >= weights.get(i)) {
        draw -= weights.get(i++);
      }
      ordered.add(left.remove(i));
      weights.remove(i);
    }
    return ordered;
  }

  private int nodesIn(String tier) {
    Tier t = policy.tierMap().find(tier).orElse(null);
    if (t == null) {
      return 0;
    }
    StrataBlockPlacementPolicy.TierFilter filter = new StrataBlockPlacementPolicy.TierFilter(tier, t.storageKind());
    int count = 0;
    for (Node node : policy.topology().getLeaves(NodeBase.ROOT)) {
      if (node instanceof DatanodeDescriptor d && policy.inTier(d, filter)
          && d.getStorageTypes().contains(org.apache.hadoop.fs.StorageType.valueOf(t.storageKind().name()))) {
        count++;
      }
    }
    return count;
  }

  private Replica chooseIn(String tier, Scope scope) {
    Tier t = policy.tierMap().find(tier).orElse(null);
    if (t == null) {
      return null;
    }
    StrataBlockPlacementPolicy.TierFilter filter = new StrataBlockPlacementPolicy.TierFilter(tier, t.storageKind());
    Set<Node> attemptExcluded = new HashSet<>(excluded);
    DatanodeStorageInfo storage;
    if (scope instanceof Scope.OnHost onHost) {
      if (writer == null || !writer.getHostName().equals(onHost.host())) {
        return null;
      }
      storage = policy.onNode(writer, filter, attemptExcluded, blocksize, maxPerRack, results, avoidStale);
    } else {
      storage = policy.randomIn(filter, hdfsScope(scope, attemptExcluded), attemptExcluded, blocksize, maxPerRack,
          results, avoidStale);
    }
    if (storage == null) {
      return null;
    }
    excluded.add(storage.getDatanodeDescriptor());
    return policy.replicaOf(storage);
  }

  /** HDFS scope syntax: a rack path, or {@code ~} and a rack path for "outside it". */
  private String hdfsScope(Scope scope, Set<Node> attemptExcluded) {
    if (scope instanceof Scope.InRack inRack) {
      return inRack.rack();
    }
    if (scope instanceof Scope.OutsideRacks outside) {
      if (outside.racks().size() == 1) {
        return "~" + outside.racks().iterator().next();
      }
      NetworkTopology topology = policy.topology();
      for (String rack : outside.racks()) {
        attemptExcluded.addAll(topology.getLeaves(rack));
      }
    }
    return NodeBase.ROOT;
  }
}
