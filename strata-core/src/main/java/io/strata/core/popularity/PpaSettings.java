package io.strata.core.popularity;

/**
 * The constants of AptStore's Popularity Prediction Algorithm (AptStore paper, section III-C), each configurable.
 *
 * @param popularityConstant  c in Eq. 1, in seconds: one access per c seconds to a one-block file of average
 *                            popularity, in an unloaded cluster, doubles its popularity. Default 3600: an hourly
 *                            reader makes a file hot within a 12 h reference time, a daily one does not.
 * @param scalability         s in Eq. 2: above 1 keeps more data on the primary tier, below 1 less. Default 1
 *                            (neutral), as the paper leaves it to the operator.
 * @param minPopularity       P_min: the floor, so no file is predicted to need less than the minimum
 * @param maxPopularity       P_max: the cap, bounding replicas on the primary tier
 * @param initialPopularity   AVG(P) of an empty system, the popularity of the first files (default 1)
 * @param intervalFloorSeconds a(f) is the time since the file's previous access, at least this (default 1 s), so
 *                            concurrent reads count as very frequent rather than dividing by zero
 * @param referenceTimeSeconds RT; the paper follows Scarlett's 12 to 24 h. Default 12 h.
 * @param loadPerAccess       when the cluster load l of Eq. 1 is taken. The paper computes it "using the overall
 *                            popularity of all files" without saying when. Default false: AVG(P) as the reference
 *                            time began, so within a reference time a read's gain does not depend on which file the
 *                            log happened to list first in a burst. True: AVG(P) at each read, which lets the first
 *                            file of a burst take a gain the next ones are denied (three files read in turn 15 times
 *                            ended at 100, 72 and 52).
 */
public record PpaSettings(
    double popularityConstant,
    double scalability,
    double minPopularity,
    double maxPopularity,
    double initialPopularity,
    double intervalFloorSeconds,
    long referenceTimeSeconds,
    boolean loadPerAccess) {

  /** Settings with the load taken as each reference time begins. */
  public PpaSettings(double popularityConstant, double scalability, double minPopularity, double maxPopularity,
      double initialPopularity, double intervalFloorSeconds, long referenceTimeSeconds) {
    this(popularityConstant, scalability, minPopularity, maxPopularity, initialPopularity, intervalFloorSeconds,
        referenceTimeSeconds, false);
  }

  /** These settings with the load taken at each read ({@code true}) or as each reference time begins. */
  public PpaSettings withLoadPerAccess(boolean perAccess) {
    return new PpaSettings(popularityConstant, scalability, minPopularity, maxPopularity, initialPopularity,
        intervalFloorSeconds, referenceTimeSeconds, perAccess);
  }

  public PpaSettings {
    if (!(popularityConstant > 0) || !(scalability > 0) || !(minPopularity > 0) || !(maxPopularity >= minPopularity)
        || !(initialPopularity >= minPopularity && initialPopularity <= maxPopularity) || !(intervalFloorSeconds > 0)
        || referenceTimeSeconds <= 0) {
      throw new IllegalArgumentException("inconsistent PPA settings: " + this);
    }
  }

  public static PpaSettings defaults() {
    return new PpaSettings(3600, 1.0, 0.1, 100, 1.0, 1.0, 12 * 3600);
  }
}
