package io.strata.core.popularity;

/**
 * The constants of the Scarlett baseline ({@link ScarlettAdvisor}), each configurable.
 *
 * @param delta          replicas above a file's peak concurrent reads. Default 1, Scarlett's own cushion.
 * @param budgetFraction storage for extra replicas, as a fraction of the bytes at base replication. Default 0.2,
 *                       inside the 10-30% range the Scarlett paper studies.
 * @param windowSeconds  reads of a file within this many seconds count as concurrent. Default 60 s, about one
 *                       map wave of a short job.
 */
public record ScarlettSettings(int delta, double budgetFraction, long windowSeconds) {

  public ScarlettSettings {
    if (delta < 0 || !(budgetFraction >= 0 && budgetFraction <= 100) || windowSeconds < 1) {
      throw new IllegalArgumentException("inconsistent Scarlett settings: need delta >= 0, 0 <= budget <= 100 and "
          + "window >= 1 s, got " + delta + ", " + budgetFraction + ", " + windowSeconds + " s");
    }
  }

  public static ScarlettSettings defaults() {
    return new ScarlettSettings(1, 0.2, 60);
  }
}
