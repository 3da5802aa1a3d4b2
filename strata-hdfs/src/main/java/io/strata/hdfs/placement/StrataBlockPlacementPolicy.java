package io.strata.hdfs.placement;

import io.strata.core.device.StorageKind;
import io.strata.core.placement.Placement;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.placement.PlacementRequest;
import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.Replica;
import io.strata.core.tier.TierMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.Node;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Strata's NameNode placement plugin ({@code dfs.block.replicator.classname}). For each file it looks up the
 * placement rule of the file's path: under {@code default} it is HDFS's own policy, untouched; under any other
 * rule the decision core's policy decides which tier and rack each replica goes to, and HDFS's own machinery
 * ({@link HdfsTargetChooser}) finds nodes with room, load and liveness checks intact.
 *
 * <p>Like {@code BlockPlacementPolicyRackFaultTolerant} it only overrides the target-choice hooks and keeps the
 * default's invariants: a replica per node at most, HDFS's rack limits, and when a Strata policy finds too few
 * targets, HDFS's default placement completes the block, so Strata never fails a write HDFS would accept.
 */
public class StrataBlockPlacementPolicy extends BlockPlacementPolicyDefault implements Configurable {
  private static final Logger LOG = LoggerFactory.getLogger(StrataBlockPlacementPolicy.class);

  private Configuration conf;
  private boolean avoidStaleForWrite;
  private RulesInForce rules;
  private final NewBlockCounter blockCounter = new NewBlockCounter();
  private final OncePerFileLog fallbackWarnings = new OncePerFileLog();
  /** The tier the current thread's target search is restricted to, for {@link #chooseDataNode}. */
  private final ThreadLocal<TierFilter> tierFilter = new ThreadLocal<>();

  record TierFilter(String tier, StorageKind kind) {}

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.avoidStaleForWrite = conf.getBoolean("dfs.namenode.avoid.write.stale.datanode", false);
    this.rules = new RulesInForce(conf, PlacementSettings.from(conf));
    LOG.info("Strata placement plugin loaded: tiers {}, rules {}", rules.tierMap().tiers(), rules.current().rules());
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  /** The rules this NameNode applies now. */
  public PlacementRules rules() {
    return rules.current();
  }

  /** Re-reads the rules file in HDFS now (tests and tools; the NameNode also polls it). */
  public boolean refreshRules() {
    return rules.refresh();
  }

