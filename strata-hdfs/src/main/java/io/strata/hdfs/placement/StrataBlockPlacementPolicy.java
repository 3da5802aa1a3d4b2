package io.strata.hdfs.placement;

import io.strata.core.device.StorageKind;
import io.strata.core.energy.CurrentWriteGroup;
import io.strata.core.energy.WriteGroups;
import io.strata.core.placement.Placement;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.placement.PlacementRequest;
import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.Replica;
import io.strata.core.placement.Scope;
import io.strata.core.tier.Tier;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.StrataKeys;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.AddBlockFlag;
import org.apache.hadoop.hdfs.protocol.BlockStoragePolicy;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockPlacementPolicyDefault;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeStorageInfo;
import org.apache.hadoop.net.NetworkTopology;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
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
  private boolean tiersFollowCluster;
  private RulesInForce rules;
  private final NewBlockCounter blockCounter = new NewBlockCounter();
  private final OncePerFileLog fallbackWarnings = new OncePerFileLog();
  private Map<String, TierNodeIndex.TierTarget> tierTargets = Map.of();
  private volatile TierNodeIndex tierIndex;
  private final Object tierIndexLock = new Object();
  private CurrentWriteGroup writeGroup;
  private volatile List<String> writeGroupHosts = List.of();
  private volatile long writeGroupHostsRead = Long.MIN_VALUE;
  private volatile int writeGroupHostsLeaves = -1;

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    this.avoidStaleForWrite = conf.getBoolean("dfs.namenode.avoid.write.stale.datanode", false);
    this.rules = new RulesInForce(conf, PlacementSettings.from(conf));
    this.tiersFollowCluster = !PlacementSettings.hasSpec(conf);
    Map<String, TierNodeIndex.TierTarget> targets = new HashMap<>();
    for (Tier tier : rules.tierMap().tiers()) {
      targets.put(tier.name(), TierNodeIndex.TierTarget.of(tier));
    }
    this.tierTargets = Map.copyOf(targets);
    this.writeGroup = WriteGroups.parse(conf.get(StrataKeys.WRITE_GROUP), StrataKeys.WRITE_GROUP)
        .map(group -> new CurrentWriteGroup(group, this::dataNodeHosts, () -> System.currentTimeMillis() / 1000.0))
        .orElse(null);
    if (writeGroup != null) {
      LOG.info("Strata placement: {}", writeGroup.group().describe());
    }
    LOG.info("Strata placement plugin loaded: tiers {}; rules {}",
        rules.tierMap().tiers().stream().map(Tier::describe).collect(Collectors.joining(", ")),
        rules.current().describe());
    // The NameNode's block manager makes its policy after the metrics system started: published now, the
    // counters tell tools reading the NameNode's JMX that the plugin runs before any block is placed.
    PlacementMetrics.publish();
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

  /** Why the rules file in HDFS is not applied, or null while it is trusted. */
  String rulesDistrust() {
    return rules.distrust();
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
    rules.startPolling(this);
    rules.settle();
    PlacementRules current = rules.current();
    PlacementRules.Rule rule = current.ruleFor(srcPath);
    PlacementPolicy policy = current.policyOf(rule);
    return policy.leavesPlacementToHdfs() ? null : policy;
  }

  /** The tier index over this NameNode's topology, created on first use (the topology comes after the conf). */
  TierNodeIndex tierIndex() {
    TierNodeIndex index = tierIndex;
    if (index == null || !index.indexes(clusterMap)) {
      synchronized (tierIndexLock) {
        index = tierIndex;
        if (index == null || !index.indexes(clusterMap)) {
          index = new TierNodeIndex(clusterMap, tierMap(), tiersFollowCluster);
          tierIndex = index;
        }
      }
    }
    return index;
  }

  /** The write group's hosts now; empty without a write group. */
  Set<String> writeGroupNow() {
    return writeGroup == null ? Set.of() : writeGroup.members();
  }

  /**
   * The DataNodes the write group is dealt from: every node in the NameNode's topology (the live ones, which is
   * also what the NameNode's {@code LiveNodes} tells each power manager). Re-read when a node joins or leaves,
   * else every 10 s.
   */
  private List<String> dataNodeHosts() {
    int leaves = clusterMap.getNumOfLeaves();
    long nowNanos = System.nanoTime();
    if (leaves != writeGroupHostsLeaves || nowNanos - writeGroupHostsRead > 10_000_000_000L) {
      List<String> hosts = new ArrayList<>();
      for (Node node : clusterMap.getLeaves(NodeBase.ROOT)) {
        if (node instanceof DatanodeDescriptor d) {
          hosts.add(d.getHostName());
        }
      }
      hosts.sort(null);
      writeGroupHosts = List.copyOf(hosts);
      writeGroupHostsLeaves = leaves;
      writeGroupHostsRead = nowNanos;
    }
    return writeGroupHosts;
  }

  /** The tier called {@code name} as a target, or null for a name that is not a tier of the cluster. */
  TierNodeIndex.TierTarget tierTarget(String name) {
    return tierTargets.get(name);
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
    long blockIndex = newBlock && policy.needsBlockIndex() ? blockCounter.next(srcPath) : -1;
    PlacementRequest request = new PlacementRequest(srcPath, blockIndex,
        chosen.size() + needed, needed, existing, writerNode == null ? null : writerNode.getHostName(),
        writer == null ? null : writer.getNetworkLocation());

    AttemptExclusions excluded = new AttemptExclusions(excludedNodes);
    for (DatanodeStorageInfo storage : chosen) {
      excluded.add(storage.getDatanodeDescriptor());
    }
    List<DatanodeStorageInfo> results = new ArrayList<>(chosen);
    HdfsTargetChooser chooser = new HdfsTargetChooser(this, tierIndex().current(), writerNode, excluded, blocksize,
        limits[1], results, avoidStaleForWrite);
    Placement placement = policy.place(request, chooser);
    PlacementMetrics.get().placedBlocks.incr();
    if (LOG.isDebugEnabled()) {
      LOG.debug("{} block {} under '{}': existing {}, writer {}, chose {}", srcPath, request.blockIndex(),
          policy.name(), existing, request.writerHost(), placement.targets());
    }
    if (!placement.fallbacks().isEmpty()) {
      PlacementMetrics.get().fallbackReplicas.incr(placement.fallbacks().size());
      if (fallbackWarnings.first(srcPath)) {
        LOG.warn("Strata placement: {} under policy '{}' could not use {}: placed on {} instead (tier full or "
            + "missing); further fallbacks of this file are only counted", srcPath, policy.name(),
            placement.fallbacks().get(0).wantedTiers(), placement.fallbacks().get(0).usedTier());
      }
    }
    if (placement.outsideWriteGroup() > 0) {
      PlacementMetrics.get().outsideWriteGroup.incr(placement.outsideWriteGroup());
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
      int nearestDistance = clusterMap.getDistance(from, storages[i].getDatanodeDescriptor());
      for (int j = i + 1; j < storages.length; j++) {
        int distance = clusterMap.getDistance(from, storages[j].getDatanodeDescriptor());
        if (distance < nearestDistance) {
          nearest = j;
          nearestDistance = distance;
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
    return new Replica(node.getHostName(), node.getNetworkLocation(),
        tierMap().tierName(node.getHostName(), kind, null));
  }

  /**
   * HDFS's random choice of a node of a storage type. During a Strata attempt it is a random node of the attempt's
   * tier in its scope, from the tier index (a storage type may hold several tiers, e.g. PCIe and SATA SSDs); HDFS
   * then checks the node as it checks its own picks, and asks again if the node fails.
   */
  @Override
  protected DatanodeDescriptor chooseDataNode(String scope, Collection<Node> excludedNodes, StorageType type) {
    if (excludedNodes instanceof AttemptExclusions attempt && attempt.choosesByTier()) {
      return attempt.randomNode();
    }
    return super.chooseDataNode(scope, excludedNodes, type);
  }

  /** As above, for a topology that does not track storage types (not a {@code DFSNetworkTopology}). */
  @Override
  protected DatanodeDescriptor chooseDataNode(String scope, Collection<Node> excludedNodes) {
    if (excludedNodes instanceof AttemptExclusions attempt && attempt.choosesByTier()) {
      return attempt.randomNode();
    }
    return super.chooseDataNode(scope, excludedNodes);
  }

  // Bridges for HdfsTargetChooser to HDFS's protected target-choice machinery.

  /** A storage of {@code target} on a random node of its tier in {@code scope} that passes HDFS's checks. */
  DatanodeStorageInfo randomIn(TierNodeIndex.Snapshot index, TierNodeIndex.TierTarget target, Scope scope,
      AttemptExclusions excluded, long blocksize, int maxPerRack, List<DatanodeStorageInfo> results,
      boolean avoidStale) {
    DatanodeStorageInfo storage = null;
    excluded.begin(index, target, scope);
    try {
      if (!excluded.drawFirst()) {
        return null;
      }
      // The scope string is not read: chooseDataNode above takes the attempt's scope from the excluded set.
      storage = chooseRandom(NodeBase.ROOT, excluded, blocksize, maxPerRack, results, avoidStale, typeOf(target));
      return storage;
    } catch (NotEnoughReplicasException e) {
      return null;
    } finally {
      excluded.end(storage == null ? null : storage.getDatanodeDescriptor());
    }
  }

  /** A storage of {@code target} on {@code node}, if the node is of that tier and passes HDFS's checks. */
  DatanodeStorageInfo onNode(DatanodeDescriptor node, TierNodeIndex.TierTarget target, AttemptExclusions excluded,
      long blocksize, int maxPerRack, List<DatanodeStorageInfo> results, boolean avoidStale) {
    if (!target.tier().equals(tierMap().tierName(node.getHostName(), target.kind(), null))) {
      return null;
    }
    DatanodeStorageInfo storage = null;
    excluded.begin(null, target, null);
    try {
      storage = chooseLocalStorage(node, excluded, blocksize, maxPerRack, results, avoidStale, typeOf(target),
          false);
      return storage;
    } catch (NotEnoughReplicasException e) {
      return null;
    } finally {
      excluded.end(storage == null ? null : storage.getDatanodeDescriptor());
    }
  }

  /** HDFS's "one replica of this type" request; a new map per call, since HDFS counts it down. */
  private static EnumMap<StorageType, Integer> typeOf(TierNodeIndex.TierTarget target) {
    EnumMap<StorageType, Integer> types = new EnumMap<>(StorageType.class);
    types.put(target.type(), 1);
    return types;
  }

  NetworkTopology topology() {
    return clusterMap;
  }
}
