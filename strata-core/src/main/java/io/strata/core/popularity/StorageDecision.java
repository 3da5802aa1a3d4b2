package io.strata.core.popularity;

/**
 * What a popularity policy wants for one file.
 *
 * @param path        the file
 * @param replication replicas every block of the file should have
 * @param tier        the tier all replicas should be on (AptStore's primary or secondary storage), or null to
 *                    leave tiers to the file's placement policy
 */
public record StorageDecision(String path, int replication, String tier) {
  public StorageDecision {
    if (replication < 1) {
      throw new IllegalArgumentException("replication must be >= 1 for " + path + ", got " + replication);
    }
  }
}
