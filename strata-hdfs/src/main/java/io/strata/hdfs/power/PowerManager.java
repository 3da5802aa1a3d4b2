package io.strata.hdfs.power;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.core.energy.NodePower;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.StandbyRule;
import io.strata.core.energy.VolumeEnergy;
import io.strata.core.energy.VolumePower;
import io.strata.core.energy.WakeCause;
import io.strata.core.energy.WriteGroup;
import io.strata.core.energy.WriteGroups;
import java.io.CharConversionException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The power manager of one DataNode host: drives each backup volume through the core's {@link VolumePower}
 * (standby after the idle timeout, woken by I/O, a hold or a prediction) and accounts every volume's energy. Every
 * decision is the core's; this class feeds it time, I/O, the NameNode's redundancy and the driver's results.
 *
 * <p>Restartable: each tick it writes its state file (the spin-ups counted against each volume's daily budget);
 * a new manager reads it back and asks the driver which disks sleep, so a SIGKILL loses nothing but the energy
 * accounted before it. Not a guard against data loss by itself: sleeping disks are never removed from HDFS, so
 * the worst a wrong decision costs is a spin-up.
 */
public final class PowerManager implements EmulatedDisks.IoListener, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PowerManager.class);
  /** Wall-clock seconds: spin-up times in the state file stay meaningful across restarts. */
  public static final DoubleSupplier WALL_CLOCK = () -> System.currentTimeMillis() / 1000.0;
  static final String STATE_FILE = "power-state.json";
  static final String STATUS_FILE = "power-status.json";

  /**
   * How the manager runs.
   *
   * @param idleTimeout    idle time before a backup volume sleeps; null for the smallest the guards allow for each
   *                       device (its break-even time, or the floor)
   * @param floor          the operator's lower limit on the timeout
   * @param dailyBudget    spin-ups a volume may do a day; null for what the device's rating allows
   * @param tick           how often the manager looks at its volumes
   * @param stateDir       where the state and status files go; null for none
   * @param sleepBackups   false to only account energy, never putting a disk to sleep (native HDFS's baseline)
   * @param nodePower      the node's power apart from its disks, for node energy
   */
  public record Settings(Duration idleTimeout, Duration floor, Integer dailyBudget, Duration tick, Path stateDir,
      boolean sleepBackups, NodePower nodePower) {
    public static Settings defaults(Path stateDir) {
      return new Settings(null, Duration.ZERO, null, Duration.ofSeconds(1), stateDir, true,
          NodePower.THESIS_MIDPOINT);
    }

    public Settings withIdleTimeout(Duration timeout) {
      return new Settings(timeout, floor, dailyBudget, tick, stateDir, sleepBackups, nodePower);
    }

    public Settings withSleepBackups(boolean sleep) {
      return new Settings(idleTimeout, floor, dailyBudget, tick, stateDir, sleep, nodePower);
    }

    public Settings withTick(Duration every) {
      return new Settings(idleTimeout, floor, dailyBudget, every, stateDir, sleepBackups, nodePower);
    }
  }

  private final List<PoweredVolume> volumes;
  private final Map<String, PoweredVolume> byId = new LinkedHashMap<>();
  private final Map<String, VolumePower> power = new LinkedHashMap<>();
  private final Settings settings;
  private final PowerDriver driver;
  private final RedundancyWatch watch;
  private final DoubleSupplier clock;
  private final double startedAt;
  private ScheduledExecutorService ticker;
  private boolean watchFailureLogged;
  private final Map<String, Boolean> standbyFailureLogged = new LinkedHashMap<>();
  private WriteGroup writeGroup;
  private DataNodeList dataNodes;
  private List<String> knownDataNodes;
  private boolean dataNodesFailureLogged;

  /**
   * Builds the manager and recovers what an earlier run left: spin-ups from the state file, sleeping disks from the
   * driver.
   *
   * @param watch the NameNode's redundancy, or null when there is no NameNode to ask (tests)
   * @throws io.strata.core.config.ConfigException when a timeout breaks a device's guards
   */
  public PowerManager(List<PoweredVolume> volumes, Settings settings, PowerDriver driver, RedundancyWatch watch,
      DoubleSupplier clock) throws IOException {
    this.volumes = List.copyOf(volumes);
    this.settings = settings;
    this.driver = driver;
    this.watch = watch;
    this.clock = clock;
    this.startedAt = clock.getAsDouble();
    Map<String, List<Double>> previousSpinUps = readSpinUps();
    for (PoweredVolume volume : this.volumes) {
      byId.put(volume.id(), volume);
      if (!volume.device().canSpinDown()) {
        continue;
      }
      double floor = settings.floor().toMillis() / 1000.0;
      // Primary volumes never sleep; their rule only serves the accounting, so it takes the least timeout allowed.
      double timeout = settings.idleTimeout() == null || !volume.backup()
          ? Math.ceil(StandbyRule.minimumTimeoutSeconds(volume.device(), floor))
          : settings.idleTimeout().toMillis() / 1000.0;
      StandbyRule rule = StandbyRule.of(volume.device(), timeout, floor);
      if (settings.dailyBudget() != null) {
        rule = rule.withDailyBudget(settings.dailyBudget());
      }
      PowerState found = driver.readState(volume).orElse(PowerState.IDLE);
      VolumePower vp = new VolumePower(volume.label(), rule, startedAt, found);
      vp.restoreSpinUps(previousSpinUps.getOrDefault(volume.id(), List.of()), startedAt);
      power.put(volume.id(), vp);
    }
  }

  /**
   * Keeps this host's backups awake through its turns in {@code group}, from a spin-up and two ticks before each
   * turn, and lets them sleep after it; the group is dealt from {@code nodes}, as the NameNode's placement deals it.
   * Call before {@link #start()}.
   *
   * @throws io.strata.core.config.ConfigException when the rotation alone would exceed a backup's spin-up budget
   */
  public synchronized void useWriteGroup(WriteGroup group, DataNodeList nodes) {
    for (PoweredVolume volume : volumes) {
      VolumePower vp = power.get(volume.id());
      if (vp != null && volume.backup()) {
        WriteGroups.checkBudget(group, volume.device().name(), vp.rule().dailySpinUpBudget());
      }
    }
    this.writeGroup = group;
    this.dataNodes = nodes;
  }

  /** Seconds ahead of a turn at which the manager wakes the backups: their spin-up and two ticks. */
  double writeGroupLead() {
    double spinUp = 0;
    for (PoweredVolume volume : volumes) {
      spinUp = Math.max(spinUp, volume.device().spinUpSeconds());
    }
    return spinUp + 2 * settings.tick().toMillis() / 1000.0;
  }

  /** Ticks every {@code settings.tick()} on a daemon thread until {@link #close()}. */
  public synchronized void start() {
    if (ticker != null) {
      return;
    }
    ticker = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "strata-power-manager");
      t.setDaemon(true);
      return t;
    });
    PowerMetrics.publish(this::status);
    long millis = Math.max(50, settings.tick().toMillis());
    ticker.scheduleWithFixedDelay(() -> {
      try {
        tick();
      } catch (RuntimeException e) {
        LOG.warn("power manager tick failed; disks stay as they are", e);
      }
    }, 0, millis, TimeUnit.MILLISECONDS);
  }

  /** One look at every volume: redundancy holds, I/O the driver saw, and standby where the core allows it. */
  public void tick() {
    RedundancyWatch.Redundancy redundancy = readRedundancy();
    List<String> nodes = readDataNodes();
    List<PoweredVolume> toSleep = new ArrayList<>();
    List<PoweredVolume> toWake = new ArrayList<>();
    synchronized (this) {
      double now = clock.getAsDouble();
      double lead = writeGroup == null ? 0 : writeGroupLead();
      for (PoweredVolume volume : volumes) {
        VolumePower vp = power.get(volume.id());
        if (vp == null) {
          continue;
        }
        if (driver.ioSinceLastPoll(volume)) {
          vp.ioStarted(now, vp.state(now) == PowerState.STANDBY ? WakeCause.EXTERNAL : WakeCause.READ);
          vp.ioFinished(now);
        }
        if (redundancy != null && volume.backup()) {
          toggleHold(vp, now, WakeCause.LOW_REDUNDANCY, redundancy.lowRedundancyBlocks() > 0, volume, toWake);
          toggleHold(vp, now, WakeCause.DECOMMISSION, redundancy.decommissioningNodes() > 0, volume, toWake);
        }
        if (nodes != null && volume.backup()) {
          boolean turn = writeGroup.isMember(volume.host(), nodes, now)
              || writeGroup.isMember(volume.host(), nodes, now + lead);
          toggleHold(vp, now, WakeCause.WRITE_GROUP, turn, volume, toWake);
        }
        if (settings.sleepBackups() && volume.backup() && vp.mayEnterStandby(now)) {
          toSleep.add(volume);
        }
      }
    }
    toWake.forEach(driver::wake);
    // The device tool may take seconds (or hang until its timeout): never while holding the manager's lock, which
    // the DataNode's I/O threads take.
    for (PoweredVolume volume : toSleep) {
      boolean slept = driver.standby(volume);
      synchronized (this) {
        VolumePower vp = power.get(volume.id());
        if (slept && !vp.enterStandby(clock.getAsDouble())) {
          // I/O came between the decision and the command: the disk is spinning up again by itself.
          LOG.debug("{}: I/O arrived while going to standby", volume.label());
        }
        if (!slept && standbyFailureLogged.putIfAbsent(volume.id(), true) == null) {
          LOG.warn("{}: the {} driver could not put the disk into standby; it stays awake (counted in "
              + "driver failures, logged once)", volume.label(), driver.name());
        }
      }
    }
    writeFiles();
  }

  private void toggleHold(VolumePower vp, double now, WakeCause reason, boolean on, PoweredVolume volume,
      List<PoweredVolume> toWake) {
    boolean held = vp.holds().contains(reason);
    if (on && !held) {
      if (vp.state(now) == PowerState.STANDBY) {
        toWake.add(volume);
      }
      vp.hold(now, reason);
    } else if (!on && held) {
      vp.release(now, reason);
    }
  }

  /** The write group's node list now; the last one read when the NameNode cannot be asked; null without a group. */
  private List<String> readDataNodes() {
    if (writeGroup == null) {
      return null;
    }
    try {
      List<String> hosts = dataNodes.hosts();
      dataNodesFailureLogged = false;
      knownDataNodes = hosts;
    } catch (IOException | RuntimeException e) {
      if (!dataNodesFailureLogged) {
        LOG.warn("cannot read the NameNode's DataNodes ({}); the write group stays as last known", e.toString());
        dataNodesFailureLogged = true;
      }
    }
    return knownDataNodes;
  }

  private RedundancyWatch.Redundancy readRedundancy() {
    if (watch == null) {
      return null;
    }
    try {
      RedundancyWatch.Redundancy r = watch.read();
      watchFailureLogged = false;
      return r;
    } catch (IOException | RuntimeException e) {
      if (!watchFailureLogged) {
        LOG.warn("cannot read the NameNode's redundancy ({}); holds stay as they were", e.toString());
        watchFailureLogged = true;
      }
      return null;
    }
  }

  @Override
  public synchronized void ioStarted(String volumeId, WakeCause cause) {
    VolumePower vp = power.get(volumeId);
    if (vp != null) {
      vp.ioStarted(clock.getAsDouble(), cause);
    }
  }

  @Override
  public synchronized void ioFinished(String volumeId) {
    VolumePower vp = power.get(volumeId);
    if (vp != null) {
      vp.ioFinished(clock.getAsDouble());
    }
  }

  /**
   * Wakes a volume ahead of need (the predictor, an operator) and keeps it up for another idle timeout; returns the
   * seconds until it is ready.
   */
  public double wake(String volumeId, WakeCause cause) {
    double wait;
    PoweredVolume volume = byId.get(volumeId);
    synchronized (this) {
      VolumePower vp = power.get(volumeId);
      if (vp == null) {
        return 0;
      }
      wait = vp.wake(clock.getAsDouble(), cause);
    }
    if (wait > 0) {
      driver.wake(volume);
    }
    return wait;
  }

  public List<PoweredVolume> volumes() {
    return volumes;
  }

  /** The volume's state now; IDLE for volumes that cannot sleep. */
  public synchronized PowerState state(String volumeId) {
    VolumePower vp = power.get(volumeId);
    return vp == null ? PowerState.IDLE : vp.state(clock.getAsDouble());
  }

  /** Each volume's state and energy since this manager started. */
  public synchronized PowerStatus status() {
    double now = clock.getAsDouble();
    List<PowerStatus.Volume> lines = new ArrayList<>();
    for (PoweredVolume volume : volumes) {
      VolumePower vp = power.get(volume.id());
      VolumeEnergy energy = vp == null ? VolumeEnergy.alwaysOn(volume.device(), 0, now - startedAt)
          : vp.energy(now);
      PowerState state = vp == null ? PowerState.IDLE : vp.state(now);
      String veto = vp == null ? "cannot sleep" : !volume.backup() ? "primary volume"
          : !settings.sleepBackups() ? "not managed" : vp.standbyVeto(now).orElse("");
      if (state == PowerState.STANDBY) {
        veto = "";
      }
      Map<WakeCause, Integer> spinUps = new LinkedHashMap<>();
      for (WakeCause cause : WakeCause.values()) {
        if (energy.spinUps(cause) > 0) {
          spinUps.put(cause, energy.spinUps(cause));
        }
      }
      Map<PowerState, Double> seconds = new LinkedHashMap<>();
      for (PowerState s : PowerState.values()) {
        seconds.put(s, energy.seconds(s));
      }
      lines.add(new PowerStatus.Volume(volume.host(), volume.id(),
          volume.directory() == null ? null : volume.directory().toString(), volume.device().name(),
          volume.backup(), state, seconds, spinUps, energy.totalStallSeconds(), energy.stallSecondsByCause(),
          energy.stalledIos(),
          energy.unusedPredictedSpinUps(), energy.joules(), vp == null ? Set.of() : vp.holds(), veto,
          VolumeEnergy.alwaysOn(volume.device(), energy.seconds(PowerState.ACTIVE), energy.totalSeconds()).joules()));
    }
    return new PowerStatus(driver.name(), driver.failures(), now - startedAt, settings.nodePower().baseWatts(),
        settings.nodePower().source(), lines);
  }

  private Map<String, List<Double>> readSpinUps() throws IOException {
    Map<String, List<Double>> spinUps = new LinkedHashMap<>();
    if (settings.stateDir() == null) {
      return spinUps;
    }
    Path file = settings.stateDir().resolve(STATE_FILE);
    if (!Files.exists(file)) {
      return spinUps;
    }
    JsonNode root;
    try {
      root = new ObjectMapper().readTree(file.toFile());
    } catch (IOException e) {
      // A torn file cannot happen (it is replaced atomically); a hand-edited one must not stop the daemon.
      LOG.warn("cannot read {} ({}); the daily spin-up budgets start from zero", file, e.getMessage());
      return spinUps;
    }
    root.path("volumes").fields().forEachRemaining(entry -> {
      List<Double> times = new ArrayList<>();
      entry.getValue().path("spinUpTimes").forEach(t -> times.add(t.asDouble()));
      spinUps.put(entry.getKey(), times);
    });
    return spinUps;
  }

  /** The state file (spin-up times for the budgets) and the status file, each replaced atomically. */
  private void writeFiles() {
    if (settings.stateDir() == null) {
      return;
    }
    ObjectMapper json = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    ObjectNode root = json.createObjectNode();
    ObjectNode vols = root.putObject("volumes");
    synchronized (this) {
      double now = clock.getAsDouble();
      root.put("writtenAt", now);
      power.forEach((id, vp) -> {
        ObjectNode v = vols.putObject(id);
        v.put("state", vp.state(now).name());
        ArrayNode times = v.putArray("spinUpTimes");
        vp.spinUpsInLastDay(now).forEach(times::add);
      });
    }
    try {
      Files.createDirectories(settings.stateDir());
      replace(settings.stateDir().resolve(STATE_FILE), json.writeValueAsBytes(root));
      replace(settings.stateDir().resolve(STATUS_FILE), json.writeValueAsBytes(status()));
    } catch (IOException e) {
      LOG.warn("cannot write the power manager's state in {}: {}", settings.stateDir(), e.toString());
    }
  }

  private static void replace(Path file, byte[] bytes) throws IOException {
    Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
    Files.write(tmp, bytes);
    Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  /** Reads the status a manager last wrote into {@code stateDir}. */
  public static Optional<PowerStatus> readStatus(Path stateDir) throws IOException {
    Path file = stateDir.resolve(STATUS_FILE);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    try {
      return Optional.of(new ObjectMapper().readValue(file.toFile(), PowerStatus.class));
    } catch (JsonProcessingException | CharConversionException e) {
      // CharConversionException: bytes Jackson cannot decode in the encoding it detected (UTF-32 of either order).
      // A status its own checks refused says what is missing; Jackson's wrapper only adds the record's class name.
      JsonLocation at = e instanceof JsonProcessingException json ? json.getLocation() : null;
      String why = e.getCause() instanceof IllegalArgumentException refused ? refused.getMessage()
          : e instanceof JsonProcessingException json ? json.getOriginalMessage() : e.getMessage();
      throw new IOException(file + (at == null ? "" : ":" + at.getLineNr() + ":" + at.getColumnNr())
          + ": not a power manager status: " + why, e);
    }
  }

  /** Stops ticking without writing anything more, as a killed process would; for tests of a restart. */
  void halt() {
    ScheduledExecutorService t;
    synchronized (this) {
      t = ticker;
      ticker = null;
    }
    if (t != null) {
      t.shutdownNow();
    }
  }

  /** Stops ticking and writes the state one last time; disks stay as they are. */
  @Override
  public void close() {
    ScheduledExecutorService t;
    synchronized (this) {
      t = ticker;
      ticker = null;
    }
    if (t != null) {
      t.shutdownNow();
      try {
        t.awaitTermination(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    writeFiles();
  }
}
