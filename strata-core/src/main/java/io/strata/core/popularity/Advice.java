package io.strata.core.popularity;

/**
 * Where a file should be for the next reference time.
 *
 * @param path        the file
 * @param replication its replication factor
 * @param secondary   true to keep it on the secondary tier (filer or archive), false for the primary tier
 * @param reason      why, for the dry-run listing and the journal
 */
public record Advice(String path, int replication, boolean secondary, String reason) {
  /** True when this advice changes the file. */
  public boolean changes(FileFacts now) {
    return replication != now.replication() || secondary != now.onSecondary();
  }
}
