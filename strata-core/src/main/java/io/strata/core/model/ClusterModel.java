package io.strata.core.model;

import io.strata.core.placement.Replica;
import io.strata.core.placement.Scope;
import io.strata.core.placement.TargetChooser;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A cluster as the simulator and the policy tests see it: nodes in racks, the free bytes each node has per tier,
 * and which nodes are alive. It hands out {@link TargetChooser}s that pick nodes the way HDFS's random choice
 * does (uniformly among the nodes that qualify) and reserve the space they place.
 *
 * <p>Built for clusters of hundreds of nodes and millions of blocks: nodes, racks and tiers are indexed, and a
 * choice draws random nodes from the smallest set that can hold the answer (the node, its rack, the nodes that
 * have the one wanted tier) until one qualifies, scanning that set only when a few draws all miss. Every draw
 * is uniform over the set and a miss is simply redrawn, so the node chosen is uniform over the qualifying nodes,
 * exactly as with a full scan.
 */
public final class ClusterModel {
  /** Random draws before a choice falls back to scanning its candidate set. */
  private static final int DRAWS_BEFORE_SCAN = 24;

  /** One node: where it is and its free bytes per tier. */
  public static final class Node {
    private final String host;
    private final String rack;
    private final int index;
    private final int rackIndex;
    private final Map<String, Integer> tierIndex;
    private final long[] free;
    private final boolean[] has;
    private final Set<String> tierNames = new LinkedHashSet<>();
    private List<String> tierList = List.of();
    private boolean alive = true;

    Node(String host, String rack, int index, int rackIndex, Map<String, Integer> tierIndex, int tierCount) {
      this.host = host;
      this.rack = rack;
      this.index = index;
      this.rackIndex = rackIndex;
      this.tierIndex = tierIndex;
      this.free = new long[tierCount];
      this.has = new boolean[tierCount];
    }

    public String host() {
      return host;
    }

    public String rack() {
      return rack;
    }

    /** Position of the node in {@link ClusterModel#nodes()}. */
    public int index() {
      return index;
    }

    /** Position of the node's rack in {@link ClusterModel#racks()}. */
    public int rackIndex() {
      return rackIndex;
    }

    public boolean alive() {
      return alive;
    }

    public long free(String tier) {
      Integer t = tierIndex.get(tier);
      return t == null || !has[t] ? 0L : free[t];
    }

    /** Free bytes on the tier with index {@code tier} in {@link ClusterModel#tiers()}; 0 when the node lacks it. */
    public long free(int tier) {
      return has[tier] ? free[tier] : 0L;
    }

    /** True when the node has volumes of the tier with this index. */
    public boolean has(int tier) {
      return has[tier];
    }

    public Set<String> tiers() {
      return Collections.unmodifiableSet(tierNames);
    }

    void add(int tier, String name, long bytes) {
      if (!has[tier]) {
        has[tier] = true;
        tierNames.add(name);
        tierList = List.copyOf(tierNames);
      }
      free[tier] += bytes;
    }
  }

  private final List<Tier> tiers;
  private final Map<String, Integer> tierIndex = new HashMap<>();
  private final List<Node> nodes = new ArrayList<>();
  private final Map<String, Node> byHost = new LinkedHashMap<>();
  private final List<String> racks = new ArrayList<>();
  private final Map<String, Integer> rackIndex = new HashMap<>();
  private final int[] allNodes;
  private final int[][] nodesInRack;
  private final int[][] nodesWithTier;
  private int liveRacks;
  private Supplier<Set<String>> writeGroup = Set::of;
  /** The last host set an {@link Scope.Among} named, as node indices and flags: a group lasts a whole turn. */
  private Set<String> groupHosts;
  private int[] groupNodes = new int[0];
  private boolean[] inGroup;

  public ClusterModel(ClusterSpec spec) {
    this.tiers = spec.tierMap().tiers();
    for (Tier tier : tiers) {
      tierIndex.put(tier.name(), tierIndex.size());
    }
    List<List<Integer>> rackMembers = new ArrayList<>();
    for (NodeSpec nodeSpec : spec.nodes()) {
      Integer r = rackIndex.get(nodeSpec.rack());
      if (r == null) {
        r = racks.size();
        rackIndex.put(nodeSpec.rack(), r);
        racks.add(nodeSpec.rack());
        rackMembers.add(new ArrayList<>());
      }
      Node node = new Node(nodeSpec.host(), nodeSpec.rack(), nodes.size(), r, tierIndex, tiers.size());
      for (int i = 0; i < nodeSpec.volumes().size(); i++) {
        VolumeSpec volume = nodeSpec.volumes().get(i);
        String tier = spec.tierOf(nodeSpec, i);
        node.add(tierIndexOf(tier), tier, volume.capacityBytes());
      }
      rackMembers.get(r).add(node.index);
      nodes.add(node);
      byHost.put(node.host, node);
    }
    allNodes = new int[nodes.size()];
    Arrays.setAll(allNodes, i -> i);
    nodesInRack = new int[racks.size()][];
    for (int r = 0; r < racks.size(); r++) {
      nodesInRack[r] = rackMembers.get(r).stream().mapToInt(Integer::intValue).toArray();
    }
    nodesWithTier = new int[tiers.size()][];
    for (int t = 0; t < tiers.size(); t++) {
      int tier = t;
      nodesWithTier[t] = nodes.stream().filter(n -> n.has[tier]).mapToInt(n -> n.index).toArray();
    }
    countLiveRacks();
  }

