package io.strata.bench.energy;

import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.EnergyDelay;
import io.strata.core.energy.NodeOutlook;
import io.strata.core.energy.NodePower;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import io.strata.core.energy.WakePredictor;
import io.strata.core.energy.WakePredictors;
import io.strata.core.energy.WriteGroup;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.embedded.yarn.NamedNodeYarnCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.power.EmbeddedPower;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PowerStatus;
import io.strata.hdfs.power.PoweredVolume;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobCounter;

/**
 * The thesis's experiment (ch. 4.4) scaled to this machine: WordCount from hadoop-mapreduce-examples on YARN over
 * text written with replication 3 to the {@code energy} preset's three nodes, on native HDFS and on primary-backup
 * placement with primary-first reads and the power manager, each wake-up predictor in turn, side by side in one
 * run. Energy is modeled from the real I/O each volume does (the emulated driver) and the device profiles' powers,
 * plus each node's base power from a cited source; the job time is measured. Each run accounts its own window,
 * from before its input is written to the end of its job: a technique that keeps backups awake through the write,
 * or wakes them for it, pays for that.
 *
 * <p>Native HDFS is the same hardware without Strata: both of a node's devices are ordinary DISK volumes (HDFS
 * spreads replicas over them), stock placement and read order, every disk always on. Its disks are accounted by the
 * same code with standby switched off. {@value #STOCK_BEST} is stock HDFS as an operator could configure it for
 * energy: the {@value #STOCK_BEST_POLICY} policy and every disk spun down when idle.
 */
public final class EnergyBenchmark {
  private static final String INPUT = "/data/wordcount-in";
  /** Native HDFS's name for the backup array, a DISK volume there: its energy is the "backup disks" column. */
  static final String NATIVE_BACKUP_DEVICE = "backup-array-as-disk";
  /**
   * The configuration the declared targets are judged on, named before any run: primary-backup with the thesis's
   * predictor, the one the stall target is judged on.
   */
  public static final String DECLARED = "primary-backup predictive";
  /** Stock HDFS at its best for energy: what an operator gets from stock HDFS and an idle spin-down tool. */
  public static final String STOCK_BEST = "stock-best";
  /** The storage policy stock-best sets on the job's data: one replica on DISK, the others on ARCHIVE. */
  public static final String STOCK_BEST_POLICY = "WARM";
  /** The energy preset's backup array, an ARCHIVE volume under stock HDFS: stock-best's "backup disks" column. */
  static final String BACKUP_ARRAY_DEVICE = "backup-array";

  /**
   * @param workDir     where clusters and YARN live
   * @param inputBytes  WordCount input size
   * @param files       input files
   * @param blockSize   HDFS block size
   * @param idleTimeout backup idle timeout; null for each device's smallest allowed (its break-even time)
   * @param predictors  wake predictors to run primary-backup with, in order ({@code reactive} should come before
   *                    {@code oracle}, which replays the reactive run's first backup I/O per node)
   * @param nodePower   the node's base power
   * @param writeGroup  with a group, one more primary-backup run on a cluster whose placement and power manager use
   *                    it (reactive waking otherwise); null for none
   */
  public record Options(Path workDir, long inputBytes, int files, long blockSize, Duration idleTimeout,
      List<String> predictors, NodePower nodePower, WriteGroup writeGroup) {
    public Options(Path workDir, long inputBytes, int files, long blockSize, Duration idleTimeout,
        List<String> predictors, NodePower nodePower) {
      this(workDir, inputBytes, files, blockSize, idleTimeout, predictors, nodePower, null);
    }
  }

