package io.strata.core.popularity;

import java.util.List;

/**
 * Decides, from the accesses it has seen, how many replicas each file should have and on which tier
 * (AptStore's popularity prediction and decision engine, Scarlett's replication budget). The simulator feeds it
 * the trace's reads; on a real cluster an adapter feeds it the NameNode audit log. At every reference time the
 * caller asks for decisions and applies them, so the same policy object runs in both places.
 *
 * <p>{@link AdvisorPopularityPolicy} makes any {@link ReplicationAdvisor} (AptStore, Scarlett) one of these.
 */
public interface PopularityPolicy {
  /** The policy as configured, e.g. {@code aptstore}. */
  String name();

  /** A file was created. */
  void created(String path, long bytes, int blocks, double timeSeconds);

  /** A file was read (one job's input read of it). */
  void accessed(FileAccess access);

  /** A file was deleted. */
  void deleted(String path, double timeSeconds);

  /**
   * Called at each reference time: the files whose replication or tier should change now. Files not listed
   * keep what they have.
   */
  List<StorageDecision> decide(double timeSeconds);
}
