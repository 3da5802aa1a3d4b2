package io.strata.core.model;

import io.strata.core.placement.Replica;
import io.strata.core.placement.Scope;
import io.strata.core.placement.TargetChooser;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A cluster as the simulator and the policy tests see it: nodes in racks, the free bytes each node has per tier,
 * and which nodes are alive. It hands out {@link TargetChooser}s that pick nodes the way HDFS's random choice
 * does (uniformly among the nodes that qualify) and reserve the space they place.
 */
public final class ClusterModel {
  /** One node: where it is and its free bytes per tier. */
  public static final class Node {
    private final String host;
    private final String rack;
    private final Map<String, Long> freeByTier = new LinkedHashMap<>();
    private boolean alive = true;

    Node(String host, String rack) {
      this.host = host;
      this.rack = rack;
    }

    public String host() {
      return host;
    }

    public String rack() {
      return rack;
    }

    public boolean alive() {
      return alive;
    }

    public long free(String tier) {
      return freeByTier.getOrDefault(tier, 0L);
    }

    public Set<String> tiers() {
      return freeByTier.keySet();
    }
  }

  private final List<Tier> tiers;
  private final List<Node> nodes = new ArrayList<>();
  private final Map<String, Node> byHost = new LinkedHashMap<>();

  public ClusterModel(ClusterSpec spec) {
    this.tiers = spec.tierMap().tiers();
    for (NodeSpec nodeSpec : spec.nodes()) {
      Node node = new Node(nodeSpec.host(), nodeSpec.rack());
      for (int i = 0; i < nodeSpec.volumes().size(); i++) {
        VolumeSpec volume = nodeSpec.volumes().get(i);
        node.freeByTier.merge(spec.tierOf(nodeSpec, i), volume.capacityBytes(), Long::sum);
      }
      nodes.add(node);
      byHost.put(node.host, node);
    }
  }

  public List<Tier> tiers() {
    return tiers;
  }

  public List<Node> nodes() {
    return nodes;
  }

  public Node node(String host) {
    Node node = byHost.get(host);
    if (node == null) {
      throw new IllegalArgumentException("no node " + host);
    }
    return node;
  }

  /** Takes a node out of service (its replicas are lost to the model's choosers). */
  public void kill(String host) {
    node(host).alive = false;
  }

  /** Sets a node's free bytes on a tier, e.g. to fill a tier up. */
  public void setFree(String host, String tier, long bytes) {
    node(host).freeByTier.put(tier, bytes);
  }

  /** Gives back the space of a removed replica. */
  public void release(Replica replica, long bytes) {
    node(replica.host()).freeByTier.merge(replica.tier(), bytes, Long::sum);
  }

  public int rackCount() {
    Set<String> racks = new HashSet<>();
    nodes.stream().filter(Node::alive).forEach(n -> racks.add(n.rack()));
    return racks.size();
  }

  /** A chooser for one block of {@code blockBytes} that already has replicas on {@code holders}. */
  public TargetChooser chooser(long blockBytes, Set<String> holders, Random random) {
    return new Chooser(blockBytes, new HashSet<>(holders), random);
  }

  private final class Chooser implements TargetChooser {
    private final long blockBytes;
    private final Set<String> used;
    private final Random random;

    Chooser(long blockBytes, Set<String> used, Random random) {
      this.blockBytes = blockBytes;
      this.used = used;
      this.random = random;
    }

    @Override
    public List<Tier> tiers() {
      return tiers;
    }

    @Override
    public int rackCount() {
      return ClusterModel.this.rackCount();
    }

    @Override
    public List<String> tiersOn(String host) {
      Node node = byHost.get(host);
      return node == null ? List.of() : List.copyOf(node.tiers());
    }

    @Override
    public Replica choose(List<String> wanted, Scope scope) {
      List<Node> candidates = new ArrayList<>();
      for (Node node : nodes) {
        if (node.alive && !used.contains(node.host) && inScope(node, scope) && !roomOn(node, wanted).isEmpty()) {
          candidates.add(node);
        }
      }
      if (candidates.isEmpty()) {
        return null;
      }
      Node node = candidates.get(random.nextInt(candidates.size()));
      List<String> room = roomOn(node, wanted);
      String tier = room.get(random.nextInt(room.size()));
      node.freeByTier.merge(tier, -blockBytes, Long::sum);
      used.add(node.host);
      return new Replica(node.host, node.rack, tier);
    }

    private List<String> roomOn(Node node, List<String> wanted) {
      List<String> room = new ArrayList<>();
      for (String tier : wanted) {
        if (node.free(tier) >= blockBytes) {
          room.add(tier);
        }
      }
      return room;
    }

    private boolean inScope(Node node, Scope scope) {
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
