package io.strata.core.popularity;

import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The renames read since the last plan, which move a file's popularity with it, including where the audit log does
 * not name the file. The log records a rename as its caller asked for it: a directory's rename names only the
 * directory, and HDFS's original rename onto an existing directory (which moves the source into it) names that
 * directory. A file's state then first goes to the directory's path, and is moved to the file's own path as soon as
 * the log shows the destination is a directory: a second file renamed onto it (the original rename refuses an
 * existing file, and the log records only renames that succeeded), or the moved file read, deleted or renamed on.
 *
 * <p>At the plan, the listing says which files exist; a listed file the predictor does not track is traced back
 * through these renames to a path whose state it does track, and that state moves to the file. This needs no call to
 * the NameNode and works alike for the log read at a daemon's start, for the live log and for a one-off plan, so a
 * restarted daemon resolves renames as the stopped one did. A state is only taken from a path that no longer exists
 * as a file, so a file created at a renamed directory's old path keeps its own.
 */
final class PendingRenames {
  /**
   * Renames kept between plans, about 280 bytes each (two paths and a map entry); beyond it the oldest destinations
   * are dropped and the files they moved start again at the average. Most renames are job commits moving fresh
   * output.
   */
  static final int DEFAULT_CAPACITY = 200_000;
  /** A file renamed more times than this between two plans is not traced further back. */
  private static final int MAX_HOPS = 16;

  /** One rename; {@code older} is the one before it to the same destination. */
  private static final class Rename {
    final String src;
    final long sequence;
    final boolean mayMoveInto;
    final Rename older;
    /** The source's state is at the destination's path, which may be a directory the source went into. */
    boolean stateAtDestination;

    Rename(String src, long sequence, boolean mayMoveInto, Rename older) {
      this.src = src;
      this.sequence = sequence;
      this.mayMoveInto = mayMoveInto;
      this.older = older;
    }

    String inside(String destination) {
      return child(destination, name(src));
    }
  }

  private final int capacity;
  /** The latest rename to each destination, oldest destination first. */
  private final Map<String, Rename> latestByDestination = new LinkedHashMap<>();
  private int size;
  private long sequence;
  private long dropped;
  private long movedInside;

  PendingRenames(int capacity) {
    this.capacity = capacity;
  }

  /** Renames forgotten because more than the capacity came between two plans. */
  long dropped() {
    return dropped;
  }

  int size() {
    return size;
  }

  /** Files whose state was moved into a directory a rename named, as soon as the log showed it was one. */
  long movedInside() {
    return movedInside;
  }

  /**
   * A rename read from the log, in log order: moves the source's state in the predictor and keeps the rename for
   * the plan.
   *
   * @param mayMoveInto whether {@code dst} may be an existing directory the source went into
   *     ({@link AuditEvent#renameMayMoveInto()})
   */
  void renamed(String src, String dst, boolean mayMoveInto, PopularityPredictor predictor) {
    String source = stripSlash(src);
    String destination = stripSlash(dst);
    long sourceHash = PathHash.of(source);
    settle(source, sourceHash, predictor);
    boolean carried = predictor.tracks(sourceHash);
    Rename earlier = latestByDestination.remove(destination); // re-inserted as the newest
    Rename holder = holder(earlier);
    long destinationHash = PathHash.of(destination);
    Rename rename = new Rename(source, ++sequence, mayMoveInto, earlier);
    if (carried && mayMoveInto && holder != null && predictor.tracks(destinationHash)) {
      // Two renames onto one path both succeeded: it is a directory, and each file went into it.
      moveInside(holder, destination, predictor);
      predictor.renamed(sourceHash, PathHash.of(rename.inside(destination)));
      movedInside++;
    } else {
      predictor.renamed(sourceHash, destinationHash);
      if (carried) {
        if (holder != null) {
          holder.stateAtDestination = false; // replaced
        }
        rename.stateAtDestination = mayMoveInto;
      }
    }
    latestByDestination.put(destination, rename);
    size++;
    evict();
  }

  /**
   * Before an event about {@code path}, which the predictor does not track: if {@code path} is the file an earlier
   * rename moved into its directory, the event shows that directory is one, and the state left at its path moves to
   * the file.
   */
  void settle(String path, long pathHash, PopularityPredictor predictor) {
    if (size == 0 || predictor.tracks(pathHash)) {
      return;
    }
    String directory = parent(path);
    if (directory == null) {
      return;
    }
    Rename holder = holder(latestByDestination.get(directory));
    if (holder != null && holder.mayMoveInto && path.equals(holder.inside(directory))
        && predictor.tracks(PathHash.of(directory))) {
      moveInside(holder, directory, predictor);
    }
  }

