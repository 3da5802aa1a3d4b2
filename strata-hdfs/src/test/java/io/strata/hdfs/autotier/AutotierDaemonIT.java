package io.strata.hdfs.autotier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.popularity.AdvisorConfig;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataPlugins;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.ipc.CallerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The autotier daemon embedded in a program, without the command line: on the aptstore preset (disks in the nodes,
 * shares of a RAID filer) it plans once and demotes the files nobody reads; run without end, it stops when asked.
 */
class AutotierDaemonIT {
  private static final int MIB = 1 << 20;

  @TempDir
  Path dir;

  /** What the daemon reported, in order. */
  private static final class Recorder implements AutotierDaemon.Listener {
    final List<String> events = new CopyOnWriteArrayList<>();
    final List<Change> applied = new CopyOnWriteArrayList<>();

    @Override
    public void started(Advice advice, TierRoles roles) {
      events.add("started " + advice.advisor().name() + " " + roles.primary() + "/" + roles.secondary());
    }

    @Override
    public void changed(AutotierJournal.Entry plan, Change change, String outcome, String detail) {
      if (outcome.equals("applied")) {
        applied.add(change);
      }
    }

    @Override
    public void backfilled(long linesParsed, long linesSkipped, Instant nextPlan) {
      events.add("backfilled");
    }

    @Override
    public void planned(AutotierRunner runner, AutotierRunner.Cycle cycle, AutotierMetrics totals) {
      events.add("planned " + cycle.changes().size() + " accepted " + cycle.plan().accepted());
    }

    @Override
    public void cycleFailed(IOException e) {
      events.add("cycle failed " + e);
    }

    @Override
    public void interruptedWithoutStop(Exception e) {
      events.add("interrupted " + e);
    }
  }

  @Test
  void plansAndAppliesOnceThenRunsUntilStopped() throws Exception {
    String text = Presets.text("aptstore");
    ClusterSpec spec = SpecParser.parse("aptstore", text);
    Path specFile = Files.writeString(dir.resolve("strata-spec.yaml"), text);
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(StrataPlugins.nameNodeConf(specFile, null, 1000));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(spec, options)) {
      DistributedFileSystem fs = cluster.fileSystem();
      byte[] data = new byte[2 * MIB];
      new Random(7).nextBytes(data);
      for (int i = 0; i < 4; i++) {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f" + i), (short) 3)) {
          out.write(data);
        }
      }
      for (int i = 0; i < 30; i++) {
        try (InputStream in = fs.open(new org.apache.hadoop.fs.Path("/data/f0"))) {
          in.read();
        }
      }
      cluster.awaitHealthy(Duration.ofSeconds(60));
      Configuration conf = new Configuration(fs.getConf());
      AdvisorSource aptstore = AdvisorSource.fixed("aptstore", AdvisorConfig.defaults(), 5, true);
      AutotierDaemon.Settings.Builder settings = AutotierDaemon.Settings.builder(audit).path("/data");

      Recorder once = new Recorder();
      CallerContext callers = CallerContext.getCurrent();
      new AutotierDaemon(conf, spec.tierMap(), settings.once(true).build(), aptstore, once).run();
      assertEquals(callers, CallerContext.getCurrent(), "the caller's own context is back");
      assertEquals("started aptstore das/filer", once.events.get(0), once.events.toString());
      assertTrue(once.events.get(once.events.size() - 1).matches("planned [1-9]\\d* accepted true"),
          once.events.toString());
      org.apache.hadoop.fs.Path f1 = new org.apache.hadoop.fs.Path("/data/f1");
      assertTrue(once.applied.stream().anyMatch(c -> c.path().equals("/data/f1") && c.kind() == Change.Kind.DEMOTE),
          "f1, never read, demoted: " + once.applied);
      assertEquals("COLD", fs.getStoragePolicy(f1).getName());

      Recorder endless = new Recorder();
      AutotierDaemon daemon = new AutotierDaemon(conf, spec.tierMap(), settings.once(false).build(), aptstore,
          endless);
      AtomicReference<Throwable> failure = new AtomicReference<>();
      Thread thread = new Thread(() -> {
        try {
          daemon.run();
        } catch (Throwable e) {
          failure.set(e);
        }
      }, "autotier-daemon");
      thread.start();
      waitFor(Duration.ofSeconds(60), () -> endless.events.contains("backfilled"), "the daemon waits for a plan");
      daemon.stop();
      thread.join(30_000);
      assertFalse(thread.isAlive(), "stopped within 30 s");
      assertNull(failure.get());
      assertTrue(endless.events.stream().noneMatch(e -> e.startsWith("interrupted")), endless.events.toString());
    }
  }
}
