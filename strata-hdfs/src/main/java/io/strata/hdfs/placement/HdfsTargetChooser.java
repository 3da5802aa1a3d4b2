package io.strata.hdfs.placement;

import io.strata.core.placement.Replica;
import io.strata.core.placement.Scope;
import io.strata.core.placement.TargetChooser;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;

/**
 * Finds nodes for one block on the live NameNode, through HDFS's own random choice, so each target passes
 * HDFS's checks (enough remaining space on a storage of the type, not stale, not decommissioning, not
 * overloaded, rack limits). Tiers become storage types; the candidate nodes of a tier come from the
 * {@link TierNodeIndex}, which also tells tiers that split one storage type by host apart.
 */
final class HdfsTargetChooser implements TargetChooser {
  private final StrataBlockPlacementPolicy policy;
  private final TierNodeIndex.Snapshot index;
  private final DatanodeDescriptor writer;
  private final AttemptExclusions excluded;
  private final long blocksize;
  private final int maxPerRack;
  private final List<DatanodeStorageInfo> results;
  private final boolean avoidStale;
  private int rackCount = -1;
  private List<String> writerTiers;

  HdfsTargetChooser(StrataBlockPlacementPolicy policy, TierNodeIndex.Snapshot index, DatanodeDescriptor writer,
      AttemptExclusions excluded, long blocksize, int maxPerRack, List<DatanodeStorageInfo> results,
      boolean avoidStale) {
    this.policy = policy;
    this.index = index;
    this.writer = writer;
    this.excluded = excluded;
    this.blocksize = blocksize;
    this.maxPerRack = maxPerRack;
    this.results = results;
    this.avoidStale = avoidStale;
  }

  @Override
  public List<Tier> tiers() {
    return index.tiers();
  }

  /** Asked per replica; read once per block, as the topology's lock is taken to read it. */
  @Override
  public int rackCount() {
    if (rackCount < 0) {
      rackCount = policy.topology().getNumOfNonEmptyRacks();
    }
    return rackCount;
  }

  @Override
  public List<String> tiersOn(String host) {
    if (writer == null || !writer.getHostName().equals(host)) {
      return List.of();
    }
    if (writerTiers == null) { // asked per replica, the same for the whole block
      List<String> tiers = new ArrayList<>();
      for (DatanodeStorageInfo storage : writer.getStorageInfos()) {
        String tier = policy.replicaOf(storage).tier();
        if (!tiers.contains(tier)) {
          tiers.add(tier);
        }
      }
      writerTiers = List.copyOf(tiers);
    }
    return writerTiers;
  }

  @Override
  public Set<String> writeGroup() {
    return policy.writeGroupNow();
  }

  @Override
  public Replica choose(List<String> tierNames, Scope scope) {
    if (tierNames.size() == 1) {
      return chooseIn(tierNames.get(0), scope);
    }
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
    int n = tierNames.size();
    int[] weights = new int[n];
    int total = 0;
    for (int i = 0; i < n; i++) {
      weights[i] = Math.max(1, index.count(tierNames.get(i)));
      total += weights[i];
    }
    List<String> ordered = new ArrayList<>(n);
    boolean[] taken = new boolean[n];
    ThreadLocalRandom random = ThreadLocalRandom.current();
    while (ordered.size() < n) {
      int draw = random.nextInt(total);
      int i = 0;
      while (taken[i] || draw >= weights[i]) {
        if (!taken[i]) {
          draw -= weights[i];
        }
        i++;
      }
      taken[i] = true;
      total -= weights[i];
      ordered.add(tierNames.get(i));
    }
    return ordered;
  }

  private Replica chooseIn(String tier, Scope scope) {
    TierNodeIndex.TierTarget target = policy.tierTarget(tier);
    if (target == null) {
      return null;
    }
    DatanodeStorageInfo storage;
    if (scope instanceof Scope.Among among && among.within() instanceof Scope.OnHost onHost
        && !among.hosts().contains(onHost.host())) {
      return null;
    }
    if (scope instanceof Scope.NotAmong not && not.within() instanceof Scope.OnHost onHost
        && not.hosts().contains(onHost.host())) {
      return null;
    }
    Scope within = scope instanceof Scope.Among among ? among.within()
        : scope instanceof Scope.NotAmong not ? not.within() : scope;
    if (within instanceof Scope.OnHost onHost) {
      if (writer == null || !writer.getHostName().equals(onHost.host())) {
        return null;
      }
      storage = policy.onNode(writer, target, excluded, blocksize, maxPerRack, results, avoidStale);
    } else {
      storage = policy.randomIn(index, target, scope, excluded, blocksize, maxPerRack, results, avoidStale);
    }
    if (storage == null) {
      return null;
    }
    DatanodeDescriptor node = storage.getDatanodeDescriptor();
    excluded.add(node);
    // The node was checked to be of this tier (index pick or onNode), and its storage is of the tier's type.
    return new Replica(node.getHostName(), node.getNetworkLocation(), tier);
  }
}
