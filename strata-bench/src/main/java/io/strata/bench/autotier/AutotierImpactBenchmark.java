package io.strata.bench.autotier;

import io.strata.core.config.ByteSize;
import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import io.strata.hdfs.autotier.AdvisorSource;
import io.strata.hdfs.autotier.AutotierDaemon;
import io.strata.hdfs.autotier.AutotierJournal;
import io.strata.hdfs.autotier.AutotierMetrics;
import io.strata.hdfs.autotier.AutotierRunner;
import io.strata.hdfs.autotier.Change;
import io.strata.workloads.dataset.DatasetWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * What the auto-tiering daemon's copying costs a running job: on the embedded aptstore preset with emulated device
 * speeds, readers stream a set of job files from the disks without pause while the autotier daemon, run once as
 * {@code strata autotier run --once} runs it, demotes a set of cold files to the filer, once per setting (byte cap,
 * files at once). Each phase compares the readers' rate while the plan is applied with their rate just before it,
 * in the same run.
 */
public final class AutotierImpactBenchmark {
  /** How one phase runs the daemon: its byte cap (e.g. {@code 8MiB}) and how many files it changes at once. */
  public record Setting(String cap, int filesAtOnce) {}

  /** One phase: its setting, how long the plan took and what it copied, and the readers' rate before and during. */
  public record Phase(Setting setting, double applySeconds, long bytesMoved, double readAloneMBps,
      double readDuringMBps) {
    public double ratio() {
      return readDuringMBps / readAloneMBps;
    }

    public double copyMBps() {
      return bytesMoved / 1e6 / applySeconds;
    }
  }

  public static final int MIB = 1 << 20;
  private static final int JOB_FILES = 6;
  private static final int COLD_FILES = 8;
  private static final int READERS = 6;
  /** Long enough for four 5 s reference times to pass, so the cold files' popularity decays below the bound. */
  private static final long WARM_UP_MILLIS = 20_000;
  /** The daemon's reference time: short, so that files written in the warm-up are cold by its end. */
  private static final long REFERENCE_SECONDS = 5;

  private AutotierImpactBenchmark() {}

  /** Runs every phase, in {@code dir}, on the aptstore preset with Strata's plugins and emulated device speeds. */
  public static List<Phase> run(Path dir, long jobBytes, long coldBytes, List<Setting> settings, PrintStream log)
      throws Exception {
    ClusterSpec aptstore = Presets.load("aptstore");
    Files.createDirectories(dir);
    Path specFile = Files.writeString(dir.resolve(ClientConfigWriter.SPEC_FILE), Presets.text("aptstore"));
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withAuditLog(audit)
        .withConf(StrataPlugins.nameNodeConf(specFile, null, 1000));
    List<Phase> phases = new ArrayList<>();
    try (EmbeddedCluster cluster = EmbeddedCluster.start(aptstore, options)) {
      DistributedFileSystem fs = cluster.fileSystem();
      log.printf("writing %d job files of %d MiB...%n", JOB_FILES, jobBytes / JOB_FILES / MIB);
      List<org.apache.hadoop.fs.Path> jobFiles = DatasetWriter.write(fs, new org.apache.hadoop.fs.Path("/jobs"),
          JOB_FILES, jobBytes / JOB_FILES, 2, 1, written -> {}).files();
      // Every phase's cold files are written first and age together while the jobs read: files created later,
      // once the others have sunk, would start at the average popularity (AptStore's AVG(P)) and not be cold.
      List<List<org.apache.hadoop.fs.Path>> coldSets = new ArrayList<>();
      for (int p = 0; p < settings.size(); p++) {
        log.printf("/data/phase%d: writing %d cold files of %d MiB...%n", p, COLD_FILES, coldBytes / COLD_FILES / MIB);
        coldSets.add(DatasetWriter.write(fs, new org.apache.hadoop.fs.Path("/data/phase" + p), COLD_FILES,
            coldBytes / COLD_FILES, 2, 2 + p, written -> {}).files());
      }
      cluster.awaitHealthy(Duration.ofSeconds(60));
      try (ReadLoad load = new ReadLoad(fs, jobFiles, READERS)) {
        log.printf("jobs reading while the cold files age (%d s)...%n", WARM_UP_MILLIS / 1000);
        Thread.sleep(WARM_UP_MILLIS);
        for (int p = 0; p < settings.size(); p++) {
          phases.add(phase(cluster, aptstore, fs, load, audit, "/data/phase" + p, coldSets.get(p), settings.get(p),
              log));
        }
      }
    }
    return phases;
  }

