package io.strata.hdfs.power;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
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

  /** A status read from a file must hold what the table, the node report and the JSON are made of. */
  public PowerStatus {
    if (volumes == null || volumes.stream().anyMatch(Objects::isNull)) {
      throw new IllegalArgumentException("a power status lists its volumes, and none may be empty");
    }
  }

  /**
   * One volume. {@code veto} says why it may not sleep now (empty when it may, or is asleep); {@code alwaysOnJoules}
   * is what it would have spent never sleeping (its active time active, the rest idle), the baseline of the saving.
   */
  public record Volume(String host, String id, String directory, String device, boolean backup, PowerState state,
      Map<PowerState, Double> secondsByState, Map<WakeCause, Integer> spinUpsByCause, double stallSeconds,
      Map<WakeCause, Double> stallSecondsByCause, long stalledIos, long unusedPredictedSpinUps, double joules,
      Set<WakeCause> holds, String veto, double alwaysOnJoules) {

    public Volume {
      if (state == null || secondsByState == null || spinUpsByCause == null
          || spinUpsByCause.values().stream().anyMatch(Objects::isNull)) {
        throw new IllegalArgumentException("volume " + id + " lacks its state, its seconds by state or its spin-ups "
            + "by cause");
      }
    }

    public int spinUps() {
      return spinUpsByCause.values().stream().mapToInt(Integer::intValue).sum();
    }
  }

  /**
   * One DataNode host's figures: its backup volumes and how many sleep, spin-ups, its disks' joules, its node energy
   * (base power over the time managed plus its disks) and what its disks would have spent all on.
   */
  public record Node(String host, int backupVolumes, int backupsAsleep, int spinUps, double stallSeconds,
      double diskJoules, double nodeJoules, double alwaysOnDiskJoules) {}

  /** The figures per host, in the order the hosts first appear. */
  public List<Node> nodes() {
    Map<String, List<Volume>> byHost = new LinkedHashMap<>();
    volumes.forEach(v -> byHost.computeIfAbsent(v.host(), h -> new ArrayList<>()).add(v));
    List<Node> nodes = new ArrayList<>();
    byHost.forEach((host, vs) -> {
      double disks = vs.stream().mapToDouble(Volume::joules).sum();
      nodes.add(new Node(host, (int) vs.stream().filter(Volume::backup).count(),
          (int) vs.stream().filter(v -> v.backup() && v.state() == PowerState.STANDBY).count(),
          vs.stream().mapToInt(Volume::spinUps).sum(), vs.stream().mapToDouble(Volume::stallSeconds).sum(), disks,
          nodeBaseWatts * secondsManaged + disks, vs.stream().mapToDouble(Volume::alwaysOnJoules).sum()));
    });
    return nodes;
  }

  /** Disk joules had no disk ever slept. */
  public double alwaysOnDiskJoules() {
    return volumes.stream().mapToDouble(Volume::alwaysOnJoules).sum();
  }

  /** Disk joules saved against all disks always on; negative when spin-ups cost more than the sleep saved. */
  public double savedJoules() {
    return alwaysOnDiskJoules() - diskJoules();
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
    totals.put("alwaysOnDiskJoules", alwaysOnDiskJoules());
    totals.put("savedJoules", savedJoules());
    root.set("nodes", mapper.valueToTree(nodes()));
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
    out.append(savedLine());
    return out.toString();
  }

  /** The saving against all disks on, as one line. */
  public String savedLine() {
    double allOn = alwaysOnDiskJoules();
    return String.format(Locale.ROOT, "saved %.0f J against all disks on (%.0f J): disks %.1f%% less, nodes %.1f%% "
        + "less%n", savedJoules(), allOn, allOn > 0 ? 100 * savedJoules() / allOn : 0.0,
        nodeJoules() > 0 ? 100 * savedJoules() / (nodeJoules() + savedJoules()) : 0.0);
  }

  /** The power section of {@code strata report}: a line per host, the totals and the saving. */
  public String nodeReport() {
    return nodeTable() + String.format(Locale.ROOT,
        "all hosts: %d of %d backup volume(s) asleep, %d spin-up(s), disks %.0f J, nodes %.0f J (%.0f W base per "
            + "node over %.0f s managed, driver %s)%n",
        volumes.stream().filter(v -> v.backup() && v.state() == PowerState.STANDBY).count(),
        volumes.stream().filter(Volume::backup).count(), spinUps(), diskJoules(), nodeJoules(), nodeBaseWatts,
        secondsManaged, driver) + savedLine();
  }

  /** One line per host. */
  public String nodeTable() {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "%-10s %15s %8s %9s %12s %12s %12s%n", "host", "backups asleep",
        "spin-ups", "stall s", "disk J", "node J", "all-on disk J"));
    for (Node n : nodes()) {
      out.append(String.format(Locale.ROOT, "%-10s %15s %8d %9.1f %12.0f %12.0f %12.0f%n", n.host(),
          n.backupsAsleep() + "/" + n.backupVolumes(), n.spinUps(), n.stallSeconds(), n.diskJoules(),
          n.nodeJoules(), n.alwaysOnDiskJoules()));
    }
    return out.toString();
  }
}
