package io.strata.core.energy;

import io.strata.core.config.ConfigException;
import io.strata.core.config.Durations;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a write group as operators write it, the same text for the NameNode setting, {@code strata power run},
 * {@code strata cluster up} and the benchmarks: {@code SIZE/PERIOD}, where SIZE is a share of the nodes
 * ({@code 25%}) or a number of nodes ({@code 2}) and PERIOD how long each group keeps its turn ({@code 1h}).
 * {@code off} (or nothing) means no write group: backup replicas go to any backup, as without one.
 */
public final class WriteGroups {
  /** The syntax, for help texts. */
  public static final String SYNTAX = "SIZE/PERIOD";

  /** A setting that turns the write group off. */
  public static final String OFF = "off";

  /**
   * The default an operator is offered: a quarter of the nodes for an hour at a time. Each node's backups then
   * spin up for about 6 turns a day (at most 12 by the rotation bound), within the 27 a day rated disks allow.
   */
  public static final String SUGGESTED = "25%/1h";

  private WriteGroups() {}

  /**
   * The group {@code text} describes, or empty for {@code off}.
   *
   * @param what names the input in errors (a setting or an option)
   * @throws ConfigException naming the input and what is wrong
   */
  public static Optional<WriteGroup> parse(String text, String what) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (t.isEmpty() || t.equals(OFF) || t.equals("none")) {
      return Optional.empty();
    }
    int slash = t.indexOf('/');
    if (slash < 0) {
      throw new ConfigException(what + ": '" + text + "' is not a write group; write " + SYNTAX + ", e.g. "
          + SUGGESTED + " (a share of the nodes) or 2/1h (a number of nodes), or " + OFF);
    }
    String size = t.substring(0, slash).trim();
    String period = t.substring(slash + 1).trim();
    double periodSeconds = Durations.parseMillis(period, what + " (period of '" + text + "')") / 1000.0;
    try {
      if (size.endsWith("%")) {
        double share = Double.parseDouble(size.substring(0, size.length() - 1).trim()) / 100;
        return Optional.of(new RotatingWriteGroup(share, 0, periodSeconds));
      }
      int nodes = Integer.parseInt(size);
      if (nodes < 1) {
        throw new ConfigException("write group: the number of nodes must be at least 1, got " + nodes);
      }
      return Optional.of(new RotatingWriteGroup(0, nodes, periodSeconds));
    } catch (NumberFormatException e) {
      throw new ConfigException(what + ": the size in '" + text + "' must be a share like 25% or a number of nodes "
          + "like 2");
    } catch (ConfigException e) {
      throw new ConfigException(what + " '" + text + "': " + e.getMessage().replaceFirst("^write group: ", ""));
    }
  }

  /**
   * Refuses a group whose rotation alone would spend more than {@code dailyBudget} spin-ups a day on a backup
   * volume, naming the group, the device and the budget.
   */
  public static void checkBudget(WriteGroup group, String device, int dailyBudget) {
    if (group.rotationSpinUpsPerDay() > dailyBudget) {
      throw new ConfigException(String.format(Locale.ROOT, "write group %s: its rotation can wake a backup up to %.0f "
          + "times a day, over the daily spin-up budget %d of device '%s'; use a longer period", group.parameters(),
          group.rotationSpinUpsPerDay(), dailyBudget, device));
    }
  }
}
