package io.strata.sim.metrics;

import io.strata.core.retrieval.Locality;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Counts the map tasks' input reads: bytes, rates and times, by tier and by locality. */
public final class ReadStatistics {
  private final long[] bytesByTier;
  private final double[] rateSumByTier;
  private final long[] readsByTier;
  private final long[] bytesByLocality = new long[Locality.values().length];
  private final double[] rateSumByLocality = new double[Locality.values().length];
  private final long[] readsByLocality = new long[Locality.values().length];
  private final ActiveBlockReads activeReads = new ActiveBlockReads();
  private long reads;
  private double rateSum;
  private double seconds;
  private long bytes;
  private long unreadableBlocks;
  private long bytesReadWhileBlockBusy;
  private long firstReadBytes;
  private double firstReadSeconds;

  public ReadStatistics(int tiers) {
    bytesByTier = new long[tiers];
    rateSumByTier = new double[tiers];
    readsByTier = new long[tiers];
  }

  /** A task found no replica of its block. */
  public void unreadable() {
    unreadableBlocks++;
  }

  /** A read of {@code bytes} of {@code block} starts; it counts as contended if that block is being read already. */
  public void started(String path, int block, long bytes) {
    if (activeReads.begin(path, block)) {
      bytesReadWhileBlockBusy += bytes;
    }
  }

  /**
   * A read started with {@link #started} ended.
   *
   * @param firstRead whether no earlier job had read the block
   */
  public void finished(String path, int block, int tier, Locality locality, long bytes, double seconds,
      boolean firstRead) {
    activeReads.end(path, block);
    reads++;
    double rate = bytes / seconds;
    rateSum += rate;
    rateSumByTier[tier] += rate;
    readsByTier[tier]++;
    rateSumByLocality[locality.ordinal()] += rate;
    readsByLocality[locality.ordinal()]++;
    this.seconds += seconds;
    this.bytes += bytes;
    if (firstRead) {
      firstReadBytes += bytes;
      firstReadSeconds += seconds;
    }
    bytesByTier[tier] += bytes;
    bytesByLocality[locality.ordinal()] += bytes;
  }

  /**
   * @param tierNames                 the names of the tiers counted, by index
   * @param fastestReadBytesPerSecond the fastest device's read rate, for the re-read ceiling
   */
  public SimResult.Io summary(List<String> tierNames, double fastestReadBytesPerSecond) {
    Map<String, Double> byTier = new LinkedHashMap<>();
    for (int t = 0; t < tierNames.size(); t++) {
      byTier.put(tierNames.get(t), fraction(bytesByTier[t], bytes));
    }
    Map<String, Double> rateByTier = new LinkedHashMap<>();
    for (int t = 0; t < tierNames.size(); t++) {
      rateByTier.put(tierNames.get(t), readsByTier[t] == 0 ? 0 : rateSumByTier[t] / readsByTier[t] / 1e6);
    }
    Map<String, Double> byLocality = new LinkedHashMap<>();
    Map<String, Double> rateByLocality = new LinkedHashMap<>();
    for (Locality locality : Locality.values()) {
      String name = locality.name().toLowerCase(Locale.ROOT).replace('_', '-');
      int l = locality.ordinal();
      byLocality.put(name, fraction(bytesByLocality[l], bytes));
      rateByLocality.put(name, readsByLocality[l] == 0 ? 0 : rateSumByLocality[l] / readsByLocality[l] / 1e6);
    }
    return new SimResult.Io(reads == 0 ? 0 : rateSum / reads / 1e6, seconds == 0 ? 0 : bytes / seconds / 1e6, bytes,
        byTier, byLocality, rateByTier, rateByLocality, unreadableBlocks,
        bytes == 0 ? 0 : (double) bytesReadWhileBlockBusy / bytes, bytes == 0 ? 0 : (double) firstReadBytes / bytes,
        firstReadSeconds == 0 ? 0 : firstReadBytes / firstReadSeconds / 1e6,
        rereadCeilingMBps(fastestReadBytesPerSecond));
  }

  /**
   * Read throughput had every block read before been read again at the fastest device's full rate, the first
   * reads taking the time they took: the most any replication or tiering policy can give without making first
   * reads faster, since it knows nothing of a block before its first read.
   */
  private double rereadCeilingMBps(double fastestReadBytesPerSecond) {
    double ceilingSeconds = firstReadSeconds + (bytes - firstReadBytes) / fastestReadBytesPerSecond;
    return ceilingSeconds == 0 ? 0 : bytes / ceilingSeconds / 1e6;
  }

  private static double fraction(long part, long total) {
    return total == 0 ? 0 : part / (double) total;
  }
}
