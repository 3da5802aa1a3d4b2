package io.strata.core.popularity;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The renames read since the last plan, so that a plan can find where a file's popularity was left when the audit
 * log did not name the file. The log records a rename as its caller asked for it: a directory's rename names only
 * the directory, and a rename onto an existing directory (which HDFS moves the source into) names that directory;
 * for a file, the predictor then keeps the file's state under the directory's path. At the plan, the listing says
 * which files exist; a listed file the predictor does not track is traced back through these renames to a path
 * whose state it does track, and that state moves to the file.
 *
 * <p>This needs no call to the NameNode and works alike for the log read at a daemon's start, for the live log and
 * for a one-off plan, so a restarted daemon resolves renames as the stopped one did. A state is only taken from a
 * path that no longer exists as a file, so a file created at a renamed directory's old path keeps its own.
 */
final class PendingRenames {
  /**
   * Renames kept between plans, about 280 bytes each (two paths and a map entry); beyond it the oldest are dropped
   * and the files they moved start again at the average. Most renames are job commits moving fresh output.
   */
  static final int DEFAULT_CAPACITY = 200_000;
  /** A file renamed more times than this between two plans is not traced further back. */
  private static final int MAX_HOPS = 16;

  private record Rename(String src, long sequence) {}

  private final Map<String, Rename> byDestination;
  private long sequence;
  private long dropped;

  PendingRenames(int capacity) {
    this.byDestination = new LinkedHashMap<>() {
      @Override
      protected boolean removeEldestEntry(Map.Entry<String, Rename> eldest) {
        if (size() > capacity) {
          dropped++;
          return true;
        }
        return false;
      }
    };
  }

  /** A rename read from the log, in log order. */
  void record(String src, String dst) {
    String destination = stripSlash(dst);
    byDestination.remove(destination); // re-inserted as the newest
    byDestination.put(destination, new Rename(stripSlash(src), ++sequence));
  }

  /** Renames forgotten because more than the capacity came between two plans. */
  long dropped() {
    return dropped;
  }

  int size() {
    return byDestination.size();
  }

  /**
   * Moves to each listed file the predictor does not track the state its renames left elsewhere, then forgets the
   * renames. Returns the files whose state was found.
   *
   * @param sortedLive the listed files' path hashes, ascending
   */
  int resolve(List<FileFacts> files, long[] sortedLive, PopularityPredictor predictor) {
    int found = 0;
    if (!byDestination.isEmpty()) {
      for (FileFacts file : files) {
        long hash = file.pathHash();
        if (!predictor.tracks(hash)) {
          long origin = origin(file.path(), sortedLive, predictor);
          if (origin != 0) {
            predictor.renamed(origin, hash);
            found++;
          }
        }
      }
    }
    byDestination.clear();
    return found;
  }

  /** The hash of the path holding {@code path}'s state, or 0 when none is found. */
  private long origin(String path, long[] sortedLive, PopularityPredictor predictor) {
    String current = path;
    long before = Long.MAX_VALUE;
    for (int hop = 0; hop < MAX_HOPS; hop++) {
      // The latest earlier rename to the path itself (its source's state was not there to move) or to the
      // nearest of its directories.
      String ancestor = current;
      Rename rename = byDestination.get(current);
      while (rename == null || rename.sequence() >= before) {
        int slash = ancestor.lastIndexOf('/');
        if (slash <= 0) {
          return 0;
        }
        ancestor = ancestor.substring(0, slash);
        rename = byDestination.get(ancestor);
      }
      // A directory renamed: the file was at the same place below its old path.
      String previous = rename.src() + current.substring(ancestor.length());
      long previousHash = PathHash.of(previous);
      if (predictor.tracks(previousHash) && !listed(previousHash, sortedLive)) {
        return previousHash;
      }
      // Renamed onto an existing directory, which HDFS moves it into: a file's state went to the directory's path;
      // a directory's files were at the same place below its old path.
      String inside = ancestor + "/" + name(rename.src());
      long directoryHash = PathHash.of(ancestor);
      if (current.equals(inside) && predictor.tracks(directoryHash) && !listed(directoryHash, sortedLive)) {
        return directoryHash;
      }
      if (current.startsWith(inside + "/")) {
        long movedHash = PathHash.of(rename.src() + current.substring(inside.length()));
        if (predictor.tracks(movedHash) && !listed(movedHash, sortedLive)) {
          return movedHash;
        }
      }
      current = previous;
      before = rename.sequence();
    }
    return 0;
  }

  private static boolean listed(long hash, long[] sortedLive) {
    return Arrays.binarySearch(sortedLive, hash) >= 0;
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  private static String stripSlash(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
