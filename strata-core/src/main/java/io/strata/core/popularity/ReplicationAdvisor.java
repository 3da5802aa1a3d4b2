package io.strata.core.popularity;

import java.util.List;

/** A policy that watches accesses and decides each file's replication and tier per reference time. */
public interface ReplicationAdvisor {
  String name();

  /** One audit event; {@code blocks} is the file's block count when known, else 0. */
  void observe(AuditEvent event, int blocks);

  /**
   * Ends the reference time at {@code nowMillis} and plans the next one for these files: every file it manages,
   * so an advisor may drop what it holds of a file not among them (deleted, or moved away, with a directory the
   * audit log names instead of the file).
   */
  Plan plan(List<FileFacts> files, long nowMillis);
}
