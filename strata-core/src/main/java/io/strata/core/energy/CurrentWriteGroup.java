package io.strata.core.energy;

import java.util.List;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.Supplier;

/**
 * The members of a {@link WriteGroup} now, for placement, which asks for every backup replica: worked out once
 * per turn and node list, not per replica. One per NameNode or simulated run; thread-safe.
 */
public final class CurrentWriteGroup {
  private record Known(List<String> nodes, double from, double until, Set<String> members) {}

  private final WriteGroup group;
  private final Supplier<List<String>> nodes;
  private final DoubleSupplier clock;
  private volatile Known known;

  /**
   * @param nodes the node list the group is dealt from (the same list every node's power manager sees)
   * @param clock seconds: the wall clock since the epoch, or the simulator's
   */
  public CurrentWriteGroup(WriteGroup group, Supplier<List<String>> nodes, DoubleSupplier clock) {
    this.group = group;
    this.nodes = nodes;
    this.clock = clock;
  }

  public WriteGroup group() {
    return group;
  }

  /** The hosts whose backups take new backup replicas now. */
  public Set<String> members() {
    double now = clock.getAsDouble();
    List<String> list = nodes.get();
    Known k = known;
    if (k != null && now >= k.from() && now < k.until() && (k.nodes() == list || k.nodes().equals(list))) {
      return k.members();
    }
    Set<String> members = group.members(list, now);
    double until = group.nextChangeAfter(now);
    known = new Known(list, now, until, members);
    return members;
  }
}
