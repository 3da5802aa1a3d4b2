package io.strata.sim.metrics;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Counts the bytes intermediate data moves on the nodes' local dirs, by tier: map outputs and their merges,
 * shuffle reads, the reducers' merges; and the positionings the shuffle's segment reads cost.
 */
public final class IntermediateStatistics {
  private final long[] written;
  private final long[] read;
  private long mapOutputBytes;
  private long mapMergeBytes;
  private long reduceMergeBytes;
  private long segments;
  private double positioningSeconds;

  public IntermediateStatistics(int tiers) {
    written = new long[tiers];
    read = new long[tiers];
  }

  /** A map wrote its output (its spills, or the one spill that becomes its output file). */
  public void mapOutput(int tier, long bytes) {
    mapOutputBytes += bytes;
    written[tier] += bytes;
  }

  /** A map merged its spills into one output file: read them, wrote it. */
  public void mapMerge(int tier, long bytes) {
    mapMergeBytes += bytes;
    read[tier] += bytes;
    written[tier] += bytes;
  }

  /** A reducer fetched {@code bytes} in {@code segments} map-output segments from a node's device. */
  public void fetched(int tier, long bytes, long segments, double positioningSeconds) {
    read[tier] += bytes;
    this.segments += segments;
    this.positioningSeconds += positioningSeconds;
  }

  /** A reducer merged its fetched data to disk and read it back into the reduce. */
  public void reduceMerge(int tier, long bytes) {
    reduceMergeBytes += bytes;
    written[tier] += bytes;
    read[tier] += bytes;
  }

  public SimResult.Intermediate summary(List<String> tierNames, String model) {
    Map<String, Long> writtenByTier = new LinkedHashMap<>();
    Map<String, Long> readByTier = new LinkedHashMap<>();
    for (int t = 0; t < tierNames.size(); t++) {
      writtenByTier.put(tierNames.get(t), written[t]);
      readByTier.put(tierNames.get(t), read[t]);
    }
    return new SimResult.Intermediate(model, writtenByTier, readByTier, mapOutputBytes, mapMergeBytes,
        reduceMergeBytes, segments, positioningSeconds);
  }
}
