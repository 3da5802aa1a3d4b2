package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What the power manager reports: each volume's state and what it spent since the manager started, as
 * {@code strata power status} prints it (a table, or {@link #json()}).
 *
 * @param driver          the driver in use
 * @param driverFailures  device-tool failures so far (each left a disk awake)
 * @param secondsManaged  seconds since the manager started
 * @param nodeBaseWatts   the node's power apart from its disks
 * @param nodeBaseSource  where that figure comes from
 * @param volumes         one line per volume
 */
public record PowerStatus(String driver, long driverFailures, double secondsManaged, double nodeBaseWatts,
    String nodeBaseSource, List<Volume> volumes) {

  /** One volume. {@code veto} says why it may not sleep now (empty when it may, or is asleep). */
  public record Volume(String host, String id, String directory, String device, boolean backup, PowerState state,
      Map<PowerState, Double> secondsByState, Map<WakeCause, Integer> spinUpsByCause, double stallSeconds,
      Map<WakeCause, Double> stallSecondsByCause, long stalledIos, long unusedPredictedSpinUps, double joules,
      Set<WakeCause> holds, String veto) {

    public int spinUps() {
      return spinUpsByCause.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  /** Disk joules of the backup volumes only. */
  public double backupJoules() {
    return volumes.stream().filter(Volume::backup).mapToDouble(Volume::joules).sum();
  }

  public double diskJoules() {
    return volumes.stream().mapToDouble(Volume::joules).sum();
  }

  /** Node energy: each host's base power over the time managed, plus its disks. */
  public double nodeJoules() {
    long hosts = volumes.stream().map(Volume::host).distinct().count();
    return hosts * nodeBaseWatts * secondsManaged + diskJoules();
  }

  public int spinUps() {
    return volumes.stream().mapToInt(Volume::spinUps).sum();
  }

  public double stallSeconds() {
    return volumes.stream().mapToDouble(Volume::stallSeconds).sum();
  }

  /**
   * The JSON {@code strata power status --json} prints and the dashboard's {@code /api/energy} returns: this record
   * (as the manager writes it to its status file) and {@code totals}, the figures its table sums up.
   */
  public ObjectNode json() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.valueToTree(this);
    ObjectNode totals = root.putObject("totals");
    totals.put("hosts", volumes.stream().map(Volume::host).distinct().count());
    totals.put("backupVolumes", volumes.stream().filter(Volume::backup).count());
    totals.put("volumesInStandby", volumes.stream().filter(v -> v.state() == PowerState.STANDBY).count());
    totals.put("spinUps", spinUps());
    totals.put("stallSeconds", stallSeconds());
    totals.put("diskJoules", diskJoules());
    totals.put("backupJoules", backupJoules());
    totals.put("nodeJoules", nodeJoules());
    return root;
  }

  /** The table {@code strata power status} prints. */
  public String table() {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "driver %s, %d tool failure(s), %.0f s managed%n", driver, driverFailures,
        secondsManaged));
    out.append(String.format(Locale.ROOT, "%-8s %-14s %-7s %-12s %9s %9s %9s %8s %9s %10s  %s%n", "host", "device",
        "role", "state", "active s", "idle s", "standby s", "spin-ups", "stall s", "joules", "why awake / causes"));
    for (Volume v : volumes) {
      String causes = v.spinUpsByCause().isEmpty() ? "" : "spin-ups " + v.spinUpsByCause();
      String why = v.veto() == null || v.veto().isEmpty() ? causes : v.veto() + (causes.isEmpty() ? "" : "; " + causes);
      out.append(String.format(Locale.ROOT, "%-8s %-14s %-7s %-12s %9.0f %9.0f %9.0f %8d %9.1f %10.0f  %s%n",
          v.host(), v.device(), v.backup() ? "backup" : "primary", v.state().name().toLowerCase(Locale.ROOT),
          v.secondsByState().getOrDefault(PowerState.ACTIVE, 0.0), v.secondsByState().getOrDefault(PowerState.IDLE,
              0.0),
          v.secondsByState().getOrDefault(PowerState.STANDBY, 0.0), v.spinUps(), v.stallSeconds(),
          v.joules(), why));
    }
    out.append(String.format(Locale.ROOT,
        "disks %.0f J (backups %.0f J); nodes %.0f J with %.0f W base per node (%s)%n", diskJoules(),
        backupJoules(), nodeJoules(), nodeBaseWatts, nodeBaseSource));
    return out.toString();
  }
}
