package io.strata.sim.metrics;

/** Counts jobs and tasks, and sums the jobs' times from submit to last map done to finish. */
public final class JobStatistics {
  private long jobs;
  private long mapTasks;
  private long reduceTasks;
  private double firstSubmit = Double.NaN;
  private double lastFinish;
  private double totalJobSeconds;
  private double mapPhaseSeconds;
  private double reducePhaseSeconds;

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
    return new SimResult.Time(jobs == 0 ? 0 : totalJobSeconds / jobs, totalJobSeconds,
        Double.isNaN(firstSubmit) ? 0 : lastFinish - firstSubmit, mapPhaseSeconds, reducePhaseSeconds);
  }
}