  /**
   * One system's run: the write of its input, then the job.
   *
   * @param writeSeconds     seconds the input write took, inside the accounted window
   * @param nodeJoules       node energy over the whole window, input write and job
   * @param backupReads      reads that reached a backup volume during the job (all primaries were live)
   * @param readStallSeconds seconds reads waited for a backup spin-up
   * @param stallSeconds     seconds any I/O waited for a spin-up
   */
  public record Run(String system, double writeSeconds, double jobSeconds, double nodeJoules, double diskJoules,
      double backupJoules, int spinUps, Map<WakeCause, Integer> spinUpsByCause, long unusedPredicted,
      double stallSeconds, double readStallSeconds, long backupReads, long maps, long dataLocalMaps,
      List<String> output) {

    /** Node energy and time over the same window: the input write and the job. */
    public EnergyDelay node() {
      return new EnergyDelay(nodeJoules, windowSeconds());
    }

    public double windowSeconds() {
      return writeSeconds + jobSeconds;
    }
  }

  /** A step of a run that can fail. */
  @FunctionalInterface
  interface Step<T> {
    T run() throws Exception;
  }

  /**
   * What one run's window measured: the power manager's status before the input write and after the job, the
   * seconds of each, and what the job step returned.
   */
  record Window<T>(PowerStatus before, PowerStatus after, double writeSeconds, double jobSeconds, T job) {}

  /**
   * Runs {@code write} then {@code job} inside one accounted window of {@code manager}: the energy of the disks
   * while the input is written counts for the run, as the backups a technique keeps awake (or wakes) for it do.
   */
  static <T> Window<T> accounted(PowerManager manager, DoubleSupplier clock, Step<?> write, Step<T> job)
      throws Exception {
    PowerStatus before = manager.status();
    double started = clock.getAsDouble();
    write.run();
    double written = clock.getAsDouble();
    T result = job.run();
    double ended = clock.getAsDouble();
    return new Window<>(before, manager.status(), written - started, ended - written, result);
  }

  private EnergyBenchmark() {}

  /**
   * Native first, then {@value #STOCK_BEST}, then primary-backup with each predictor; progress lines go to
   * {@code progress}.
   */
  public static List<Run> run(Options options, PrintStream progress) throws Exception {
    List<Run> runs = new ArrayList<>();
    runs.add(runNative(options, progress));
    runs.add(runStockBest(options, progress));
    runs.addAll(runPrimaryBackup(options, progress));
    if (options.writeGroup() != null) {
      runs.add(runWriteGroup(options, progress));
    }
    return runs;
  }

  /** The energy preset as stock HDFS would run it: the backup array is a plain DISK volume, no backup role. */
  static ClusterSpec nativeSpec() {
    ClusterSpec energy = Presets.load("energy");
    DeviceProfile array = energy.nodes().get(0).volumes().stream().filter(v -> v.backup()).findFirst().orElseThrow()
        .device();
    String text = Presets.text("energy");
    String device = String.format(Locale.ROOT, "devices:%n  - {name: %s-as-disk, storageType: DISK, readMBps: %s, "
        + "writeMBps: %s, iops: %s, activeWatts: %s, idleWatts: %s, standbyWatts: %s, spinUpSeconds: %s, "
        + "spinUpJoules: %s, ratedStartStops: %d, serviceLifeYears: %s}%n", array.name(), array.readMBps(),
        array.writeMBps(), array.iops(), array.activeWatts(), array.idleWatts(), array.standbyWatts(),
        array.spinUpSeconds(), array.spinUpJoules(), array.ratedStartStops(), array.serviceLifeYears());
    text = text.replaceAll("(?s)tiers:.*?racks:", device + "racks:")
        .replace("name: energy\n", "name: energy-native\n")
        .replace("{device: backup-array, capacity: 16GiB, backup: true}", "{device: backup-array-as-disk, "
            + "capacity: 16GiB}");
    return SpecParser.parse("energy-native", text);
  }

  private static Run runNative(Options options, PrintStream progress) throws Exception {
    progress.println("[native] starting HDFS (stock placement and read order) and YARN on the energy preset");
    ClusterSpec spec = nativeSpec();
    Path dir = options.workDir().resolve("native");
    IoCounts counts = new IoCounts(NATIVE_BACKUP_DEVICE);
    try (EmbeddedCluster hdfs = EmbeddedCluster.start(spec, clusterOptions(options, dir, Map.of()));
         EmbeddedPower power = EmbeddedClusterPower.start(hdfs, PowerManager.Settings.defaults(dir.resolve("power"))
             .withSleepBackups(false), counts.observer(hdfs), null);
         NamedNodeYarnCluster yarn = NamedNodeYarnCluster.start(hdfs.clientConf(), hdfs.hosts(), dir.resolve("yarn"))) {
      // Native has no backup role: for the backup-energy column its second device (the array) counts.
      return writeAndRun("native HDFS", yarn.jobConf(), hdfs, power, counts, null, options, progress);
    }
  }

