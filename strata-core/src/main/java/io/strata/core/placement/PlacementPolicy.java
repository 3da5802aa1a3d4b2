package io.strata.core.placement;

import io.strata.core.tier.TierMap;
import java.util.Optional;

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

  /**
   * True when the policy keeps every block of a file on the same tiers (hatS's whole-file-per-tier invariant),
   * which the tier monitor then checks and repairs.
   */
  default boolean keepsWholeFile() {
    return false;
  }

  /**
   * The tiers this policy gives every file at {@code path}, one per replica, whoever writes it; empty when the
   * policy sets no tiers per file, or when they depend on the writer. Tools read a file's intended layout here.
   */
  default Optional<TierLayout> fileLayout(String path, TierMap tiers, int replication) {
    return Optional.empty();
  }

  /**
   * The layout this policy gives a file that is already written when it is set on that file: its
   * {@link #fileLayout}, or, for a policy whose tiers depend on the writer, the layout it gives a file written from
   * no node of the cluster. Empty when the policy sets no tiers per file.
   */
  default Optional<TierLayout> layoutForWrittenFile(String path, TierMap tiers, int replication) {
    return fileLayout(path, tiers, replication);
  }

  /** True for the policy that leaves placement to HDFS's own, so the NameNode plugin steps aside. */
  default boolean leavesPlacementToHdfs() {
    return false;
  }
}
