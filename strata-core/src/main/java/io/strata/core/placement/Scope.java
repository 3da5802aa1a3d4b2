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

  Scope ANYWHERE = new Anywhere();
}
