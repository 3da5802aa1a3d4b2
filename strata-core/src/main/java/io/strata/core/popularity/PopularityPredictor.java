package io.strata.core.popularity;

import java.util.Arrays;
import java.util.function.LongConsumer;

/**
 * AptStore's Popularity Prediction Algorithm (AptStore paper, Eqs. 1-2 and Algorithm 1), fed one event at a time.
 *
 * <ul>
 *   <li>An access i+1 to file f: {@code P_{i+1} = P_i + c / (a(f) * l * b(f) * P_i)}, clamped to
 *       [P_min, P_max], where a(f) is the time since f's previous access, b(f) its block count and l the
 *       cluster load, here AVG(P) / P_initial as the reference time began (1 when the cluster is as busy as it
 *       started, higher when popularity has grown overall; {@link PpaSettings#loadPerAccess()} takes AVG(P) at
 *       each access instead). The first access of a file we have not seen sets P to AVG(P).</li>
 *   <li>A created file starts at AVG(P); a deleted file adds {@code AVG(P) - P(f)} to the increase IP.</li>
 *   <li>At each reference time: {@code MIP = IP / |F|}; every file's P drops by MIP / s (Eq. 2); the
 *       prediction for the next RT extrapolates the change over the RT linearly,
 *       {@code P_predicted = P + (P - P_previous RT)}. (Algorithm 1 as printed reads
 *       {@code P_i + (P(f) - P_i)}, which would just return the old value; the text says linear
 *       extrapolation at the same rate of change, which is what is computed.)</li>
 * </ul>
 */
public final class PopularityPredictor {
  private final PpaSettings settings;
  private final PopularityTable table;
  private double sum; // sum of P over files, for AVG(P)
  private double increase; // IP over the current reference time
  private double referenceAverage; // AVG(P) as the current reference time began, for the load l

  public PopularityPredictor(PpaSettings settings, int expectedFiles) {
    this.settings = settings;
    this.table = new PopularityTable(expectedFiles);
    this.referenceAverage = settings.initialPopularity();
  }

  public PpaSettings settings() {
    return settings;
  }

  /** AVG(P): the mean popularity of tracked files, or the initial popularity when none are tracked. */
  public double average() {
    return table.size() == 0 ? settings.initialPopularity() : sum / table.size();
  }

  /** Cluster load l of Eq. 1. */
  public double load() {
    return (settings.loadPerAccess() ? average() : referenceAverage) / settings.initialPopularity();
  }

  public int files() {
    return table.size();
  }

  /** Bytes the per-file state takes now. */
  public long stateBytes() {
    return table.bytes();
  }

  /** A file was created (or appeared under a new name). */
  public void created(long pathHash, int blocks, long timeMillis) {
    if (table.find(pathHash) < 0) {
      float p = (float) average();
      table.insert(pathHash, p, Math.max(1, blocks), seconds(timeMillis));
      sum += p;
    }
  }

  /** A file was read (an audit {@code open}). */
  public void accessed(long pathHash, int blocks, long timeMillis) {
    int now = seconds(timeMillis);
    int slot = table.find(pathHash);
    if (slot < 0) {
      // First access of a file we did not see created: Algorithm 1's i = 0 case.
      float p = (float) average();
      table.insert(pathHash, p, Math.max(1, blocks), now);
      sum += p;
      return;
    }
    if (blocks > 0) {
      table.blocks(slot, blocks);
    }
    double p = table.popularity(slot);
    double a = Math.max(settings.intervalFloorSeconds(), now - table.lastAccessSeconds(slot));
    double next = p + settings.popularityConstant() / (a * load() * table.blocks(slot) * p);
    next = clamp(next);
    table.popularity(slot, (float) next);
    table.lastAccessSeconds(slot, Math.max(now, table.lastAccessSeconds(slot)));
    double delta = (float) next - p;
    sum += delta;
    increase += delta;
  }

  /** A file was deleted. */
  public void deleted(long pathHash) {
    int slot = table.find(pathHash);
    if (slot < 0) {
      return;
    }
    double p = table.popularity(slot);
    increase += average() - p;
    sum -= p;
    table.remove(slot);
  }