  /**
   * {@value #STOCK_BEST}: the energy preset on stock HDFS (no plugin: stock placement and read order), the
   * {@value #STOCK_BEST_POLICY} policy on the job's input and output, and the power manager as an idle spin-down tool
   * (every DISK and ARCHIVE volume sleeps after the same idle timeout as primary-backup's backups, by the same
   * emulated driver). Like primary-backup's runs, its input write and job start once every volume that may sleep is
   * asleep.
   */
  private static Run runStockBest(Options options, PrintStream progress) throws Exception {
    progress.printf("[%s] starting stock HDFS (stock placement and read order) with the %s policy on /data and /out, "
        + "every volume spun down when idle by the power manager (emulated driver), and YARN%n", STOCK_BEST,
        STOCK_BEST_POLICY);
    Path dir = options.workDir().resolve(STOCK_BEST);
    IoCounts counts = new IoCounts(BACKUP_ARRAY_DEVICE);
    PowerManager.Settings settings = PowerManager.Settings.defaults(dir.resolve("power"))
        .withIdleTimeout(options.idleTimeout());
    try (EmbeddedCluster hdfs = EmbeddedCluster.start(Presets.load("energy"),
        clusterOptions(options, dir.resolve("hdfs"), Map.of()));
         EmbeddedPower power = EmbeddedClusterPower.startSleepingEveryVolume(hdfs, settings, counts.observer(hdfs));
         NamedNodeYarnCluster yarn = NamedNodeYarnCluster.start(hdfs.clientConf(), hdfs.hosts(), dir.resolve("yarn"))) {
      FileSystem fs = hdfs.fileSystem();
      for (String data : List.of("/data", "/out")) {
        fs.mkdirs(new org.apache.hadoop.fs.Path(data));
        fs.setStoragePolicy(new org.apache.hadoop.fs.Path(data), STOCK_BEST_POLICY);
      }
      // As primary-backup's runs: the input is written inside the accounted window, from every volume asleep.
      progress.printf("[%s] waiting for every volume to sleep before the run%n", STOCK_BEST);
      EmbeddedCluster.waitFor(Duration.ofMinutes(15), () -> power.manager().volumes().stream()
          .allMatch(v -> power.manager().state(v.id()) == PowerState.STANDBY), "every volume to enter standby");
      return writeAndRun(STOCK_BEST, yarn.jobConf(), hdfs, power, counts, null, options, progress);
    }
  }

  private static List<Run> runPrimaryBackup(Options options, PrintStream progress) throws Exception {
    ClusterSpec spec = Presets.load("energy");
    Path dir = options.workDir().resolve("primary-backup");
    Map<String, String> conf = primaryBackupConf(dir);
    progress.println("[primary-backup] starting HDFS with primary-backup placement for /data and /out, "
        + "primary-first reads, the power manager (emulated driver) and YARN");
    List<Run> runs = new ArrayList<>();
    IoCounts counts = new IoCounts(null);
    PowerManager.Settings settings = PowerManager.Settings.defaults(dir.resolve("power"))
        .withIdleTimeout(options.idleTimeout());
    try (EmbeddedCluster hdfs = EmbeddedCluster.start(spec, clusterOptions(options, dir.resolve("hdfs"), conf));
         EmbeddedPower power = EmbeddedClusterPower.start(hdfs, settings, counts.observer(hdfs), null);
         NamedNodeYarnCluster yarn = NamedNodeYarnCluster.start(hdfs.clientConf(), hdfs.hosts(), dir.resolve("yarn"))) {
      Map<String, Double> firstBackupUse = new HashMap<>();
      for (String name : options.predictors()) {
        Configuration jobConf = new Configuration(yarn.jobConf());
        // A split names only the first host the NameNode lists, the primary's under primary-first: maps run there.
        jobConf.setInt("mapreduce.job.max.split.locations", 1);
        // Each run writes its own input with the backups asleep; the previous input's blocks go before the wait.
        hdfs.fileSystem().delete(new org.apache.hadoop.fs.Path(INPUT), true);
        waitForBackupsAsleep(power, progress, name);
        WakePredictor predictor = WakePredictors.parse(name, new WakePredictors.Context(1.0,
            (node, now) -> firstBackupUse.getOrDefault(node, Double.POSITIVE_INFINITY)));
        Run run = writeAndRun("primary-backup " + name, jobConf, hdfs, power, counts,
            new Prediction(predictor, firstBackupUse, name.equals("reactive")), options, progress);
        runs.add(run);
      }
    }
    return runs;
  }

