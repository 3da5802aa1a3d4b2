package io.strata.bench.demo;

import io.strata.bench.energy.EmbeddedClusterPower;
import io.strata.core.config.ByteSize;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.StandbyRule;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.power.EmbeddedPower;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PowerStatus;
import io.strata.hdfs.power.PoweredVolume;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.report.PlacementReportCollector;
import io.strata.workloads.dataset.DatasetWriter;
import io.strata.workloads.dataset.ParallelReader;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageType;

/**
 * {@code strata demo --energy}: energy-efficient HDFS on the embedded {@code energy} cluster. A dataset is written
 * under {@code primary-backup}, read from its primary replicas, the backup arrays go to standby after their idle
 * timeout (a line per state change), the data is read again without waking them, and the power manager's figures
 * show the energy saved against the same disks never sleeping.
 */
public final class EnergyDemo {
  /** Where the dataset goes, placed by {@code primary-backup}. */
  public static final String DATA = "/demo/energy";
  /** The emulated device {@code --quick-disks} puts in place of the backup array. */
  static final String QUICK_DEVICE = "backup-array-quick";

  /**
   * What the demo does: the dataset's bytes and files, whether the backup arrays are the quick emulated ones, and
   * where the cluster keeps its data and client configuration.
   */
  public record Settings(long bytes, int files, boolean quickDisks, Path dir) {}

  /** Shows how much of the dataset is written, e.g. as a progress bar: fed the bytes written, closed when done. */
  public interface WriteProgress extends LongConsumer, AutoCloseable {
    @Override
    void close();
  }

  /** What runs, once the demo is done, while its cluster and power manager are still up (e.g. a dashboard). */
  public interface WhileUp {
    void run(EmbeddedCluster cluster, Path powerState) throws Exception;
  }

  private final Settings settings;
  private final PrintStream out;
  private final LongFunction<WriteProgress> progress;
  private final long started = System.nanoTime();

  /**
   * @param out      where the demo tells what it does
   * @param progress shows the write of a dataset of the given bytes
   */
  public EnergyDemo(Settings settings, PrintStream out, LongFunction<WriteProgress> progress) {
    this.settings = settings;
    this.out = out;
    this.progress = progress;
  }

  /**
   * The energy preset's text, or with {@code quickDisks} the same cluster whose backup arrays spin up in 1 s: the
   * array's powers, its spin-up energy scaled with the time (so its break-even, and the idle timeout, shrink to 5 s).
   */
  static String specText(boolean quickDisks) {
    String text = Presets.text("energy");
    if (quickDisks) {
      DeviceProfile array = DeviceCatalog.builtin().get("backup-array");
      String device = String.format(Locale.ROOT, "devices:%n  - {name: %s, storageType: ARCHIVE, readMBps: %s, "
          + "writeMBps: %s, iops: %s, activeWatts: %s, idleWatts: %s, standbyWatts: %s, spinUpSeconds: 1, "
          + "spinUpJoules: %.0f, ratedStartStops: %d, serviceLifeYears: %s}%n", QUICK_DEVICE, array.readMBps(),
          array.writeMBps(), array.iops(), array.activeWatts(), array.idleWatts(), array.standbyWatts(),
          array.spinUpJoules() / array.spinUpSeconds(), array.ratedStartStops(), array.serviceLifeYears());
      text = text.replace("tiers:", device + "tiers:").replace("device: backup-array,", "device: " + QUICK_DEVICE
          + ",");
    }
    return text;
  }

