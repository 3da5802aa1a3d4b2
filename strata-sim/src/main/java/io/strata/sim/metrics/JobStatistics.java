package io.strata.sim.metrics;

import java.util.Arrays;

/**
 * Counts jobs and tasks, sums the jobs' times from submit to last map done to finish, and keeps each job's time for
 * the percentiles.
 */
public final class JobStatistics {
  private long jobs;
  private long mapTasks;
  private long reduceTasks;
  private double firstSubmit = Double.NaN;
  private double lastFinish;
  private double totalJobSeconds;
  private double mapPhaseSeconds;
  private double reducePhaseSeconds;
  private double[] jobSeconds = new double[1024];

  public void submitted(double at) {
    if (Double.isNaN(firstSubmit)) {
      firstSubmit = at;
    }
  }

  public void mapStarted() {
    mapTasks++;
  }

  public void reduceStarted() {
    reduceTasks++;
  }

  public void finished(double submitted, double mapsFinished, double at) {
    if (jobs == jobSeconds.length) {
      jobSeconds = Arrays.copyOf(jobSeconds, jobSeconds.length * 2);
    }
    jobSeconds[(int) jobs] = at - submitted;
    jobs++;
    totalJobSeconds += at - submitted;
    mapPhaseSeconds += mapsFinished - submitted;
    reducePhaseSeconds += at - mapsFinished;
    lastFinish = Math.max(lastFinish, at);
  }

  public long jobs() {
    return jobs;
  }

  public long mapTasks() {
    return mapTasks;
  }

  public long reduceTasks() {
    return reduceTasks;
  }

  public SimResult.Time summary() {
    double[] sorted = Arrays.copyOf(jobSeconds, (int) jobs);
    Arrays.sort(sorted);
    return new SimResult.Time(jobs == 0 ? 0 : totalJobSeconds / jobs, totalJobSeconds,
        Double.isNaN(firstSubmit) ? 0 : lastFinish - firstSubmit, mapPhaseSeconds, reducePhaseSeconds,
        percentile(sorted, 0.50), percentile(sorted, 0.90), percentile(sorted, 0.99));
  }

  /** The nearest-rank percentile of sorted values (0 for none). */
  static double percentile(double[] sorted, double fraction) {
    if (sorted.length == 0) {
      return 0;
    }
    int rank = (int) Math.ceil(fraction * sorted.length);
    return sorted[Math.max(0, Math.min(sorted.length - 1, rank - 1))];
  }
}