  /**
   * Primary-backup on its own cluster whose NameNode and power manager share a write group: backup replicas go to
   * the group's backups, kept awake through their turn, and the other backups sleep; reactive waking otherwise.
   */
  private static Run runWriteGroup(Options options, PrintStream progress) throws Exception {
    ClusterSpec spec = Presets.load("energy");
    String label = "write group " + options.writeGroup().parameters();
    Path dir = options.workDir().resolve("write-group");
    Map<String, String> conf = primaryBackupConf(dir);
    conf.put(StrataKeys.WRITE_GROUP, options.writeGroup().parameters());
    progress.printf("[%s] starting HDFS with primary-backup placement, primary-first reads, %s, the power manager "
        + "and YARN%n", label, options.writeGroup().describe());
    IoCounts counts = new IoCounts(null);
    PowerManager.Settings settings = PowerManager.Settings.defaults(dir.resolve("power"))
        .withIdleTimeout(options.idleTimeout());
    try (EmbeddedCluster hdfs = EmbeddedCluster.start(spec, clusterOptions(options, dir.resolve("hdfs"), conf));
         EmbeddedPower power = EmbeddedClusterPower.start(hdfs, settings, counts.observer(hdfs), options.writeGroup());
         NamedNodeYarnCluster yarn = NamedNodeYarnCluster.start(hdfs.clientConf(), hdfs.hosts(), dir.resolve("yarn"))) {
      Configuration jobConf = new Configuration(yarn.jobConf());
      jobConf.setInt("mapreduce.job.max.split.locations", 1);
      progress.printf("[%s] waiting for the backup volumes outside the group to sleep%n", label);
      EmbeddedCluster.waitFor(Duration.ofMinutes(15), () -> power.manager().status().volumes().stream()
          .filter(v -> v.backup() && !v.holds().contains(WakeCause.WRITE_GROUP))
          .allMatch(v -> v.state() == PowerState.STANDBY), "the backup volumes outside the group to enter standby");
      WakePredictor reactive = WakePredictors.parse("reactive", new WakePredictors.Context(1.0, null));
      return writeAndRun("primary-backup " + label, jobConf, hdfs, power, counts,
          new Prediction(reactive, new HashMap<>(), false), options, progress);
    }
  }

  /**
   * The NameNode settings of a primary-backup run in {@code dir}: the energy preset's spec written there, /data and
   * /out under primary-backup placement, primary-first reads.
   */
  private static Map<String, String> primaryBackupConf(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path specFile = dir.resolve(ClientConfigWriter.SPEC_FILE);
    Files.writeString(specFile, Presets.text("energy"));
    Map<String, String> conf = new LinkedHashMap<>(StrataPlugins.nameNodeConf(specFile,
        "/data=primary-backup;/out=primary-backup", 1000));
    conf.put(StrataKeys.RETRIEVAL_POLICY, "primary-first");
    return conf;
  }