  /** Whether the predictor holds state for the file (created or read since it began, and not deleted). */
  public boolean tracks(long pathHash) {
    return table.find(pathHash) >= 0;
  }

  /**
   * Drops the state of every tracked file whose hash is not in {@code sortedLive} (ascending), and returns how
   * many were dropped. The audit log names a deleted or moved directory, not its files, so their state would stay
   * for good, counted in AVG(P) and |F|; the caller's listing of the files that exist says which are gone. Unlike
   * {@link #deleted}, this adds nothing to IP: those files left in reference times already ended.
   */
  public int forgetAllBut(long[] sortedLive) {
    long[] gone = new long[Math.max(0, table.size() - sortedLive.length) + 16];
    int count = 0;
    for (int slot = 0; slot < table.capacity(); slot++) {
      if (table.occupied(slot) && Arrays.binarySearch(sortedLive, table.key(slot)) < 0) {
        if (count == gone.length) {
          gone = Arrays.copyOf(gone, count * 2);
        }
        gone[count++] = table.key(slot);
      }
    }
    for (int i = 0; i < count; i++) {
      int slot = table.find(gone[i]);
      sum -= table.popularity(slot);
      table.remove(slot);
    }
    return count;
  }

  /** A file was renamed: its state moves with it, and a file it replaced counts as deleted. */
  public void renamed(long fromHash, long toHash) {
    int slot = table.find(fromHash);
    if (slot < 0 || fromHash == toHash) {
      return;
    }
    deleted(toHash);
    slot = table.find(fromHash); // removing a slot may shift the others
    float p = table.popularity(slot);
    float previous = table.previous(slot);
    int last = table.lastAccessSeconds(slot);
    int blocks = table.blocks(slot);
    table.remove(slot);
    int moved = table.insert(toHash, p, blocks, last);
    table.previous(moved, previous);
  }

  /** Seconds from the file's last read (or its creation) to {@code nowMillis}; Long.MAX_VALUE when untracked. */
  public long idleSeconds(long pathHash, long nowMillis) {
    int slot = table.find(pathHash);
    return slot < 0 ? Long.MAX_VALUE : Math.max(0, (long) seconds(nowMillis) - table.lastAccessSeconds(slot));
  }

  /** The current popularity of a file, or NaN when it is not tracked. */
  public double popularity(long pathHash) {
    int slot = table.find(pathHash);
    return slot < 0 ? Double.NaN : table.popularity(slot);
  }

  /**
   * Ends a reference time: applies Eq. 2 to every file, and calls {@code predicted} for each with the file's
   * hash (query {@link #predicted(long)} from it). Returns MIP.
   */
  public double endReferenceTime(LongConsumer visit) {
    double mip = table.size() == 0 ? 0 : increase / table.size();
    double decay = mip / settings.scalability();
    double newSum = 0;
    for (int slot = 0; slot < table.capacity(); slot++) {
      if (!table.occupied(slot)) {
        continue;
      }
      double p = clamp(table.popularity(slot) - decay);
      table.popularity(slot, (float) p);
      newSum += (float) p;
    }
    sum = newSum;
    increase = 0;
    referenceAverage = average();
    for (int slot = 0; slot < table.capacity(); slot++) {
      if (table.occupied(slot)) {
        visit.accept(table.key(slot));
      }
    }
    for (int slot = 0; slot < table.capacity(); slot++) {
      if (table.occupied(slot)) {
        table.previous(slot, table.popularity(slot));
      }
    }
    return mip;
  }

  /**
   * P_predicted for the next RT: this RT's change continued, within [P_min, P_max]; NaN when untracked. Ask it from
   * {@link #endReferenceTime}'s visitor: once that returns, the RT just ended is the start of the next, and this is
   * the current popularity.
   */
  public double predicted(long pathHash) {
    int slot = table.find(pathHash);
    if (slot < 0) {
      return Double.NaN;
    }
    double p = table.popularity(slot);
    return clamp(p + (p - table.previous(slot)));
  }

  private double clamp(double p) {
    return Math.max(settings.minPopularity(), Math.min(settings.maxPopularity(), p));
  }

  private static int seconds(long millis) {
    return (int) Math.floorDiv(millis, 1000L);
  }
}
