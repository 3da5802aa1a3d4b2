package io.strata.dashboard.pages;

import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.DashboardPage;
import io.strata.dashboard.Endpoint;
import io.strata.dashboard.NotConfiguredException;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PowerStatus;
import java.nio.file.Path;
import java.util.Map;

/**
 * The power manager's accounting: each volume's power state, time per state, spin-ups by cause and joules, with the
 * node's totals: {@code strata power status --json} over the state directory the dashboard was given. The state
 * directory, not the {@code StrataPower} JMX bean, because the bean carries only the totals, not each volume.
 */
public final class EnergyPage implements DashboardPage {
  @Override
  public String id() {
    return "energy";
  }

  @Override
  public String title() {
    return "Energy";
  }

  @Override
  public Map<String, Endpoint> endpoints() {
    return Map.of("", (context, query) -> status(context).json());
  }

  private static PowerStatus status(DashboardContext context) throws Exception {
    Path dir = context.powerState().orElseThrow(() -> new NotConfiguredException(
        "no power manager given: start the dashboard with --power-state DIR (the power manager's --state-dir; for "
            + "'strata cluster up --power', DIR/power of its --dir) to see the disks' power states and energy"));
    return PowerManager.readStatus(dir).orElseThrow(() -> new NotConfiguredException(
        "no power status in " + dir + ": no power manager has run with --state-dir " + dir
            + " (start one with 'strata power run' or 'strata cluster up --power')"));
  }
}
