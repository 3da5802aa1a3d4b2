package io.strata.sim.model;

import java.util.Arrays;

/**
 * A file in the modeled cluster: its size, and for each block the node and tier of each replica, packed into one
 * int per replica ({@code node << 8 | tier}; -1 for an empty slot), so memory grows with live blocks only.
 */
public final class SimFile {
  static final int EMPTY = -1;

  private final String path;
  private final boolean output;
  private long size;
  private int blocks;
  private int stride;
  private int[] replicas;
  private int tierMask;
  private double lastAccess;
  private int pins;
  private int blocksEverRead;
  /** The file's place in its store's least-recently-used order (higher is more recent), kept by FileStore. */
  long lruSequence;
  /** The tiers under which FileStore indexes the file for eviction: its tier mask while it is in the store. */
  int indexedTiers;
  /** Per tier, the previous and next file in its {@link TierLru} list (null until first indexed). */
  SimFile[] lruLinks;
  /** The tiers whose {@link TierLru} keeps the file apart from its list, having joined at an old place. */
  int lateTiers;
  /** The store whose file at its path this is, told when it becomes pinned or unpinned; null when none. */
  FileStore owner;

  SimFile(String path, int replication, boolean output, double created) {
    this.path = path;
    this.output = output;
    this.stride = replication;
    this.replicas = new int[0];
    this.lastAccess = created;
  }

  public String path() {
    return path;
  }

  /** True for a job's output, false for input data. */
  public boolean output() {
    return output;
  }

  public long size() {
    return size;
  }

  public int blocks() {
    return blocks;
  }

  /** Replica slots per block (the file's replication factor). */
  public int replication() {
    return stride;
  }

  /** Bytes of block {@code index}: full blocks, the last one possibly shorter. */
  public long blockBytes(int index, long blockSize) {
    return index < blocks - 1 ? blockSize : size - (long) (blocks - 1) * blockSize;
  }

  /**
   * A number standing for block {@code block} of this file, the same for every replica and every run: what the
   * per-volume device model hashes to pick the volume a replica lives on.
   */
  public long blockKey(int block) {
    return (long) path.hashCode() << 32 | (block & 0xFFFFFFFFL);
  }

  /** Replica {@code slot} of block {@code block}, packed, or -1. */
  public int replica(int block, int slot) {
    return replicas[block * stride + slot];
  }

  public static int node(int packed) {
    return packed >>> 8;
  }

  public static int tier(int packed) {
    return packed & 0xFF;
  }

  static int pack(int node, int tier) {
    return node << 8 | tier;
  }

  /** Bit t is set when some replica of the file is on tier t. */
  public int tierMask() {
    return tierMask;
  }

  public double lastAccess() {
    return lastAccess;
  }

  /** Readers and writers using the file now; a pinned file is never evicted. */
  public int pins() {
    return pins;
  }

  public void pin() {
    if (pins++ == 0 && owner != null) {
      owner.index(this);
    }
  }

  public void unpin() {
    if (pins == 0) {
      throw new IllegalStateException(path + " is not pinned");
    }
    if (--pins == 0 && owner != null) {
      owner.index(this);
    }
  }

  /** Jobs read files from the start, so blocks below this index have been read by some job, the rest never. */
  public int blocksEverRead() {
    return blocksEverRead;
  }

  /** A job reads the file's first {@code blocks} blocks. */
  public void readUpTo(int blocks) {
    blocksEverRead = Math.max(blocksEverRead, blocks);
  }

  void touch(double now) {
    lastAccess = now;
  }

  void setSize(long size) {
    this.size = size;
  }

  /** Adds an empty block and returns its index. */
  int addBlock() {
    int index = blocks++;
    int needed = blocks * stride;
    if (needed > replicas.length) {
      int capacity = Math.max(needed, replicas.length + (replicas.length >> 1) + stride);
      replicas = Arrays.copyOf(replicas, capacity);
    }
    Arrays.fill(replicas, index * stride, needed, EMPTY);
    return index;
  }

  void setReplica(int block, int slot, int packed) {
    replicas[block * stride + slot] = packed;
    if (packed != EMPTY) {
      tierMask |= 1 << tier(packed);
    }
  }

  /** Changes the replica slots per block, keeping the first {@code min(old, new)} replicas of each block. */
  void restride(int replication) {
    int[] next = new int[blocks * replication];
    Arrays.fill(next, EMPTY);
    for (int b = 0; b < blocks; b++) {
      System.arraycopy(replicas, b * stride, next, b * replication, Math.min(stride, replication));
    }
    replicas = next;
    stride = replication;
    recomputeTierMask();
  }

  void recomputeTierMask() {
    int mask = 0;
    for (int i = 0; i < blocks * stride; i++) {
      if (replicas[i] != EMPTY) {
        mask |= 1 << tier(replicas[i]);
      }
    }
    tierMask = mask;
  }
}
