package io.strata.core.energy;

import java.util.List;
import java.util.Set;

/**
 * Which nodes' backup volumes take new backup replicas at a given time: the write group (or awake set). Placement
 * prefers the group's backups and each node's power manager keeps its backups awake while the node is in the group,
 * so every other backup can sleep through a write-heavy day. Both sides derive the group from the same inputs (the
 * clock, the node list and the group's parameters), so they agree without talking to each other.
 */
public interface WriteGroup {
  /** The kind of group, e.g. {@code rotating}. */
  String name();

  /** The parameters as an operator writes them, e.g. {@code 25%/1h}; {@link WriteGroups#parse} reads them back. */
  String parameters();

  /** One line for reports: what the group is and how it changes. */
  String describe();

  /**
   * The hosts in the group at {@code now} (seconds since the epoch, or the simulator's clock), among {@code nodes}.
   * The order of {@code nodes} does not matter; hosts outside it are never members.
   */
  Set<String> members(List<String> nodes, double now);

  /** True when {@code host} is in the group at {@code now}. */
  default boolean isMember(String host, List<String> nodes, double now) {
    return members(nodes, now).contains(host);
  }

  /** When the group next changes after {@code now}. */
  double nextChangeAfter(double now);

  /**
   * The most spin-ups a day the rotation alone can cost one node's backups (each turn wakes them once), for the
   * daily spin-up budget.
   */
  double rotationSpinUpsPerDay();
}
