package io.strata.core.placement;

import io.strata.core.tier.Tier;
import java.util.List;
import java.util.Set;

/**
 * Finds concrete nodes for one block's replicas. The HDFS plugin implements it over the NameNode's live
 * topology (with HDFS's own checks for space, load and staleness); the simulator over its modeled cluster.
 * One chooser serves one request and never offers a node that already holds, or was just chosen for, a
 * replica of the block.
 */
public interface TargetChooser {
  /** Tiers present in the cluster, fastest first. */
  List<Tier> tiers();

  /** Racks that have live nodes. */
  int rackCount();

  /** Tiers the given node has volumes in; empty for a host that is not a cluster node. */
  List<String> tiersOn(String host);

  /**
   * A node with room on one of {@code tiers} within {@code scope}, which becomes a target of this request;
   * null when no node qualifies. With several tiers the node is drawn at random among all nodes that have
   * any of them, then one of its qualifying tiers at random, so tiers are used in proportion to their nodes.
   */
  Replica choose(List<String> tiers, Scope scope);

  /**
   * The hosts whose backup volumes take new backup replicas now (the write group of energy-efficient HDFS); empty
   * when no write group is configured, and then backups go anywhere.
   */
  default Set<String> writeGroup() {
    return Set.of();
  }
}
