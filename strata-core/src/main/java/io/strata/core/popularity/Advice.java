package io.strata.core.popularity;

/**
 * Where a file should be for the next reference time.
 *
 * @param path        the file
 * @param replication its replication factor
 * @param secondary   true to keep it on the secondary tier (filer or archive), false for the primary tier
 * @param reason      why, for the dry-run listing and the journal
 * @param predicted   the popularity predicted for the next reference time (AptStore's P_predicted), NaN when the
 *                    advisor predicts none (Scarlett)
 * @param relative    {@code predicted} over the average predicted popularity, AVG(P); NaN without a prediction
 */
public record Advice(String path, int replication, boolean secondary, String reason, double predicted,
    double relative) {
  /** Advice without a popularity prediction. */
  public Advice(String path, int replication, boolean secondary, String reason) {
    this(path, replication, secondary, reason, Double.NaN, Double.NaN);
  }

  /** True when this advice changes the file. */
  public boolean changes(FileFacts now) {
    return replication != now.replication() || secondary != now.onSecondary();
  }

  /** The same prediction with another placement and reason. */
  public Advice withPlacement(int newReplication, boolean newSecondary, String newReason) {
    return new Advice(path, newReplication, newSecondary, newReason, predicted, relative);
  }
}
