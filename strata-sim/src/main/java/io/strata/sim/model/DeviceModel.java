package io.strata.sim.model;

import io.strata.core.config.ConfigException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How a node's volumes of one tier become resources of the flow network.
 * <ul>
 *   <li>{@link #POOLED}: one resource per node and tier, capacity = the sum of the volumes' bandwidths, at most
 *       one volume's bandwidth per flow. Readers of one block contend no more than readers of different blocks.</li>
 *   <li>{@link #PER_VOLUME}: one resource per volume, with that volume's bandwidth. Each replica lives on one
 *       volume of its node's tier, so concurrent readers of one popular replica share one disk.</li>
 * </ul>
 */
public enum DeviceModel {
  POOLED("pooled"), PER_VOLUME("per-volume");

  private final String label;

  DeviceModel(String label) {
    this.label = label;
  }

  /** The name used in configs and on the command line. */
  public String label() {
    return label;
  }

  /** Parses a name as {@link #label()} spells it; a clear error names the input and the choices. */
  public static DeviceModel parse(String name) {
    String wanted = name == null ? "" : name.trim().toLowerCase(Locale.ROOT);
    for (DeviceModel model : values()) {
      if (model.label.equals(wanted)) {
        return model;
      }
    }
    throw new ConfigException("unknown device model '" + name + "': expected one of "
        + Arrays.stream(values()).map(DeviceModel::label).collect(Collectors.joining(", ")));
  }

  @Override
  public String toString() {
    return label;
  }
}