  private static EmbeddedCluster.Options clusterOptions(Options options, Path dir, Map<String, String> conf) {
    Map<String, String> all = new LinkedHashMap<>(conf);
    all.put("dfs.replication", "3");
    // HDFS's own background I/O is what wakes disks nobody reads; the block scanner would read every backup
    // replica at 1 MB/s. A real deployment schedules it into wake windows or accepts the spin-ups it causes.
    all.put("dfs.block.scanner.volume.bytes.per.second", "0");
    return EmbeddedCluster.Options.defaults(dir).withBlockSize(options.blockSize()).withConf(all);
  }

  /** Text WordCount can count: lines of words drawn from a fixed vocabulary, skewed like natural text. */
  static void writeInput(FileSystem fs, Options options, PrintStream progress, String system) throws IOException {
    long started = System.nanoTime();
    long perFile = options.inputBytes() / options.files();
    String[] words = new String[2000];
    SplittableRandom vocabulary = new SplittableRandom(26);
    for (int i = 0; i < words.length; i++) {
      StringBuilder word = new StringBuilder();
      int length = 3 + vocabulary.nextInt(7);
      for (int c = 0; c < length; c++) {
        word.append((char) ('a' + vocabulary.nextInt(26)));
      }
      words[i] = word.toString();
    }
    for (int f = 0; f < options.files(); f++) {
      SplittableRandom random = new SplittableRandom(1000 + f);
      org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(INPUT, String.format("part-%03d.txt", f));
      try (OutputStream out = fs.create(path, (short) 3)) {
        StringBuilder line = new StringBuilder();
        long written = 0;
        while (written < perFile) {
          line.setLength(0);
          for (int w = 0; w < 12; w++) {
            // Squaring a uniform draw favours low indexes: a few words are common, most are rare.
            double u = random.nextDouble();
            line.append(words[(int) (u * u * words.length)]).append(' ');
          }
          line.append('\n');
          byte[] bytes = line.toString().getBytes(StandardCharsets.US_ASCII);
          out.write(bytes);
          written += bytes.length;
        }
      }
    }
    progress.printf(Locale.ROOT, "[%s] wrote %d MiB of text in %d files with replication 3 (%.0f s)%n", system,
        options.inputBytes() >> 20, options.files(), (System.nanoTime() - started) / 1e9);
  }

  private static void waitForBackupsAsleep(EmbeddedPower power, PrintStream progress, String next) {
    progress.printf("[primary-backup] waiting for the backup volumes to sleep before the %s run%n", next);
    EmbeddedCluster.waitFor(Duration.ofMinutes(15), () -> power.manager().volumes().stream()
        .filter(PoweredVolume::backup).allMatch(v -> power.manager().state(v.id()) == PowerState.STANDBY),
        "the backup volumes to enter standby");
  }

  /** What the predictor needs during a job, and where the reactive run records each node's first backup use. */
  private record Prediction(WakePredictor predictor, Map<String, Double> firstBackupUse, boolean record,
      MapPhase maps) {
    Prediction(WakePredictor predictor, Map<String, Double> firstBackupUse, boolean record) {
      this(predictor, firstBackupUse, record, new MapPhase());
    }
  }

  /**
   * When the job's maps began to make progress. The read rate is measured from then, not from submission: the
   * ApplicationMaster's and containers' start-up before it would make the rate look slower, the work left look
   * longer, and the wake come too late.
   */
  private static final class MapPhase {
    private double startedAt = Double.NaN;

    double elapsed(double now, double mapProgress) {
      if (Double.isNaN(startedAt) && mapProgress > 0) {
        startedAt = now;
      }
      return Double.isNaN(startedAt) ? 0 : now - startedAt;
    }
  }

