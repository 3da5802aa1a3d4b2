package io.strata.hdfs.tier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tier monitor daemon embedded in a program: it checks the files every interval until stopped. */
class TierMonitorDaemonIT {
  @TempDir
  Path dir;

  @Test
  void runsACycleEveryIntervalUntilStopped() throws Exception {
    try (TierCluster c = TierCluster.start(dir, "1GiB", Map.of())) {
      c.write("/watched/f", 2, (short) 3);
      List<TierMonitor.CycleReport> cycles = new CopyOnWriteArrayList<>();
      List<Exception> failures = new CopyOnWriteArrayList<>();
      TierMonitorDaemon.Listener listener = new TierMonitorDaemon.Listener() {
        @Override
        public void cycled(TierMonitor.CycleReport report, TierMonitor monitor) {
          cycles.add(report);
        }

        @Override
        public void cycleFailed(Exception e) {
          failures.add(e);
        }
      };
      TierMonitor.Settings watch = new TierMonitor.Settings(Duration.ofSeconds(1), 0.85, 0.70, List.of("/watched"));
      new TierMonitorDaemon(c.fs.getConf(), c.spec.tierMap(), new TierMonitorDaemon.Settings(watch, 2, true),
          listener).run();
      assertEquals(1, cycles.size(), "one cycle with once");

      TierMonitorDaemon daemon = new TierMonitorDaemon(c.fs.getConf(), c.spec.tierMap(),
          new TierMonitorDaemon.Settings(watch, 2, false), listener);
      AtomicReference<Throwable> thrown = new AtomicReference<>();
      Thread thread = new Thread(() -> {
        try {
          daemon.run();
        } catch (Throwable e) {
          thrown.set(e);
        }
      }, "tier-monitor-daemon");
      thread.start();
      waitFor(Duration.ofSeconds(60), () -> cycles.size() >= 3, "two cycles a second apart");
      daemon.stop();
      thread.join(30_000);
      assertFalse(thread.isAlive(), "stopped within 30 s");
      assertNull(thrown.get());
      assertTrue(failures.isEmpty(), failures.toString());
    }
  }
}