  /** Runs the demo, then {@code whileUp} (if not null) before the cluster stops. */
  public void run(WhileUp whileUp) throws Exception {
    String text = specText(settings.quickDisks());
    ClusterSpec energy = SpecParser.parse("energy", text);
    DeviceProfile backup = energy.nodes().get(0).volumes().stream().filter(v -> v.backup()).findFirst()
        .orElseThrow().device();
    double timeout = Math.ceil(StandbyRule.minimumTimeoutSeconds(backup, 0));
    out.printf("Starting the embedded 'energy' cluster: %d DataNodes, each a primary disk (always on) and a backup "
        + "array that sleeps when idle%n", energy.nodes().size());
    if (settings.quickDisks()) {
      out.printf("  --quick-disks: the backup arrays are '%s', an emulated device with the array's powers but a 1 s "
          + "spin-up instead of %.0f s (its spin-up energy scaled alike), so that the demo is short; not a real "
          + "device%n", QUICK_DEVICE, DeviceCatalog.builtin().get("backup-array").spinUpSeconds());
    }
    out.printf("  power is modeled from the real I/O each DataNode volume does and the devices' watts (strata "
        + "devices --sources); no disk really spins down and nothing measures watts%n");
    Path dir = settings.dir();
    String rules = DATA + "=primary-backup";
    Files.createDirectories(dir);
    Path specFile = Files.writeString(dir.resolve(ClientConfigWriter.SPEC_FILE), text);
    Map<String, String> conf = new LinkedHashMap<>(StrataPlugins.nameNodeConf(specFile, rules, 1000));
    conf.put(StrataKeys.RETRIEVAL_POLICY, "primary-first");
    // The block scanner would read every backup replica at 1 MB/s, keeping the arrays awake.
    conf.put("dfs.block.scanner.volume.bytes.per.second", "0");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withConf(conf);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(energy, options)) {
      ClientConfigWriter.write(cluster, dir, text);
      Path powerState = dir.resolve(ClientConfigWriter.POWER_STATE_DIR);
      try (EmbeddedPower power = EmbeddedClusterPower.start(cluster, PowerManager.Settings.defaults(powerState));
           StateWatch watch = new StateWatch(power.manager(), out)) {
        out.printf("  up in %.1f s (web UI %s); placement rule %s, primary-first reads; the power manager puts a "
            + "backup to standby after %.0f s idle (the device's break-even: spin-up energy over the power standby "
            + "saves; the guards allow no less)%n%n", seconds(), cluster.webUi(), rules, timeout);
        run(cluster, power, watch, timeout);
        if (whileUp != null) {
          whileUp.run(cluster, powerState);
        }
      }
    }
  }

  private void run(EmbeddedCluster cluster, EmbeddedPower power, StateWatch watch, double timeout) throws Exception {
    FileSystem fs = cluster.fileSystem();
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path(DATA);
    DatasetWriter.Result written;
    try (WriteProgress bar = progress.apply(settings.bytes())) {
      written = DatasetWriter.write(fs, data, settings.files(), settings.bytes() / settings.files(),
          Math.min(settings.files(), 4), 26, bar);
    }
    cluster.awaitHealthy(Duration.ofMinutes(2));
    PlacementReport report = new PlacementReportCollector(fs).collect(data, cluster.spec().tierMap());
    long[] primaries = primaryReplicasPerBlock(fs, written.files());
    out.printf("  %6.1f s  wrote %s in %d files at %.1f MB/s: replicas %s; %d of %d blocks have exactly one "
        + "primary replica%n", seconds(), ByteSize.format(written.bytes()), written.files().size(),
        written.megabytesPerSecond(), shares(report), primaries[0], primaries[1]);
    ParallelReader.Result read = ParallelReader.readAll(fs, written.files(), Math.min(settings.files(), 4));
    out.printf("  %6.1f s  read it back at %.1f MB/s from the primary replicas (primary-first)%n", seconds(),
        read.megabytesPerSecond());

    out.printf("%nWaiting for the backups to go to standby (%.0f s after their last I/O):%n", timeout);
    watch.printing(true);
    List<PoweredVolume> backups = power.manager().volumes().stream().filter(PoweredVolume::backup).toList();
    EmbeddedCluster.waitFor(Duration.ofSeconds((long) timeout + 120), () -> backups.stream()
        .allMatch(v -> power.manager().state(v.id()) == PowerState.STANDBY), "the backup volumes to go to standby");
    int spinUpsAsleep = power.manager().status().spinUps();
    out.printf("  %6.1f s  all %d backup volumes in standby; %s%n", seconds(), backups.size(),
        powerNow(power.manager().status(), backups));

    ParallelReader.Result again = ParallelReader.readAll(fs, written.files(), Math.min(settings.files(), 4));
    // The saving shows once the backups have slept a while; half the timeout keeps the demo short.
    Thread.sleep((long) (timeout * 500));
    PowerStatus status = power.manager().status();
    int spinUpsByRead = status.spinUps() - spinUpsAsleep;
    out.printf("  %6.1f s  read all %s again at %.1f MB/s while they sleep: %d backup spin-up(s), %d of %d backups "
        + "still asleep%n", seconds(), ByteSize.format(again.bytes()), again.megabytesPerSecond(), spinUpsByRead,
        backups.stream().filter(v -> power.manager().state(v.id()) == PowerState.STANDBY).count(), backups.size());
    watch.printing(false);

    String fsck = cluster.awaitHealthy(Duration.ofMinutes(1));
    out.printf("  %6.1f s  fsck %s: %s%n%n", seconds(), "/", fsck.contains("is HEALTHY") ? "HEALTHY, no block lost"
        : "not healthy");
    out.printf("The power manager's figures (strata power status --state-dir %s):%n%s", settings.dir()
        .resolve(ClientConfigWriter.POWER_STATE_DIR), status.table());
    out.printf("%nPer node (strata report %s --conf DIR shows the same):%n%s", DATA, status.nodeReport());
    out.printf("%nDemo finished in %.1f s. The saving grows with the time the backups sleep: %s%n", seconds(),
        powerNow(status, backups));
  }

  /** Blocks with exactly one replica on a primary (DISK) volume, and all blocks. */
  private static long[] primaryReplicasPerBlock(FileSystem fs, List<org.apache.hadoop.fs.Path> files)
      throws java.io.IOException {
    long one = 0;
    long all = 0;
    for (org.apache.hadoop.fs.Path file : files) {
      FileStatus status = fs.getFileStatus(file);
      for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
        all++;
        if (List.of(block.getStorageTypes()).stream().filter(t -> t == StorageType.DISK).count() == 1) {
          one++;
        }
      }
    }
    return new long[] {one, all};
  }

  private static String shares(PlacementReport report) {
    StringBuilder s = new StringBuilder();
    for (PlacementReport.Row row : report.tiers()) {
      s.append(s.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f%% on %s", 100 * row.share(),
          row.name()));
    }
    return s.toString();
  }

  /** The disks' power now against all of them on, from the device profiles and each volume's state. */
  private static String powerNow(PowerStatus status, List<PoweredVolume> backups) {
    Map<String, DeviceProfile> devices = new LinkedHashMap<>();
    backups.forEach(v -> devices.put(v.id(), v.device()));
    double now = 0;
    double allOn = 0;
    for (PowerStatus.Volume v : status.volumes()) {
      DeviceProfile device = devices.containsKey(v.id()) ? devices.get(v.id())
          : DeviceCatalog.builtin().get(v.device());
      now += v.state() == PowerState.STANDBY ? device.standbyWatts() : device.idleWatts();
      allOn += device.idleWatts();
    }
    return String.format(Locale.ROOT, "the disks draw %.1f W against %.1f W all on (%.0f%% less)", now, allOn,
        allOn > 0 ? 100 * (allOn - now) / allOn : 0.0);
  }

  private double seconds() {
    return (System.nanoTime() - started) / 1e9;
  }

  /** Prints a line whenever a backup volume goes to sleep, starts waking or is awake again. */
  private final class StateWatch implements AutoCloseable {
    private final PowerManager manager;
    private final PrintStream out;
    private final AtomicBoolean printing = new AtomicBoolean();
    private final Map<String, String> last = new LinkedHashMap<>();
    private final Thread thread;
    private volatile boolean stopped;

    StateWatch(PowerManager manager, PrintStream out) {
      this.manager = manager;
      this.out = out;
      this.thread = new Thread(this::watch, "strata-demo-power-states");
      thread.setDaemon(true);
      thread.start();
    }

    void printing(boolean on) {
      printing.set(on);
    }

    private void watch() {
      while (!stopped) {
        for (PoweredVolume v : manager.volumes()) {
          if (!v.backup()) {
            continue;
          }
          PowerState state = manager.state(v.id());
          // Active and idle are both "awake": only sleeping and waking are worth a line.
          String now = state == PowerState.ACTIVE || state == PowerState.IDLE ? "awake"
              : state.name().toLowerCase(Locale.ROOT).replace('_', '-');
          String before = last.put(v.id(), now);
          if (before != null && !before.equals(now) && printing.get()) {
            out.printf("  %6.1f s  %s %s: %s -> %s%n", seconds(), v.host(), v.device().name(), before, now);
          }
        }
        try {
          Thread.sleep(200);
        } catch (InterruptedException e) {
          return;
        }
      }
    }

    @Override
    public void close() {
      stopped = true;
      thread.interrupt();
    }
  }
}