  /** Writes the input, then runs WordCount over it, both inside the run's accounted window. */
  private static Run writeAndRun(String system, Configuration conf, EmbeddedCluster hdfs, EmbeddedPower power,
      IoCounts counts, Prediction prediction, Options options, PrintStream progress) throws Exception {
    FileSystem fs = hdfs.fileSystem();
    org.apache.hadoop.fs.Path output = new org.apache.hadoop.fs.Path("/out/" + system.replace(' ', '-'));
    fs.delete(output, true);
    Window<Job> window = accounted(power.manager(), PowerManager.WALL_CLOCK,
        () -> {
          writeInput(fs, options, progress, system);
          return null;
        },
        () -> job(system, conf, hdfs, power, counts, prediction, options, progress, output));
    Run run = difference(system, window, counts, options, ExampleJobs.outputLines(fs, output));
    progress.printf(Locale.ROOT, "[%s] done: input written in %.1f s, job in %.1f s; node energy %.0f kJ, backup "
        + "disks %.1f kJ, %d spin-up(s), %.1f s of stalls%n", system, run.writeSeconds(), run.jobSeconds(),
        run.nodeJoules() / 1000, run.backupJoules() / 1000, run.spinUps(), run.stallSeconds());
    return run;
  }

  /** Runs WordCount over the input into {@code output} and returns the finished job. */
  private static Job job(String system, Configuration conf, EmbeddedCluster hdfs, EmbeddedPower power,
      IoCounts counts, Prediction prediction, Options options, PrintStream progress, org.apache.hadoop.fs.Path output)
      throws Exception {
    counts.reset();
    Configuration jobConf = new Configuration(conf);
    // A job's files go out with replication 10 by default; on fewer nodes the NameNode counts them as low on
    // redundancy for the job's whole life, which (rightly) keeps every backup disk awake. Operators of small
    // clusters set this to at most their node count.
    jobConf.setInt("mapreduce.client.submit.file.replication", 3);
    Job job = ExampleJobs.wordCountJob(jobConf, new org.apache.hadoop.fs.Path(INPUT), output);
    progress.printf("[%s] WordCount over %s%n", system, INPUT);
    double started = PowerManager.WALL_CLOCK.getAsDouble();
    job.submit();
    double lastLine = started;
    while (!job.isComplete()) {
      Thread.sleep(1000);
      double now = PowerManager.WALL_CLOCK.getAsDouble();
      if (prediction != null) {
        predict(prediction, job, power, hdfs, options, started, now);
      }
      if (now - lastLine >= 15) {
        progress.printf(Locale.ROOT, "[%s]   %.0f s: map %.0f%%, reduce %.0f%%%n", system, now - started,
            job.mapProgress() * 100, job.reduceProgress() * 100);
        lastLine = now;
      }
    }
    if (!job.isSuccessful()) {
      throw new IOException(system + ": WordCount failed: " + job.getStatus().getFailureInfo());
    }
    if (prediction != null && prediction.record()) {
      counts.firstUse().forEach((host, at) -> prediction.firstBackupUse().put(host, at - started));
    }
    return job;
  }

  /**
   * Asks the predictor which nodes' backups to wake, from the job's remaining map work: the maps read primary
   * replicas spread evenly over the nodes by placement, so each node has an equal share of the input left, read at
   * the rate the job has read so far; the job's output replicas then land on backup volumes.
   */
  private static void predict(Prediction prediction, Job job, EmbeddedPower power, EmbeddedCluster hdfs,
      Options options, double started, double now) throws IOException {
    double mapProgress = job.mapProgress();
    double mapSeconds = prediction.maps().elapsed(now, mapProgress);
    if (mapSeconds <= 0) {
      return; // no map has reported progress yet: no rate to extrapolate from
    }
    List<NodeOutlook> outlook = new ArrayList<>();
    int nodes = hdfs.hosts().size();
    for (String host : hdfs.hosts()) {
      double left = (1 - mapProgress) * options.inputBytes() / nodes;
      double rate = mapProgress * options.inputBytes() / nodes / mapSeconds;
      outlook.add(new NodeOutlook(host, left, rate, true, Double.POSITIVE_INFINITY));
    }
    // Times relative to the job's start: the oracle's future is the reactive run's, replayed.
    double asked = now - started;
    double spinUp = power.manager().volumes().stream().filter(PoweredVolume::backup)
        .mapToDouble(v -> v.device().spinUpSeconds()).max().orElse(0);
    for (String host : prediction.predictor().nodesToWake(asked, outlook, spinUp)) {
      for (PoweredVolume volume : power.manager().volumes()) {
        if (volume.backup() && volume.host().equals(host)) {
          power.manager().wake(volume.id(), WakeCause.PREDICTED);
        }
      }
    }
  }

