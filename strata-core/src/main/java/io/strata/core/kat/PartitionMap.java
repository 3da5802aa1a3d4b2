package io.strata.core.kat;

import io.strata.core.config.ConfigException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Which partition each key belongs to. The heaviest keys of a sample are assigned explicitly; every other key
 * falls in one of {@link #BUCKETS} hash buckets, and each bucket is assigned like a key. Keys and buckets are
 * packed heaviest first, each into the partition with the least expected load (longest-processing-time bin
 * packing), so the hashed tail fills the gaps the heavy keys leave. A key is never split over partitions, so all of its records are reduced in
 * one place: a single key heavier than the mean partition bounds the balance, and {@link #expectedImbalance()}
 * says so.
 */
public final class PartitionMap {
  /** Sampled keys assigned explicitly, at most; lighter ones are hashed like keys never seen. */
  public static final int DEFAULT_MAX_ASSIGNED_KEYS = 200_000;
  /** Hash buckets for the keys not in the table; each bucket is placed like a key. */
  public static final int BUCKETS = 1024;

  private final int partitions;
  private final Map<String, Integer> assigned;
  private final int[] buckets;
  private final double[] expectedShares;

  /** A map from its parts: explicit keys, each hash bucket's partition, each partition's expected share. */
  public PartitionMap(int partitions, Map<String, Integer> assigned, int[] buckets, double[] expectedShares) {
    if (partitions < 1) {
      throw new ConfigException("--partitions must be at least 1, got " + partitions);
    }
    for (Map.Entry<String, Integer> entry : assigned.entrySet()) {
      if (entry.getValue() < 0 || entry.getValue() >= partitions) {
        throw new ConfigException("partition map: key '" + entry.getKey() + "' is in partition " + entry.getValue()
            + ", outside 0.." + (partitions - 1));
      }
    }
    if (buckets.length != BUCKETS) {
      throw new ConfigException("partition map: " + buckets.length + " hash buckets, expected " + BUCKETS);
    }
    for (int b = 0; b < buckets.length; b++) {
      if (buckets[b] < 0 || buckets[b] >= partitions) {
        throw new ConfigException("partition map: bucket " + b + " is in partition " + buckets[b] + ", outside 0.."
            + (partitions - 1));
      }
    }
    if (expectedShares.length != partitions) {
      throw new ConfigException("partition map: " + expectedShares.length + " expected shares for " + partitions
          + " partitions");
    }
    this.partitions = partitions;
    this.assigned = Collections.unmodifiableMap(new LinkedHashMap<>(assigned));
    this.buckets = buckets.clone();
    this.expectedShares = expectedShares.clone();
  }

  /** A map with no sample: every key hashed (what plain hash partitioning does). */
  public static PartitionMap hashed(int partitions) {
    double[] even = new double[partitions];
    java.util.Arrays.fill(even, 1.0 / partitions);
    int[] buckets = new int[BUCKETS];
    for (int b = 0; b < BUCKETS; b++) {
      buckets[b] = b % partitions;
    }
    return new PartitionMap(partitions, Map.of(), buckets, even);
  }

  /**
   * Builds a map from sampled key counts: the {@code maxAssigned} heaviest keys and {@link #BUCKETS} hash buckets
   * are packed together, heaviest first. A bucket weighs the sampled keys left out of the table that hash to it
   * plus its share of the keys the sample never saw, estimated (Good-Turing) as the share of keys seen once.
   */
  public static PartitionMap build(Map<String, Long> sampleCounts, int partitions, int maxAssigned) {
    if (partitions < 1) {
      throw new ConfigException("--partitions must be at least 1, got " + partitions);
    }
    List<Map.Entry<String, Long>> keys = new ArrayList<>(sampleCounts.entrySet());
    // Heaviest first; equal counts by key so the same sample always gives the same map.
    keys.sort(Comparator.comparing((Map.Entry<String, Long> e) -> e.getValue()).reversed()
        .thenComparing(Map.Entry::getKey));
    int tableSize = Math.min(maxAssigned, keys.size());
    long singletons = keys.stream().filter(e -> e.getValue() == 1).count();
    double[] bucketWeight = new double[BUCKETS];
    java.util.Arrays.fill(bucketWeight, (double) singletons / BUCKETS);
    for (int i = tableSize; i < keys.size(); i++) {
      bucketWeight[hash(keys.get(i).getKey(), BUCKETS)] += keys.get(i).getValue();
    }
    // Items: keys (index < tableSize) and buckets (tableSize + b), packed heaviest first.
    List<double[]> items = new ArrayList<>(tableSize + BUCKETS);
    for (int i = 0; i < tableSize; i++) {
      items.add(new double[] {keys.get(i).getValue(), i});
    }
    for (int b = 0; b < BUCKETS; b++) {
      items.add(new double[] {bucketWeight[b], tableSize + b});
    }
    items.sort(Comparator.comparingDouble((double[] item) -> item[0]).reversed()
        .thenComparingDouble(item -> item[1]));
    double[] load = new double[partitions];
    Map<String, Integer> assigned = new HashMap<>();
    int[] buckets = new int[BUCKETS];
    for (double[] item : items) {
      int lightest = 0;
      for (int p = 1; p < partitions; p++) {
        if (load[p] < load[lightest]) {
          lightest = p;
        }
      }
      load[lightest] += item[0];
      int index = (int) item[1];
      if (index < tableSize) {
        assigned.put(keys.get(index).getKey(), lightest);
      } else {
        buckets[index - tableSize] = lightest;
      }
    }
    double total = java.util.Arrays.stream(load).sum();
    double[] shares = new double[partitions];
    for (int p = 0; p < partitions; p++) {
      shares[p] = total == 0 ? 1.0 / partitions : load[p] / total;
    }
    return new PartitionMap(partitions, assigned, buckets, shares);
  }

  /** The partition of {@code key}. */
  public int partitionOf(String key) {
    Integer partition = assigned.get(key);
    return partition != null ? partition : buckets[hash(key, BUCKETS)];
  }

  /**
   * A key's partition by hash, stable across JVMs and versions: FNV-1a over the key's UTF-8 bytes (Java's
   * String.hashCode of similar words clusters in the low bits).
   */
  public static int hash(String key, int partitions) {
    int h = 0x811c9dc5;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      h ^= b & 0xff;
      h *= 0x01000193;
    }
    return Math.floorMod(h, partitions);
  }

  public int partitions() {
    return partitions;
  }

  /** The explicitly assigned keys and their partitions. */
  public Map<String, Integer> assigned() {
    return assigned;
  }

  /** The partition of each hash bucket, for keys not in {@link #assigned()}. */
  public int[] buckets() {
    return buckets.clone();
  }

  /** Each partition's share of the sampled records. */
  public double[] expectedShares() {
    return expectedShares.clone();
  }

  /** The largest partition's expected share over the mean share (1.0 is perfect balance). */
  public double expectedImbalance() {
    return Balance.imbalance(expectedShares);
  }
}
