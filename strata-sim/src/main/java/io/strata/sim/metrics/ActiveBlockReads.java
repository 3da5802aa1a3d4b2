package io.strata.sim.metrics;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Which blocks map tasks are reading right now, so a read can tell whether another read of the same block is in
 * flight. Replication can only relieve contention on popular data when such reads meet (AptStore Fig. 2: up to 80
 * readers of one block); the simulator reports the share of bytes read this way, so a result shows how much of
 * that contention its trace holds. Files are named by path, and only files with reads in flight are held.
 */
final class ActiveBlockReads {
  private static final class Reads {
    int[] perBlock;
    int total;
  }

  private final Map<String, Reads> readers = new HashMap<>();

  /** Counts a read of {@code block} starting; true when another read of that block was already in flight. */
  boolean begin(String path, int block) {
    Reads reads = readers.computeIfAbsent(path, p -> new Reads());
    if (reads.perBlock == null || block >= reads.perBlock.length) {
      // Grown on demand: a file may grow while it is read (a later job asked for more of it).
      int size = Math.max(block + 1, reads.perBlock == null ? 8 : 2 * reads.perBlock.length);
      reads.perBlock = reads.perBlock == null ? new int[size] : Arrays.copyOf(reads.perBlock, size);
    }
    reads.total++;
    return reads.perBlock[block]++ > 0;
  }

  /** Counts a read of {@code block} ending. */
  void end(String path, int block) {
    Reads reads = readers.get(path);
    if (reads == null || block >= reads.perBlock.length || reads.perBlock[block] == 0) {
      throw new IllegalStateException("no read of block " + block + " of " + path + " is in flight");
    }
    reads.perBlock[block]--;
    if (--reads.total == 0) {
      readers.remove(path);
    }
  }

  /** Files with a read in flight. */
  int files() {
    return readers.size();
  }
}