  TierMap tierMap() {
    return rules.tierMap();
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    PlacementPolicy policy = policyFor(srcPath);
    if (policy == null) {
      return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes, excludedNodes, blocksize,
          storagePolicy, flags);
    }
    return place(policy, srcPath, numOfReplicas, writer, chosen, returnChosenNodes, excludedNodes, blocksize,
        storagePolicy, flags);
  }

  @Override
  public DatanodeStorageInfo[] chooseTarget(String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags, EnumMap<StorageType, Integer> storageTypes) {
    PlacementPolicy policy = policyFor(srcPath);
    if (policy == null) {
      return super.chooseTarget(srcPath, numOfReplicas, writer, chosen, returnChosenNodes, excludedNodes, blocksize,
          storagePolicy, flags, storageTypes);
    }
    return place(policy, srcPath, numOfReplicas, writer, chosen, returnChosenNodes, excludedNodes, blocksize,
        storagePolicy, flags);
  }

  /** The Strata policy for a path, or null where HDFS's default applies. */
  private PlacementPolicy policyFor(String srcPath) {
    if (srcPath == null || rules == null) {
      return null;
    }
    if (rules.startPolling()) {
      PlacementMetrics.publish();
    }
    rules.settle();
    PlacementRules current = rules.current();
    PlacementRules.Rule rule = current.ruleFor(srcPath);
    return PlacementPolicies.DEFAULT.equals(rule.policy()) ? null : current.policyFor(srcPath);
  }

  private DatanodeStorageInfo[] place(PlacementPolicy policy, String srcPath, int numOfReplicas, Node writer,
      List<DatanodeStorageInfo> chosen, boolean returnChosenNodes, Set<Node> excludedNodes, long blocksize,
      BlockStoragePolicy storagePolicy, EnumSet<AddBlockFlag> flags) {
    if (numOfReplicas <= 0 || clusterMap.getNumOfLeaves() == 0) {
      return DatanodeStorageInfo.EMPTY_ARRAY;
    }
    int[] limits = getMaxNodesPerRack(chosen.size(), numOfReplicas);
    int needed = limits[0];
    boolean newBlock = chosen.isEmpty() && !returnChosenNodes;
    List<Replica> existing = new ArrayList<>();
    for (DatanodeStorageInfo storage : chosen) {
      existing.add(replicaOf(storage));
    }
    DatanodeDescriptor writerNode = writer instanceof DatanodeDescriptor d ? d : null;
    PlacementRequest request = new PlacementRequest(srcPath, newBlock ? blockCounter.next(srcPath) : -1,
        chosen.size() + needed, needed, existing, writerNode == null ? null : writerNode.getHostName(),
        writer == null ? null : writer.getNetworkLocation());

    Set<Node> excluded = excludedNodes == null ? new HashSet<>() : new HashSet<>(excludedNodes);
    chosen.forEach(s -> excluded.add(s.getDatanodeDescriptor()));
    List<DatanodeStorageInfo> results = new ArrayList<>(chosen);
    HdfsTargetChooser chooser = new HdfsTargetChooser(this, writerNode, excluded, blocksize, limits[1], results,
        avoidStaleForWrite);
    Placement placement = policy.place(request, chooser);
    PlacementMetrics.get().placedBlocks.incr();
    LOG.debug("{} block {} under '{}': existing {}, writer {}, chose {}", srcPath, request.blockIndex(), policy.name(),
        existing, request.writerHost(), placement.targets());
    if (!placement.fallbacks().isEmpty()) {
      PlacementMetrics.get().fallbackReplicas.incr(placement.fallbacks().size());
      if (fallbackWarnings.first(srcPath)) {
        LOG.warn("Strata placement: {} under policy '{}' could not use {}: placed on {} instead (tier full or "
            + "missing); further fallbacks of this file are only counted", srcPath, policy.name(),
            placement.fallbacks().get(0).wantedTiers(), placement.fallbacks().get(0).usedTier());
      }
    }
    if (results.size() < chosen.size() + needed) {
      // HDFS's own placement gets the last word, so a Strata rule never makes a write fail that HDFS would take.
      PlacementMetrics.get().defaultCompletions.incr();
      DatanodeStorageInfo[] more = super.chooseTarget(srcPath, chosen.size() + needed - results.size(), writer,
          new ArrayList<>(results), false, excludedNodes, blocksize, storagePolicy, flags);
      results.addAll(List.of(more));
    }
    if (!returnChosenNodes) {
      results.removeAll(chosen);
    }
    return pipeline(writer, results);
  }

  /**
   * Honours the delete hint of a move between storage types that the file's HDFS storage policy does not ask
   * for. Such moves come from Strata's tier moves (HDFS's Mover only moves towards the storage policy, its
   * Balancer never changes type); HDFS would ignore their hint, since the storage policy knows nothing of tiers,
   * and delete the new replica or another one instead. The hint is still refused when dropping it would leave
   * the block in fewer racks, as HDFS refuses it. Everything else is HDFS's own choice.
   */
  @Override
  public List<DatanodeStorageInfo> chooseReplicasToDelete(Collection<DatanodeStorageInfo> availableReplicas,
      Collection<DatanodeStorageInfo> delCandidates, int expectedNumOfReplicas, List<StorageType> excessTypes,
      DatanodeDescriptor addedNode, DatanodeDescriptor delNodeHint) {
    DatanodeStorageInfo hint = storageOn(delCandidates, delNodeHint);
    DatanodeStorageInfo added = storageOn(delCandidates, addedNode);
    if (hint == null || added == null || hint.getStorageType() == added.getStorageType()
        || excessTypes.contains(hint.getStorageType()) || delCandidates.size() <= expectedNumOfReplicas
        || !keepsRacks(availableReplicas, delCandidates, hint, added)) {
      return super.chooseReplicasToDelete(availableReplicas, delCandidates, expectedNumOfReplicas, excessTypes,
          addedNode, delNodeHint);
    }
    List<DatanodeStorageInfo> chosen = new ArrayList<>(List.of(hint));
    if (delCandidates.size() - expectedNumOfReplicas > 1) {
      List<DatanodeStorageInfo> available = new ArrayList<>(availableReplicas);
      available.remove(hint);
      List<DatanodeStorageInfo> candidates = new ArrayList<>(delCandidates);
      candidates.remove(hint);
      chosen.addAll(super.chooseReplicasToDelete(available, candidates, expectedNumOfReplicas, excessTypes, addedNode,
          null));
    }
    return chosen;
  }

  private static DatanodeStorageInfo storageOn(Collection<DatanodeStorageInfo> storages, DatanodeDescriptor node) {
    if (node == null) {
      return null;
    }
    for (DatanodeStorageInfo storage : storages) {
      if (storage.getDatanodeDescriptor().equals(node)) {
        return storage;
      }
    }
    return null;
  }

  /** HDFS's rule for a delete hint: the hint's rack keeps a replica, or the added replica brought a new rack. */
  private boolean keepsRacks(Collection<DatanodeStorageInfo> available, Collection<DatanodeStorageInfo> candidates,
      DatanodeStorageInfo hint, DatanodeStorageInfo added) {
    Map<String, List<DatanodeStorageInfo>> rackMap = new HashMap<>();
    List<DatanodeStorageInfo> moreThanOne = new ArrayList<>();
    List<DatanodeStorageInfo> exactlyOne = new ArrayList<>();
    splitNodesWithRack(available, candidates, rackMap, moreThanOne, exactlyOne);
    return moreThanOne.contains(hint) || !moreThanOne.contains(added);
  }

  /** Orders targets so that each is the nearest remaining one to the previous, starting from the writer. */
  private DatanodeStorageInfo[] pipeline(Node writer, List<DatanodeStorageInfo> targets) {
    DatanodeStorageInfo[] storages = targets.toArray(new DatanodeStorageInfo[0]);
    if (storages.length == 0) {
      return storages;
    }
    Node from = writer != null && clusterMap.contains(writer) ? writer : storages[0].getDatanodeDescriptor();
    for (int i = 0; i < storages.length; i++) {
      int nearest = i;
      for (int j = i + 1; j < storages.length; j++) {
        if (clusterMap.getDistance(from, storages[j].getDatanodeDescriptor())
            < clusterMap.getDistance(from, storages[nearest].getDatanodeDescriptor())) {
          nearest = j;
        }
      }
      DatanodeStorageInfo swap = storages[i];
      storages[i] = storages[nearest];
      storages[nearest] = swap;
      from = storages[i].getDatanodeDescriptor();
    }
    return storages;
  }

  Replica replicaOf(DatanodeStorageInfo storage) {
    DatanodeDescriptor node = storage.getDatanodeDescriptor();
    StorageKind kind = StorageKind.valueOf(storage.getStorageType().name());
    return new Replica(node.getHostName(), node.getNetworkLocation(), tierMap().tierName(node.getHostName(), kind, null));
  }

  /**
   * HDFS picks a random node of the wanted storage type here; when the wanted tier is only part of that storage
   * type (PCIe vs SATA SSD), nodes of the other tiers are skipped.
   */
  @Override
  protected DatanodeDescriptor chooseDataNode(String scope, Collection<Node> excludedNodes, StorageType type) {
    TierFilter filter = tierFilter.get();
    while (true) {
      DatanodeDescriptor node = super.chooseDataNode(scope, excludedNodes, type);
      if (node == null || filter == null || inTier(node, filter)) {
        return node;
      }
      excludedNodes.add(node); // callers pass a per-attempt copy
    }
  }

  boolean inTier(DatanodeDescriptor node, TierFilter filter) {
    return tierMap().tierName(node.getHostName(), filter.kind(), null).equals(filter.tier());
  }

  // Bridges for HdfsTargetChooser to HDFS's protected target-choice machinery.

  DatanodeStorageInfo randomIn(TierFilter filter, String scope, Set<Node> excluded, long blocksize, int maxPerRack,
      List<DatanodeStorageInfo> results, boolean avoidStale) {
    EnumMap<StorageType, Integer> types = new EnumMap<>(StorageType.class);
    types.put(StorageType.valueOf(filter.kind().name()), 1);
    tierFilter.set(filter);
    try {
      return chooseRandom(scope, excluded, blocksize, maxPerRack, results, avoidStale, types);
    } catch (NotEnoughReplicasException e) {
      return null;
    } finally {
      tierFilter.remove();
    }
  }

  DatanodeStorageInfo onNode(DatanodeDescriptor node, TierFilter filter, Set<Node> excluded, long blocksize,
      int maxPerRack, List<DatanodeStorageInfo> results, boolean avoidStale) {
    if (!inTier(node, filter)) {
      return null;
    }
    EnumMap<StorageType, Integer> types = new EnumMap<>(StorageType.class);
    types.put(StorageType.valueOf(filter.kind().name()), 1);
    try {
      return chooseLocalStorage(node, excluded, blocksize, maxPerRack, results, avoidStale, types, false);
    } catch (NotEnoughReplicasException e) {
      return null;
    }
  }

  org.apache.hadoop.net.NetworkTopology topology() {
    return clusterMap;
  }
}
