package io.strata.sim.scenario;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.energy.NodePower;
import io.strata.core.energy.StandbyRule;
import io.strata.core.energy.WriteGroups;
import io.strata.core.spec.ClusterSpec;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.power.DemandRecorder;
import io.strata.sim.power.PowerSettings;
import io.strata.sim.trace.TraceSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.IntStream;

/**
 * Energy-efficient HDFS (thesis ch. 4) over the FB-2010 day at 500 nodes: native HDFS (every disk always spun up,
 * HDFS's placement and read order) against primary-backup placement with primary-first reads and backup arrays
 * that sleep after an idle timeout, woken reactively, by the thesis's predictor, or by an oracle. One group per
 * timeout; the power states come from the decision core's {@link io.strata.core.energy.VolumePower}.
 */
public final class EnergyDay implements Scenario {
  /** The idle timeouts swept, minutes; one minute is below the backup array's break-even time and is refused. */
  static final int[] TIMEOUT_MINUTES = {1, 2, 5, 10, 15, 30};

  static final List<String> PREDICTORS = List.of("reactive", "predictive", "oracle");

  /**
   * The write groups tried with each timeout (reactive waking besides): a quarter and a tenth of the nodes, a new
   * group every hour; the rotation alone then wakes a node's backups 6 and 2.4 times a day.
   */
  static final List<String> WRITE_GROUPS = List.of("25%/1h", "10%/1h");

  /**
   * The arrays' energy: the tier both specs call {@code backup}, ordinary volumes in native HDFS and backup volumes
   * in the energy-efficient runs, so the two compare.
   */
  static final Metric ARRAY_ENERGY = new Metric("backup-array energy", "kWh",
      r -> r.power().diskJoulesByTier().get("backup") / 3.6e6, false);

  @Override
  public String name() {
    return "energy-500";
  }

  @Override
  public String description() {
    return "energy-efficient HDFS: native vs sleeping backups, idle timeouts 1-30 min, reactive/predictive/oracle "
        + "waking and write groups, 500 nodes, FB-2010 day";
  }

  @Override
  public String specText() {
    return ClusterSpecs.energy500(true);
  }

  /** The timeout run for {@code minutes}: the shortest the guards accept when the minutes are below it. */
  static double timeoutSeconds(int minutes) {
    double breakEven = StandbyRule.minimumTimeoutSeconds(DeviceCatalog.builtin().get("backup-array"), 0);
    return Math.max(minutes * 60.0, Math.ceil(breakEven));
  }

  static String timeoutLabel(int minutes) {
    double seconds = timeoutSeconds(minutes);
    return seconds == minutes * 60.0 ? minutes + " min"
        : String.format(Locale.ROOT, "%.0f s (%d min < break-even)", seconds, minutes);
  }

  @Override
  public List<RunGroup> groups(Options options) {
    ClusterSpec backups = ClusterSpecs.parse(name(), specText());
    ClusterSpec plain = ClusterSpecs.parse(name() + "-native", ClusterSpecs.energy500(false));
    TraceSource trace = TraceSource.of("fb2010");
    NodePower node = NodePower.THESIS_MIDPOINT;
    // One native run serves as every group's baseline (the batch runs a config given twice once).
    SimConfig nativeRun = SimConfig.builder(plain, trace, "network", "network").label("native (all disks on)")
        .seed(options.seed()).jobLimit(options.jobLimit()).power(PowerSettings.alwaysOn(node)).build();
    // Primary-backup with every disk awake: what primary-first reads alone cost. A perfect oracle hides every
    // spin-up, so its run sees the I/O at the times this one does: they are the oracle's knowledge.
    DemandRecorder recorder = new DemandRecorder();
    SimConfig awakeRun = SimConfig.builder(backups, trace, "primary-backup", "primary-first")
        .label("primary-backup, all disks on").seed(options.seed()).jobLimit(options.jobLimit())
        .power(PowerSettings.alwaysOn(node).recordingInto(recorder)).build();
    List<RunGroup> groups = new ArrayList<>();
    for (int minutes : TIMEOUT_MINUTES) {
      double timeout = timeoutSeconds(minutes);
      List<SimConfig> runs = new ArrayList<>();
      runs.add(nativeRun);
      runs.add(awakeRun);
      for (String predictor : PREDICTORS) {
        PowerSettings power = PowerSettings.standby(timeout, predictor, node);
        if (predictor.equals("oracle")) {
          power = power.withFuture(recorder::future);
        }
        runs.add(SimConfig.builder(backups, trace, "primary-backup", "primary-first")
            .label("standby " + timeoutLabel(minutes) + ", " + predictor)
            .seed(options.seed()).jobLimit(options.jobLimit()).power(power).build());
      }
      for (String text : WRITE_GROUPS) {
        PowerSettings power = PowerSettings.standby(timeout, "reactive", node)
            .withWriteGroup(WriteGroups.parse(text, "write group").orElseThrow());
        runs.add(SimConfig.builder(backups, trace, "primary-backup", "primary-first")
            .label("standby " + timeoutLabel(minutes) + ", write group " + text)
            .seed(options.seed()).jobLimit(options.jobLimit()).power(power).build());
      }
      groups.add(new RunGroup("energy-500: idle timeout " + timeoutLabel(minutes) + ", FB-2010 "
          + Hats500.jobs(options, "24,442"), runs));
    }
    return groups;
  }

