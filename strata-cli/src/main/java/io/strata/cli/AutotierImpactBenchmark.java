package io.strata.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.workloads.dataset.DatasetWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
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
 * speeds, readers stream a set of job files from the disks without pause while {@code strata autotier run --once}
 * demotes a set of cold files to the filer, once per setting (byte cap, files at once). Each phase compares the
 * readers' rate while the plan is applied with their rate just before it, in the same run.
 */
final class AutotierImpactBenchmark {
  /** How one phase runs the daemon: its byte cap and how many files it changes at once. */
  record Setting(String cap, int filesAtOnce) {}

  /** One phase: its setting, how long the plan took and what it copied, and the readers' rate before and during. */
  record Phase(Setting setting, double applySeconds, long bytesMoved, double readAloneMBps, double readDuringMBps) {
    double ratio() {
      return readDuringMBps / readAloneMBps;
    }

    double copyMBps() {
      return bytesMoved / 1e6 / applySeconds;
    }
  }

  static final int MIB = 1 << 20;
  private static final int JOB_FILES = 6;
  private static final int COLD_FILES = 8;
  private static final int READERS = 6;
  /** Long enough for four 5 s reference times to pass, so the cold files' popularity decays below the bound. */
  private static final long WARM_UP_MILLIS = 20_000;

  private final ObjectMapper json = new ObjectMapper();

  List<Phase> run(ClusterChoice.Loaded aptstore, Path dir, long jobBytes, long coldBytes, List<Setting> settings,
      PrintStream log) throws Exception {
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withAuditLog(audit)
        .withConf(PluginConf.forSpec(dir, aptstore, null));
    List<Phase> phases = new ArrayList<>();
    try (EmbeddedCluster cluster = EmbeddedCluster.start(aptstore.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, aptstore.text());
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
          phases.add(phase(cluster, fs, load, audit, dir, "/data/phase" + p, coldSets.get(p), settings.get(p), log));
        }
      }
    }
    return phases;
  }

  private Phase phase(EmbeddedCluster cluster, DistributedFileSystem fs, ReadLoad load, Path audit, Path dir,
      String root, List<org.apache.hadoop.fs.Path> cold, Setting setting, PrintStream log) throws Exception {
    double alone = load.rateOver(10_000);
    log.printf("%s: readers alone %.1f MB/s; applying the plan, copying at most %s/s, %d file(s) at once...%n",
        root, alone, setting.cap(), setting.filesAtOnce());
    long before = load.bytes();
    long start = System.nanoTime();
    DaemonRun daemon = autotierOnce(audit, dir, root, setting);
    double seconds = (System.nanoTime() - start) / 1e9;
    double during = (load.bytes() - before) / 1e6 / seconds;
    for (org.apache.hadoop.fs.Path file : cold) {
      if (!onOneFilerReplica(fs, file)) {
        throw new IOException(file + " was not demoted to one filer replica; the daemon printed:\n"
            + daemon.printed());
      }
    }
    String fsck = cluster.fsck("/");
    if (!fsck.contains("is HEALTHY")) {
      throw new IOException("fsck after the plan: " + fsck);
    }
    return new Phase(setting, seconds, daemon.totals().path("bytesMoved").asLong(), alone, during);
  }

  /** What {@code strata autotier run --once --json} printed, and its last cycle's totals. */
  private record DaemonRun(String printed, JsonNode totals) {}

  /** Runs {@code strata autotier run --once} in this process. */
  private DaemonRun autotierOnce(Path audit, Path dir, String root, Setting setting) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    PrintStream stdout = System.out;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    int code;
    try {
      code = StrataCli.execute("autotier", "run", "--once", "--json", "--audit-log", audit.toString(), "--path",
          root, "--conf", dir.toString(), "--reference-time", "5s", "--max-changes", "1000",
          "--max-bytes-per-second", setting.cap(), "--files-at-once", String.valueOf(setting.filesAtOnce()));
    } finally {
      System.setOut(stdout);
    }
    String printed = out.toString(StandardCharsets.UTF_8);
    if (code != 0) {
      throw new IOException("strata autotier run --once exited with " + code + ": " + printed);
    }
    JsonNode totals = null;
    for (String line : printed.lines().filter(l -> l.startsWith("{")).toList()) {
      JsonNode event = json.readTree(line);
      if ("cycle".equals(event.path("event").asText())) {
        totals = event.get("totals");
      }
    }
    if (totals == null) {
      throw new IOException("strata autotier run --once printed no cycle: " + printed);
    }
    return new DaemonRun(printed, totals);
  }

  /**
   * True when every block of the file has one replica, on the filer (ARCHIVE), and no other. From a listing, which
   * the NameNode does not audit as a read.
   */
  static boolean onOneFilerReplica(DistributedFileSystem fs, org.apache.hadoop.fs.Path file)
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