  private void moveInside(Rename holder, String directory, PopularityPredictor predictor) {
    predictor.renamed(PathHash.of(directory), PathHash.of(holder.inside(directory)));
    holder.stateAtDestination = false;
    movedInside++;
  }

  /** The rename of a chain whose state is at the destination's path, or null. */
  private static Rename holder(Rename latest) {
    for (Rename r = latest; r != null; r = r.older) {
      if (r.stateAtDestination) {
        return r;
      }
    }
    return null;
  }

  private void evict() {
    Iterator<Rename> oldest = latestByDestination.values().iterator();
    while (size > capacity && oldest.hasNext()) {
      int chain = 0;
      for (Rename r = oldest.next(); r != null; r = r.older) {
        chain++;
      }
      oldest.remove();
      size -= chain;
      dropped += chain;
    }
  }

  /**
   * Moves to each listed file the predictor does not track the state its renames left elsewhere, then forgets the
   * renames. Returns the files whose state was found.
   *
   * @param hashes     the listed files' path hashes, in the order of {@code files}
   * @param sortedLive the same hashes, ascending
   */
  int resolve(List<FileFacts> files, long[] hashes, long[] sortedLive, PopularityPredictor predictor) {
    int found = 0;
    if (size > 0) {
      for (int i = 0; i < hashes.length; i++) {
        long hash = hashes[i];
        if (!predictor.tracks(hash)) {
          long origin = origin(files.get(i).path(), sortedLive, predictor);
          if (origin != 0) {
            predictor.renamed(origin, hash);
            found++;
          }
        }
      }
    }
    latestByDestination.clear();
    size = 0;
    return found;
  }

  /** The hash of the path holding {@code path}'s state, or 0 when none is found. */
  private long origin(String path, long[] sortedLive, PopularityPredictor predictor) {
    String current = path;
    long before = Long.MAX_VALUE;
    for (int hop = 0; hop < MAX_HOPS; hop++) {
      // The renames before the last one followed to the path itself (its source's state was not there to move) or
      // to the nearest of its directories that has any.
      String ancestor = current;
      Rename latest = earlierThan(latestByDestination.get(ancestor), before);
      while (latest == null) {
        ancestor = parent(ancestor);
        if (ancestor == null) {
          return 0;
        }
        latest = earlierThan(latestByDestination.get(ancestor), before);
      }
      String below = ancestor.equals("/") ? current : current.substring(ancestor.length());
      Rename into = null;
      for (Rename r = latest; r != null; r = earlierThan(r.older, before)) {
        // The path renamed, or a directory renamed: the file was at the same place below the source.
        long previousHash = PathHash.of(r.src + below);
        if (usable(previousHash, sortedLive, predictor)) {
          return previousHash;
        }
        if (!r.mayMoveInto) {
          continue;
        }
        // Moved into an existing directory: a file's state may still be at the directory's path; a directory's
        // files were at the same place below its source.
        String inside = r.inside(ancestor);
        if (current.equals(inside) && r.stateAtDestination && usable(PathHash.of(ancestor), sortedLive, predictor)) {
          return PathHash.of(ancestor);
        }
        if (current.startsWith(inside + "/")) {
          long movedHash = PathHash.of(r.src + current.substring(inside.length()));
          if (usable(movedHash, sortedLive, predictor)) {
            return movedHash;
          }
        }
        if (into == null && (current.equals(inside) || current.startsWith(inside + "/"))) {
          into = r;
        }
      }
      // Not found here: follow the rename the path came through to where it was before it.
      Rename followed = into != null ? into : latest;
      current = into != null ? into.src + current.substring(into.inside(ancestor).length()) : latest.src + below;
      before = followed.sequence;
    }
    return 0;
  }

  private static Rename earlierThan(Rename chain, long before) {
    Rename r = chain;
    while (r != null && r.sequence >= before) {
      r = r.older;
    }
    return r;
  }

  private static boolean usable(long hash, long[] sortedLive, PopularityPredictor predictor) {
    return predictor.tracks(hash) && Arrays.binarySearch(sortedLive, hash) < 0;
  }

  private static String name(String path) {
    return path.substring(path.lastIndexOf('/') + 1);
  }

  /** The directory holding {@code path}, or null for the root. */
  private static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash < 0 || path.equals("/") ? null : slash == 0 ? "/" : path.substring(0, slash);
  }

  private static String child(String directory, String name) {
    return directory.equals("/") ? "/" + name : directory + "/" + name;
  }

  private static String stripSlash(String path) {
    return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
  }
}
