package io.strata.hdfs.tier;

import io.strata.core.tier.TierMap;
import io.strata.hdfs.HdfsFileSystems;
import java.io.IOException;
import java.io.InterruptedIOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * The tier monitor as a daemon on the calling thread: it connects, publishes the monitor's counts as Hadoop metrics
 * (JMX bean {@code Hadoop:service=StrataMonitor,name=TierMonitor}) and runs a {@link TierMonitor} cycle every
 * interval until {@link #stop()}; a failed cycle is reported and the next one runs on time.
 */
public final class TierMonitorDaemon {
  /**
   * @param monitor       what the monitor checks and its water marks
   * @param parallelMoves blocks moved at once
   * @param once          run one cycle and return (its failure is thrown)
   */
  public record Settings(TierMonitor.Settings monitor, int parallelMoves, boolean once) {
    public Settings {
      if (parallelMoves < 1) {
        throw new IllegalArgumentException("parallel moves must be >= 1, got " + parallelMoves);
      }
    }
  }

  /** What the daemon does; every method does nothing unless overridden. */
  public interface Listener {
    /** Connected, about to run cycles until stopped (not with {@link Settings#once()}). */
    default void started() {}

    /** A cycle ran; {@code monitor} has the totals. */
    default void cycled(TierMonitor.CycleReport report, TierMonitor monitor) {}

    /** A cycle failed; the next one runs on time. */
    default void cycleFailed(Exception e) {}
  }

  /** The tiers to judge layouts by, which without a spec depend on what the live DataNodes have. */
  @FunctionalInterface
  public interface TierMapSource {
    TierMap tierMap(DistributedFileSystem fs) throws IOException;
  }

  private final Configuration conf;
  private final TierMapSource tierMap;
  private final Settings settings;
  private final Listener listener;
  private volatile TierMonitor monitor;
  private Thread running;
  private boolean stopRequested;

  public TierMonitorDaemon(Configuration conf, TierMap tierMap, Settings settings, Listener listener) {
    this(conf, fs -> tierMap, settings, listener);
  }

  public TierMonitorDaemon(Configuration conf, TierMapSource tierMap, Settings settings, Listener listener) {
    this.conf = conf;
    this.tierMap = tierMap;
    this.settings = settings;
    this.listener = listener;
  }

  /** Asks the running daemon to stop after (or, interrupting it, during) its cycle. */
  public synchronized void stop() {
    stopRequested = true;
    if (monitor != null) {
      monitor.stop();
    }
    if (running != null) {
      running.interrupt();
    }
  }

  /** Runs until {@link #stop()}, or one cycle with {@link Settings#once()}. */
  public void run() throws Exception {
    synchronized (this) {
      if (stopRequested) {
        return;
      }
      running = Thread.currentThread();
    }
    // In a test JVM the embedded NameNode owns the metrics system; the monitor only adds its source there.
    boolean ownMetrics = !DefaultMetricsSystem.inMiniClusterMode();
    if (ownMetrics) {
      DefaultMetricsSystem.initialize("StrataMonitor");
    }
    try (DistributedFileSystem fs = HdfsFileSystems.open(conf);
         TierManager manager = new TierManager(fs, tierMap.tierMap(fs),
             TierSettings.from(conf).withParallelMoves(settings.parallelMoves()))) {
      TierMonitor cycles = new TierMonitor(manager, settings.monitor()).publishMetrics();
      if (settings.once()) {
        listener.cycled(cycles.runCycle(), cycles);
        return;
      }
      synchronized (this) {
        monitor = cycles;
        if (stopRequested) {
          return;
        }
      }
      listener.started();
      loop(cycles);
    } finally {
      if (ownMetrics) {
        DefaultMetricsSystem.shutdown();
      }
      synchronized (this) {
        running = null;
      }
    }
  }

  private void loop(TierMonitor cycles) {
    long intervalMillis = settings.monitor().interval().toMillis();
    try {
      while (!Thread.currentThread().isInterrupted()) {
        long started = System.nanoTime();
        try {
          listener.cycled(cycles.runCycle(), cycles);
        } catch (InterruptedIOException e) {
          break;
        } catch (Exception e) {
          listener.cycleFailed(e);
        }
        long sleep = intervalMillis - (System.nanoTime() - started) / 1_000_000;
        if (sleep > 0) {
          Thread.sleep(sleep);
        }
      }
    } catch (InterruptedException stopping) {
      // stop() interrupts the sleep
    }
  }
}