  private int tierIndexOf(String tier) {
    Integer t = tierIndex.get(tier);
    if (t == null) {
      throw new IllegalStateException("tier '" + tier + "' is not in the spec's tier map " + tierIndex.keySet());
    }
    return t;
  }

  public List<Tier> tiers() {
    return tiers;
  }

  /** Index of a tier in {@link #tiers()}, or -1 for a name the cluster does not have. */
  public int tierIndex(String tier) {
    Integer t = tierIndex.get(tier);
    return t == null ? -1 : t;
  }

  public List<Node> nodes() {
    return nodes;
  }

  /** Rack names in spec order; a node's {@link Node#rackIndex()} points into this list. */
  public List<String> racks() {
    return Collections.unmodifiableList(racks);
  }

  public Node node(String host) {
    Node node = byHost.get(host);
    if (node == null) {
      throw new IllegalArgumentException("no node " + host);
    }
    return node;
  }

  /** The node called {@code host}, or null. */
  public Node find(String host) {
    return byHost.get(host);
  }

  /** Takes a node out of service (its replicas are lost to the model's choosers). */
  public void kill(String host) {
    node(host).alive = false;
    countLiveRacks();
  }

  /** Sets a node's free bytes on a tier, e.g. to fill a tier up. */
  public void setFree(String host, String tier, long bytes) {
    Node node = node(host);
    int t = tierIndexOf(tier);
    node.add(t, tier, 0);
    node.free[t] = bytes;
  }

  /** Gives back the space of a removed replica. */
  public void release(Replica replica, long bytes) {
    Node node = node(replica.host());
    int t = tierIndexOf(replica.tier());
    node.add(t, replica.tier(), bytes);
  }

  /** Gives back {@code bytes} on tier {@code tier} of node {@code node} (indices), without name lookups. */
  public void release(int node, int tier, long bytes) {
    nodes.get(node).add(tier, tiers.get(tier).name(), bytes);
  }

  public int rackCount() {
    return liveRacks;
  }

  private void countLiveRacks() {
    boolean[] live = new boolean[racks.size()];
    int count = 0;
    for (Node node : nodes) {
      if (node.alive && !live[node.rackIndex]) {
        live[node.rackIndex] = true;
        count++;
      }
    }
    liveRacks = count;
  }

  /**
   * Where the write group comes from (energy-efficient HDFS): its choosers answer {@link TargetChooser#writeGroup()}
   * with it. Without a call, there is none.
   */
  public void useWriteGroup(Supplier<Set<String>> members) {
    writeGroup = members;
  }

  private void resolveGroup(Set<String> hosts) {
    if (hosts == groupHosts) {
      return;
    }
    boolean[] flags = new boolean[nodes.size()];
    List<Integer> indices = new ArrayList<>();
    for (String host : hosts) {
      Node node = byHost.get(host);
      if (node != null && !flags[node.index]) {
        flags[node.index] = true;
        indices.add(node.index);
      }
    }
    groupNodes = indices.stream().mapToInt(Integer::intValue).toArray();
    inGroup = flags;
    groupHosts = hosts;
  }

  /** A chooser for one block of {@code blockBytes} that already has replicas on {@code holders}. */
  public TargetChooser chooser(long blockBytes, Set<String> holders, Random random) {
    Chooser chooser = new Chooser(blockBytes, random);
    for (String host : holders) {
      Node node = byHost.get(host);
      if (node != null) {
        chooser.use(node.index);
      }
    }
    return chooser;
  }

  private final class Chooser implements TargetChooser {
    private final long blockBytes;
    private final Random random;
    private int[] used = new int[4];
    private int usedCount;

    Chooser(long blockBytes, Random random) {
      this.blockBytes = blockBytes;
      this.random = random;
    }

    void use(int node) {
      if (usedCount == used.length) {
        used = Arrays.copyOf(used, used.length * 2);
      }
      used[usedCount++] = node;
    }

