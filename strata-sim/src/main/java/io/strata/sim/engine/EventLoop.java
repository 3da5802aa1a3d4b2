package io.strata.sim.engine;

import io.strata.sim.trace.SwimTraceReader;
import io.strata.sim.trace.TraceJob;
import io.strata.sim.trace.TraceReader;
import java.util.List;

/**
 * Replays the trace: runs what is due now, else moves the clock to the earliest of the next transfer to finish, the
 * next job to arrive and the next reference time of the popularity policy, until none is left.
 */
final class EventLoop {
  /** What reading the trace left: lines skipped as malformed, and the first of them. */
  record TraceEnd(long skippedLines, List<String> problems) {}

  private final SimConfig config;
  private final RunContext run;
  private final JobScheduler scheduler;
  private final PopularityFeed popularity;
  private final Simulator.Progress progress;

  EventLoop(SimConfig config, RunContext run, JobScheduler scheduler, PopularityFeed popularity,
      Simulator.Progress progress) {
    this.config = config;
    this.run = run;
    this.scheduler = scheduler;
    this.popularity = popularity;
    this.progress = progress;
  }

  TraceEnd run() {
    EventClock clock = run.clock();
    TraceEnd end;
    try (TraceReader reader = config.trace().open()) {
      TraceJob next = reader.next();
      if (next == null) {
        throw SwimTraceReader.noJobs(reader);
      }
      long admitted = 0;
      double nextTick = config.referenceSeconds();
      while (true) {
        if (clock.runDue()) {
          continue;
        }
        double flowTime = run.network().nextFinish();
        double jobTime = next != null ? next.submitSeconds() : Double.POSITIVE_INFINITY;
        // Reference times tick while jobs run; the copies of the last decisions may finish after them.
        boolean busy = next != null || scheduler.jobsRunning();
        double tickTime = popularity.active() && busy ? nextTick : Double.POSITIVE_INFINITY;
        // Power events (transfers that waited for a spin-up, standby checks, predictions) come before anything
        // due later; without power settings there are none and the replay is as it always was.
        double powerTime = run.power() == null ? Double.POSITIVE_INFINITY : run.power().nextEventTime(busy);
        if (flowTime == Double.POSITIVE_INFINITY && jobTime == Double.POSITIVE_INFINITY
            && tickTime == Double.POSITIVE_INFINITY && powerTime == Double.POSITIVE_INFINITY) {
          break;
        }
        if (powerTime < flowTime && powerTime < jobTime && powerTime < tickTime) {
          clock.advanceTo(powerTime);
          run.power().fire(powerTime, busy);
          continue;
        }
        if (flowTime <= jobTime && flowTime <= tickTime) {
          clock.advanceTo(flowTime);
          run.network().finishNext();
        } else if (jobTime <= tickTime) {
          clock.advanceTo(jobTime);
          scheduler.admit(next);
          admitted++;
          if (admitted % 256 == 0) {
            progress.jobsAdmitted(admitted);
            progress.state(admitted, run.store().liveBlocks(), run.store().fileCount(), run.network().activeFlows());
          }
          next = config.jobLimit() > 0 && admitted >= config.jobLimit() ? null : reader.next();
        } else {
          clock.advanceTo(tickTime);
          popularity.decide(tickTime);
          nextTick += config.referenceSeconds();
        }
      }
      progress.jobsAdmitted(admitted);
      end = new TraceEnd(reader.skipped(), reader.problems());
    }
    scheduler.checkDrained();
    return end;
  }
}
