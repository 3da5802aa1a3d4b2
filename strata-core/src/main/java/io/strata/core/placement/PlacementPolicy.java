package io.strata.core.placement;

/**
 * Decides where a block's replicas go: which tier each replica should be on and how replicas spread over
 * racks. The same objects run inside the NameNode plugin and in the simulator; a {@link TargetChooser} finds
 * the concrete nodes.
 */
public interface PlacementPolicy {
  /** The policy as written in a rule, e.g. {@code ratio:0.5}. */
  String name();

  Placement place(PlacementRequest request, TargetChooser chooser);

  /**
   * True when the policy reads {@link PlacementRequest#blockIndex()}: only then must an adapter number a file's
   * new blocks (which costs it per-file state); others may pass -1.
   */
  default boolean needsBlockIndex() {
    return false;
  }
}