    private boolean isUsed(int node) {
      for (int i = 0; i < usedCount; i++) {
        if (used[i] == node) {
          return true;
        }
      }
      return false;
    }

    @Override
    public List<Tier> tiers() {
      return tiers;
    }

    @Override
    public int rackCount() {
      return liveRacks;
    }

    @Override
    public List<String> tiersOn(String host) {
      Node node = byHost.get(host);
      return node == null ? List.of() : node.tierList;
    }

    @Override
    public Set<String> writeGroup() {
      return writeGroup.get();
    }

    @Override
    public Replica choose(List<String> wanted, Scope scope) {
      if (scope instanceof Scope.Among among) {
        resolveGroup(among.hosts());
      } else if (scope instanceof Scope.NotAmong not) {
        resolveGroup(not.hosts());
      }
      int[] wantedTiers = new int[wanted.size()];
      int wantedCount = 0;
      for (String name : wanted) {
        Integer t = tierIndex.get(name);
        if (t != null) {
          wantedTiers[wantedCount++] = t;
        }
      }
      if (wantedCount == 0) {
        return null;
      }
      int[] candidates = candidates(scope, wantedTiers, wantedCount);
      if (candidates.length == 0) {
        return null;
      }
      Node chosen = null;
      for (int draw = 0; draw < DRAWS_BEFORE_SCAN && chosen == null; draw++) {
        Node node = nodes.get(candidates[random.nextInt(candidates.length)]);
        if (qualifies(node, scope, wantedTiers, wantedCount)) {
          chosen = node;
        }
      }
      if (chosen == null) {
        chosen = scan(candidates, scope, wantedTiers, wantedCount);
        if (chosen == null) {
          return null;
        }
      }
      int roomCount = 0;
      int[] room = new int[wantedCount];
      for (int i = 0; i < wantedCount; i++) {
        if (chosen.free(wantedTiers[i]) >= blockBytes) {
          room[roomCount++] = wantedTiers[i];
        }
      }
      int tier = room[random.nextInt(roomCount)];
      chosen.free[tier] -= blockBytes;
      use(chosen.index);
      return new Replica(chosen.host, chosen.rack, tiers.get(tier).name());
    }

    /** The smallest precomputed node set that holds every node that could qualify. */
    private int[] candidates(Scope scope, int[] wantedTiers, int wantedCount) {
      if (scope instanceof Scope.Among among) {
        return among.within() instanceof Scope.OnHost ? candidates(among.within(), wantedTiers, wantedCount)
            : groupNodes;
      }
      if (scope instanceof Scope.NotAmong not) {
        return candidates(not.within(), wantedTiers, wantedCount);
      }
      if (scope instanceof Scope.OnHost h) {
        Node node = byHost.get(h.host());
        return node == null ? new int[0] : new int[] {node.index};
      }
      if (scope instanceof Scope.InRack r) {
        Integer rack = rackIndex.get(r.rack());
        return rack == null ? new int[0] : nodesInRack[rack];
      }
      return wantedCount == 1 ? nodesWithTier[wantedTiers[0]] : allNodes;
    }

    /** Uniform choice among the qualifying nodes of {@code candidates}, by a full scan. */
    private Node scan(int[] candidates, Scope scope, int[] wantedTiers, int wantedCount) {
      int[] qualifying = new int[candidates.length];
      int count = 0;
      for (int index : candidates) {
        if (qualifies(nodes.get(index), scope, wantedTiers, wantedCount)) {
          qualifying[count++] = index;
        }
      }
      return count == 0 ? null : nodes.get(qualifying[random.nextInt(count)]);
    }

    private boolean qualifies(Node node, Scope scope, int[] wantedTiers, int wantedCount) {
      if (!node.alive || isUsed(node.index) || !inScope(node, scope)) {
        return false;
      }
      for (int i = 0; i < wantedCount; i++) {
        if (node.free(wantedTiers[i]) >= blockBytes) {
          return true;
        }
      }
      return false;
    }

    private boolean inScope(Node node, Scope scope) {
      if (scope instanceof Scope.Among among) {
        return inGroup[node.index] && inScope(node, among.within());
      }
      if (scope instanceof Scope.NotAmong not) {
        return !inGroup[node.index] && inScope(node, not.within());
      }
      if (scope instanceof Scope.OnHost h) {
        return node.host.equals(h.host());
      }
      if (scope instanceof Scope.InRack r) {
        return node.rack.equals(r.rack());
      }
      if (scope instanceof Scope.OutsideRacks o) {
        return !o.racks().contains(node.rack);
      }
      return true;
    }
  }
}
