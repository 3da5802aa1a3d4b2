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
  /** A node drawn before HDFS's search, which returns it first. */
  private DatanodeDescriptor drawn;

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
    drawn = null;
  }

  /**
   * Draws the attempt's first node before HDFS searches, so that an attempt with no eligible node at all (an empty
   * scope, a tier with no node left) ends here, not in HDFS's NotEnoughReplicasException. False when there is none.
   */
  boolean drawFirst() {
    drawn = randomNode();
    return drawn != null;
  }

  /** True while an attempt that chooses by tier runs. */
  boolean choosesByTier() {
    return index != null;
  }

  /** A random eligible node of the attempt's tier and scope, not in this set; null when there is none. */
  DatanodeDescriptor randomNode() {
    if (drawn != null) {
      DatanodeDescriptor first = drawn;
      drawn = null;
      return first;
    }
    return index.random(target, scope, this);
  }

  /**
   * HDFS's random choice builds a check's message from the excluded set for every node it picks, whether the
   * check fails or not ({@code Preconditions.checkState(..., "..." + excludedNodes)}); listing every node there
   * cost about a tenth of a Strata placement. The size says enough in that message, which is never shown: the
   * index never offers an excluded node.
   */
  @Override
  public String toString() {
    return size() + " excluded nodes";
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
