package io.strata.core.energy;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A window over the node list that moves on by its own size every period: with a quarter of the nodes and one hour,
 * the first quarter of the list takes backup replicas for an hour, then the second, and so on around the list. Every
 * node gets its turn, every turn lasts one period, and a node's backups spin up once per turn.
 *
 * <p>The list is the hosts sorted by name and then dealt like cards into as many piles as there are groups (every
 * fourth host for a quarter), so that a group is spread over the cluster rather than being a run of neighbours,
 * which host names usually put in one rack; a group in one rack could not take a block's off-rack replica.
 *
 * @param fraction      the share of the nodes in the group, in (0, 1); used when {@code nodes} is 0
 * @param nodes         a fixed number of nodes in the group, or 0 to use {@code fraction}
 * @param periodSeconds how long a group keeps its turn
 */
public record RotatingWriteGroup(double fraction, int nodes, double periodSeconds) implements WriteGroup {
  /** The shortest turn: a turn must outlast the spin-up it costs many times over. */
  public static final double MIN_PERIOD_SECONDS = 300;

  public RotatingWriteGroup {
    if (nodes < 0) {
      throw new ConfigException("write group: the number of nodes must be at least 1, got " + nodes);
    }
    if (nodes == 0 && !(fraction > 0 && fraction < 1)) {
      throw new ConfigException("write group: the share of nodes must be above 0% and below 100%, got "
          + percent(fraction) + " (100% keeps every backup awake: run without a write group instead)");
    }
    if (!(periodSeconds >= MIN_PERIOD_SECONDS) || Double.isInfinite(periodSeconds)) {
      throw new ConfigException(String.format(Locale.ROOT, "write group: the rotation period must be at least %.0f s "
          + "(each turn costs a spin-up), got %.0f s", MIN_PERIOD_SECONDS, periodSeconds));
    }
  }

  @Override
  public String name() {
    return "rotating";
  }

  @Override
  public String parameters() {
    return (nodes > 0 ? Integer.toString(nodes) : percent(fraction)) + "/" + duration(periodSeconds);
  }

  @Override
  public String describe() {
    return String.format(Locale.ROOT, "write group %s: %s of the nodes take backup replicas, a new group every %s",
        parameters(), nodes > 0 ? nodes : percent(fraction), duration(periodSeconds));
  }

  /** How many of {@code count} nodes the group holds: at least one, and never all but when there is one node. */
  public int size(int count) {
    if (count <= 1) {
      return count;
    }
    int k = nodes > 0 ? nodes : (int) Math.ceil(fraction * count - 1e-9);
    return Math.max(1, Math.min(count - 1, k));
  }

  @Override
  public Set<String> members(List<String> nodes, double now) {
    List<String> sorted = dealt(nodes);
    int n = sorted.size();
    Set<String> members = new HashSet<>();
    if (n == 0) {
      return members;
    }
    int k = size(n);
    long start = Math.floorMod(turn(now) * (long) k, (long) n);
    for (int i = 0; i < k; i++) {
      members.add(sorted.get((int) ((start + i) % n)));
    }
    return Collections.unmodifiableSet(members);
  }

  @Override
  public boolean isMember(String host, List<String> nodes, double now) {
    List<String> sorted = dealt(nodes);
    int at = sorted.indexOf(host);
    if (at < 0) {
      return false;
    }
    int n = sorted.size();
    long start = Math.floorMod(turn(now) * (long) size(n), (long) n);
    return Math.floorMod(at - start, (long) n) < size(n);
  }

  @Override
  public double nextChangeAfter(double now) {
    return (turn(now) + 1) * periodSeconds;
  }

  /** A node can enter the group at most every other period (it must leave before it enters again). */
  @Override
  public double rotationSpinUpsPerDay() {
    return Math.ceil(StandbyRule.DAY_SECONDS / (2 * periodSeconds));
  }

  private long turn(double now) {
    return (long) Math.floor(now / periodSeconds);
  }

  /** The hosts sorted and dealt into as many piles as there are groups, pile after pile. */
  private List<String> dealt(List<String> nodes) {
    List<String> sorted = new ArrayList<>(new HashSet<>(nodes));
    Collections.sort(sorted);
    int n = sorted.size();
    if (n <= 1) {
      return sorted;
    }
    int piles = (n + size(n) - 1) / size(n);
    List<String> order = new ArrayList<>(n);
    for (int pile = 0; pile < piles; pile++) {
      for (int i = pile; i < n; i += piles) {
        order.add(sorted.get(i));
      }
    }
    return order;
  }

  static String percent(double fraction) {
    double p = fraction * 100;
    return (p == Math.rint(p) ? String.format(Locale.ROOT, "%.0f", p) : String.format(Locale.ROOT, "%.2f", p)) + "%";
  }

  static String duration(double seconds) {
    long s = Math.round(seconds);
    if (s % 3600 == 0) {
      return s / 3600 + "h";
    }
    if (s % 60 == 0) {
      return s / 60 + "m";
    }
    return s + "s";
  }
}
