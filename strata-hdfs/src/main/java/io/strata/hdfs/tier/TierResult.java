package io.strata.hdfs.tier;

import java.util.List;

/**
 * The outcome of one tier API call (hatS Table II returns success or failure; this says why, and what moved).
 *
 * @param operation   {@code createFileTier}, {@code deleteFileTier}, {@code moveTier} or {@code setRepPolicy}
 * @param path        the file or directory it was applied to
 * @param success     true when every file below the path has its new layout and replication
 * @param failure     why not, when not successful
 * @param message     one line for people: what was done, or what was wrong
 * @param layout      the layout recorded for every file, when they all got the same one (else null)
 * @param files       files the call applied to
 * @param blocks      blocks of those files that had tiers to reach
 * @param blocksDone  of those, blocks now on their tiers
 * @param moves       block moves done
 * @param failedMoves block moves that failed (each left its source replica in place)
 * @param bytesMoved  bytes copied by the moves done
 * @param problems    the first unfinished files or blocks and why
 * @param millis      how long the call took
 */
public record TierResult(String operation, String path, boolean success, Failure failure, String message,
    String layout, int files, int blocks, int blocksDone, int moves, int failedMoves, long bytesMoved,
    List<String> problems, long millis) {

  public TierResult {
    problems = List.copyOf(problems);
  }

  /** Why a call failed. */
  public enum Failure {
    /** An unknown tier or policy, a bad replica count: nothing was done. */
    BAD_INPUT,
    /** The path does not exist: nothing was done. */
    NOT_FOUND,
    /** The call cannot apply to a file below the path (e.g. no replica in the source tier): nothing was done. */
    NOT_APPLICABLE,
    /** A target tier lacks room or DataNodes for the new replicas: nothing was done. */
    NO_ROOM,
    /**
     * Some blocks did not reach their tiers (a DataNode failed, the NameNode has not re-replicated yet). The
     * layout is recorded and every replica that was not confirmed moved is still in place; running the same
     * call again finishes the job.
     */
    INCOMPLETE
  }

  static TierResult refused(String operation, String path, Failure failure, String message, long started) {
    return new TierResult(operation, path, false, failure, message, null, 0, 0, 0, 0, 0, 0, List.of(),
        (System.nanoTime() - started) / 1_000_000);
  }
}
