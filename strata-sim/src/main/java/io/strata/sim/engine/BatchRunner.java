package io.strata.sim.engine;

import io.strata.core.popularity.AdvisorConfig;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.policy.SimPolicies;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongConsumer;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Runs several simulations, on up to {@code threads} threads (runs are independent and each is deterministic, so
 * results do not depend on the thread count), with one progress bar over all their jobs.
 */
public final class BatchRunner {
  private BatchRunner() {}

  public static List<SimResult> run(List<SimConfig> configs, int threads, boolean progressBar) {
    return run(configs, threads, progressBar, AdvisorConfig.defaults());
  }

  /** As {@link #run(List, int, boolean)}, each run's advisor made with an operator's settings over the simulator's. */
  public static List<SimResult> run(List<SimConfig> configs, int threads, boolean progressBar,
      AdvisorConfig advisorConfig) {
    // A config given more than once (one baseline shared by several groups) runs once: runs are deterministic.
    Map<SimConfig, Future<SimResult>> started = new IdentityHashMap<>();
    long total = 0;
    Set<SimConfig> distinct = Collections.newSetFromMap(new IdentityHashMap<>());
    distinct.addAll(configs);
    for (SimConfig config : distinct) {
      long jobs = config.trace().countJobs();
      total += config.jobLimit() > 0 ? Math.min(jobs, config.jobLimit()) : jobs;
    }
    ProgressBar bar = progressBar
        ? new ProgressBarBuilder().setTaskName("simulating").setInitialMax(total).setUnit(" jobs", 1)
            .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(System.err))
            .setUpdateIntervalMillis(500).build()
        : null;
    AtomicLong done = new AtomicLong();
    LongConsumer step = bar == null ? n -> done.addAndGet(n) : bar::stepBy;
    ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, Math.min(threads, configs.size())));
    try {
      List<Future<SimResult>> futures = new ArrayList<>();
      for (SimConfig config : configs) {
        Future<SimResult> already = started.get(config);
        if (already != null) {
          futures.add(already);
          continue;
        }
        futures.add(pool.submit(() -> {
          long[] reported = {0};
          Simulator.Progress progress = admitted -> {
            step.accept(admitted - reported[0]);
            reported[0] = admitted;
          };
          return Simulator.run(config, progress, files -> SimPolicies.popularity(config.popularity(), config.spec(),
              files, advisorConfig, Math.round(config.referenceSeconds())));
        }));
        started.put(config, futures.get(futures.size() - 1));
      }
      List<SimResult> results = new ArrayList<>();
      for (Future<SimResult> future : futures) {
        results.add(future.get());
      }
      return results;
    } catch (ExecutionException e) {
      if (e.getCause() instanceof RuntimeException runtime) {
        throw runtime;
      }
      throw new IllegalStateException(e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted", e);
    } finally {
      pool.shutdownNow();
      if (bar != null) {
        bar.close();
      }
    }
  }
}
