package io.strata.sim.scenario;

import io.strata.core.config.ConfigException;
import java.util.List;

/** The scenarios {@code strata simulate --scenario NAME} knows. */
public final class Scenarios {
  public static final List<Scenario> ALL = List.of(new Hats500(), new AptStore(), new AptStoreReadContention(),
      new HdfshSort(), new EnergyDay(), new IoSplitDay());

  private Scenarios() {}

  public static List<String> names() {
    return ALL.stream().map(Scenario::name).toList();
  }

  public static Scenario get(String name) {
    return ALL.stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() -> new ConfigException(
        "unknown scenario '" + name + "' (known: " + String.join(", ", names()) + ")"));
  }
}