  /** Node energy and job time by idle timeout, one bar per way of waking, relative to native HDFS. */
  @Override
  public List<SweepChart> sweeps() {
    List<SweepChart.Series> series = new ArrayList<>(IntStream.range(0, PREDICTORS.size())
        .mapToObj(i -> new SweepChart.Series(PREDICTORS.get(i), i + 2)).toList());
    for (int i = 0; i < WRITE_GROUPS.size(); i++) {
      series.add(new SweepChart.Series("write group " + WRITE_GROUPS.get(i), PREDICTORS.size() + 2 + i));
    }
    List<Integer> groups = IntStream.range(0, TIMEOUT_MINUTES.length).boxed().toList();
    List<String> categories = IntStream.of(TIMEOUT_MINUTES).mapToObj(EnergyDay::timeoutLabel).toList();
    return List.of(
        new SweepChart("Node energy by idle timeout, relative to native HDFS", "backup idle timeout", groups,
            categories, series, Metric.NODE_ENERGY, true),
        new SweepChart("Backup-disk energy by idle timeout, relative to native HDFS", "backup idle timeout", groups,
            categories, series, ARRAY_ENERGY, true),
        new SweepChart("Job time by idle timeout, relative to native HDFS", "backup idle timeout", groups,
            categories, series, Metric.JOB_TIME, true));
  }

  @Override
  public List<Metric> metrics() {
    return List.of(Metric.NODE_ENERGY, Metric.DISK_ENERGY, ARRAY_ENERGY, Metric.JOB_TIME,
        Metric.ENERGY_DELAY);
  }

  @Override
  public List<String> notes() {
    return List.of(
        "The thesis (ch. 4.4.3, WordCount on 3 nodes) measured -18.75% energy, +5.88% time, Pt -13.97%.",
        "Native: network placement and read order over both disks of every node, all disks always spun up. "
            + "Energy-efficient: primary-backup placement, primary-first reads, backup arrays in standby after "
            + "the idle timeout; the guards (break-even, daily spin-up budget) are the decision core's StandbyRule.",
        "Power: disks from the device profiles (strata devices --sources), spun-up disks at active power while "
            + "busy and idle power otherwise; each node's base " + NodePower.THESIS_MIDPOINT.baseWatts()
            + " W besides its disks (" + NodePower.THESIS_MIDPOINT.source() + "). Pt = node energy x sum of job "
            + "times.",
        "The 1-minute timeout is below the backup array's break-even time (1720 J / (29.6 W - 3.5 W) = 65.9 s) "
            + "and is refused by the guard; that group runs at 66 s.",
        "Predictive: the thesis's predictor, waking a node's backups one spin-up before its primary reads for "
            + "jobs with replicated output run out, and keeping them awake while such a job runs. Oracle: knows "
            + "when each node's backups will next see I/O (the times of the all-disks-on primary-backup run, "
            + "which a perfect oracle's run repeats) and wakes them a spin-up ahead. Both also keep a disk awake "
            + "whose next use is that close.",
        "Write group SIZE/PERIOD: backup replicas of new blocks go to the backups of a rotating share of the nodes "
            + "(a new group every period), held awake through their turn and woken a spin-up and a poll ahead of "
            + "it; other backups are woken only when the group cannot take a replica (reactive waking otherwise).");
  }
}
