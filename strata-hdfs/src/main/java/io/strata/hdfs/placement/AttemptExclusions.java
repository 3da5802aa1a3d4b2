package io.strata.hdfs.placement;

import io.strata.core.placement.Scope;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.net.Node;

/**
 * The nodes one block's target search must avoid, and what its current attempt looks for.
 *
 * <p>HDFS's random choice adds every node it tries to the excluded set it is given. A Strata attempt that fails
 * (tier full, scope empty) must not keep those nodes out of the next attempt, which may want another tier or
 * scope of the same nodes, so the nodes an attempt adds are taken out again when it ends, except the one it chose.
 * The attempt's tier and scope travel in the set because HDFS hands the set, and only it, down to the node choice
 * the plugin overrides ({@link StrataBlockPlacementPolicy#chooseDataNode}). One set serves one call, on one thread.
 */
@SuppressWarnings("serial") // never serialized
final class AttemptExclusions extends HashSet<Node> {
  private final List<Node> addedByAttempt = new ArrayList<>();
  private boolean inAttempt;
  private TierNodeIndex.Snapshot index;
  private TierNodeIndex.TierTarget target;
  private Scope scope;

  AttemptExclusions(Collection<Node> excluded) {
    if (excluded != null) {
      addAll(excluded);
    }
  }

  /** Starts an attempt; with an index, HDFS's random choice is a random node of {@code target} in {@code scope}. */
  void begin(TierNodeIndex.Snapshot index, TierNodeIndex.TierTarget target, Scope scope) {
    this.inAttempt = true;
    this.index = index;
    this.target = target;
    this.scope = scope;
  }

  /** Ends the attempt: the nodes it added leave the set again, except {@code chosen} (may be null). */
  void end(Node chosen) {
    for (Node node : addedByAttempt) {
      if (node != chosen) {
        remove(node);
      }
    }
    addedByAttempt.clear();
    inAttempt = false;
    index = null;
    target = null;
    scope = null;
  }

  /** True while an attempt that chooses by tier runs. */
  boolean choosesByTier() {
    return index != null;
  }

  /** A random eligible node of the attempt's tier and scope, not in this set; null when there is none. */
  DatanodeDescriptor randomNode() {
    return index.random(target, scope, this);
  }

  @Override
  public boolean add(Node node) {
    boolean added = super.add(node);
    if (added && inAttempt) {
      addedByAttempt.add(node);
    }
    return added;
  }
}