  private static Phase phase(EmbeddedCluster cluster, ClusterSpec aptstore, DistributedFileSystem fs, ReadLoad load,
      Path audit, String root, List<org.apache.hadoop.fs.Path> cold, Setting setting, PrintStream log)
      throws Exception {
    double alone = load.rateOver(10_000);
    log.printf("%s: readers alone %.1f MB/s; applying the plan, copying at most %s/s, %d file(s) at once...%n",
        root, alone, setting.cap(), setting.filesAtOnce());
    long before = load.bytes();
    long start = System.nanoTime();
    DaemonRun daemon = autotierOnce(cluster, aptstore, audit, root, setting);
    double seconds = (System.nanoTime() - start) / 1e9;
    double during = (load.bytes() - before) / 1e6 / seconds;
    for (org.apache.hadoop.fs.Path file : cold) {
      if (!onOneFilerReplica(fs, file)) {
        throw new IOException(file + " was not demoted to one filer replica; the daemon did:\n"
            + daemon.printed());
      }
    }
    String fsck = cluster.fsck("/");
    if (!fsck.contains("is HEALTHY")) {
      throw new IOException("fsck after the plan: " + fsck);
    }
    return new Phase(setting, seconds, daemon.bytesMoved(), alone, during);
  }

  /** What the daemon did, a line per change or failed cycle, and the bytes its plan copied. */
  private record DaemonRun(String printed, long bytesMoved) {}

  /**
   * Plans once and applies the plan, as {@code strata autotier run --once} does over {@code root} with the aptstore
   * advisor at its defaults, at most 1000 changes a minute and the setting's byte cap and files at once.
   */
  private static DaemonRun autotierOnce(EmbeddedCluster cluster, ClusterSpec aptstore, Path audit, String root,
      Setting setting) throws Exception {
    AutotierDaemon.Settings settings = AutotierDaemon.Settings.builder(audit).path(root)
        .maxChanges(1000, Duration.ofSeconds(60)).maxBytesPerSecond(ByteSize.parse(setting.cap()))
        .filesAtOnce(setting.filesAtOnce()).once(true).build();
    AdvisorSource advisor = AdvisorSource.fixed("aptstore", AdvisorConfig.defaults(), REFERENCE_SECONDS,
        aptstore.secondaryTierRedundant());
    StringBuilder printed = new StringBuilder();
    AtomicReference<AutotierMetrics> totals = new AtomicReference<>();
    new AutotierDaemon(cluster.clientConf(), aptstore.tierMap(), settings, advisor, new AutotierDaemon.Listener() {
      @Override
      public void changed(AutotierJournal.Entry plan, Change change, String outcome, String detail) {
        printed.append(outcome).append(' ').append(change.kind()).append(' ').append(change.path()).append(": ")
            .append(detail).append('\n');
      }

      @Override
      public void cycleFailed(IOException e) {
        printed.append("cycle failed: ").append(e).append('\n');
      }

      @Override
      public void planned(AutotierRunner runner, AutotierRunner.Cycle cycle, AutotierMetrics metrics) {
        totals.set(metrics);
      }
    }).run();
    if (totals.get() == null) {
      throw new IOException("the autotier daemon made no plan: " + printed);
    }
    return new DaemonRun(printed.toString(), totals.get().bytesMoved());
  }

  /**
   * True when every block of the file has one replica, on the filer (ARCHIVE), and no other. From a listing, which
   * the NameNode does not audit as a read.
   */
  public static boolean onOneFilerReplica(DistributedFileSystem fs, org.apache.hadoop.fs.Path file)
      throws IOException {
    BlockLocation[] blocks = fs.listLocatedStatus(file).next().getBlockLocations();
    return Arrays.stream(blocks).allMatch(b -> Arrays.equals(b.getStorageTypes(),
        new StorageType[] {StorageType.ARCHIVE}));
  }

  /** Threads that read whole files, one after another, until closed; counts the bytes. */
  static final class ReadLoad implements AutoCloseable {
    private final LongAdder bytes = new LongAdder();
    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicReference<IOException> failure = new AtomicReference<>();
    private final List<Thread> threads = new ArrayList<>();

    ReadLoad(DistributedFileSystem fs, List<org.apache.hadoop.fs.Path> files, int readers) {
      for (int r = 0; r < readers; r++) {
        int first = r;
        Thread thread = new Thread(() -> {
          byte[] buffer = new byte[MIB];
          for (int i = first; !stop.get(); i++) {
            try (InputStream in = fs.open(files.get(i % files.size()))) {
              for (int n; !stop.get() && (n = in.read(buffer)) > 0;) {
                bytes.add(n);
              }
            } catch (IOException e) {
              if (!stop.get()) {
                failure.compareAndSet(null, e);
                return;
              }
            }
          }
        }, "job-reader-" + r);
        thread.setDaemon(true);
        thread.start();
        threads.add(thread);
      }
    }

    /** The bytes read so far; fails if a reader failed (a job read must never fail while the plan applies). */
    long bytes() throws IOException {
      if (failure.get() != null) {
        throw new IOException("a job read failed", failure.get());
      }
      return bytes.sum();
    }

    /** The read rate over the next {@code millis}, in MB/s. */
    double rateOver(long millis) throws InterruptedException, IOException {
      long before = bytes();
      long start = System.nanoTime();
      Thread.sleep(millis);
      return (bytes() - before) / 1e6 / ((System.nanoTime() - start) / 1e9);
    }

    @Override
    public void close() throws InterruptedException {
      stop.set(true);
      for (Thread thread : threads) {
        thread.join(30_000);
      }
    }
  }
}