  private static Run difference(String system, Window<Job> window, IoCounts counts, Options options,
      List<String> output) throws IOException {
    PowerStatus before = window.before();
    PowerStatus after = window.after();
    double disk = 0;
    double backup = 0;
    int spinUps = 0;
    double stalls = 0;
    double readStalls = 0;
    long unused = 0;
    Map<WakeCause, Integer> causes = new EnumMap<>(WakeCause.class);
    for (int i = 0; i < after.volumes().size(); i++) {
      PowerStatus.Volume a = after.volumes().get(i);
      PowerStatus.Volume b = before.volumes().get(i);
      double joules = a.joules() - b.joules();
      disk += joules;
      if (counts.isBackup(a.backup(), a.device())) {
        backup += joules;
      }
      readStalls += a.stallSecondsByCause().getOrDefault(WakeCause.READ, 0.0)
          - b.stallSecondsByCause().getOrDefault(WakeCause.READ, 0.0);
      spinUps += a.spinUps() - b.spinUps();
      stalls += a.stallSeconds() - b.stallSeconds();
      unused += a.unusedPredictedSpinUps() - b.unusedPredictedSpinUps();
      for (WakeCause cause : WakeCause.values()) {
        int n = a.spinUpsByCause().getOrDefault(cause, 0) - b.spinUpsByCause().getOrDefault(cause, 0);
        if (n > 0) {
          causes.merge(cause, n, Integer::sum);
        }
      }
    }
    long hosts = after.volumes().stream().map(PowerStatus.Volume::host).distinct().count();
    double node = hosts * options.nodePower().baseWatts() * (window.writeSeconds() + window.jobSeconds()) + disk;
    var counters = window.job().getCounters();
    return new Run(system, window.writeSeconds(), window.jobSeconds(), node, disk, backup, spinUps, causes, unused,
        stalls, readStalls,
        counts.backupReads(), counters.findCounter(JobCounter.TOTAL_LAUNCHED_MAPS).getValue(),
        counters.findCounter(JobCounter.DATA_LOCAL_MAPS).getValue(), output);
  }

  /** Counts what reaches the backup volumes, before the emulated disks see it. */
  static final class IoCounts {
    private final AtomicLong backupReads = new AtomicLong();
    private final Map<String, Double> firstUse = new ConcurrentHashMap<>();
    private final String backupDevice;

    /**
     * @param backupDevice the device counted as backup whatever the volumes' roles (the backup array where stock HDFS
     *                     runs it: native HDFS, stock-best), or null to count the backup volumes
     */
    IoCounts(String backupDevice) {
      this.backupDevice = backupDevice;
    }

    /** Whether a volume's I/O and energy count as the backup disks'. */
    boolean isBackup(boolean backupVolume, String device) {
      return backupDevice == null ? backupVolume : device.equals(backupDevice);
    }

    EmbeddedPower.IoObserver observer(EmbeddedCluster hdfs) {
      Map<String, String> backupHost = new ConcurrentHashMap<>();
      return (storageId, write, bytes) -> {
        if (backupHost.isEmpty()) {
          EmbeddedClusterPower.volumes(hdfs).stream()
              .filter(v -> isBackup(v.backup(), v.device().name()))
              .forEach(v -> backupHost.put(v.id(), v.host()));
        }
        String host = backupHost.get(storageId);
        if (host == null) {
          return;
        }
        firstUse.putIfAbsent(host, PowerManager.WALL_CLOCK.getAsDouble());
        if (!write) {
          backupReads.incrementAndGet();
        }
      };
    }

    void reset() {
      backupReads.set(0);
      firstUse.clear();
    }

    long backupReads() {
      return backupReads.get();
    }

    Map<String, Double> firstUse() {
      return Map.copyOf(firstUse);
    }
  }
}
