package io.strata.core.placement;

import java.util.Set;

/** Where in the network a replica may go. */
public sealed interface Scope {
  /** Any node. */
  record Anywhere() implements Scope {}

  /** This node only (the writer's, for a writer-local first replica). */
  record OnHost(String host) implements Scope {}

  /** Any node of this rack. */
  record InRack(String rack) implements Scope {}

  /** Any node outside these racks. */
  record OutsideRacks(Set<String> racks) implements Scope {
    public OutsideRacks {
      racks = Set.copyOf(racks);
    }
  }

  /**
   * Any node of {@code hosts} within {@code within}: the write group's nodes, for backup replicas. The set is used as
   * given, not copied (it is asked for every replica); callers pass an unmodifiable set.
   */
  record Among(Set<String> hosts, Scope within) implements Scope {
    public Among {
      if (within instanceof Among || within instanceof NotAmong) {
        throw new IllegalArgumentException("nested host sets");
      }
    }
  }

  /** Any node within {@code within} that is not one of {@code hosts}: a primary replica kept off the write group. */
  record NotAmong(Set<String> hosts, Scope within) implements Scope {
    public NotAmong {
      if (within instanceof Among || within instanceof NotAmong) {
        throw new IllegalArgumentException("nested host sets");
      }
    }
  }

  Scope ANYWHERE = new Anywhere();
}
