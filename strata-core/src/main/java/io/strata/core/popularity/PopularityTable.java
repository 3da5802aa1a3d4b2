package io.strata.core.popularity;

import java.util.Arrays;

/**
 * Per-file popularity state in flat arrays with open addressing: a path hash, the popularity now and at the
 * last reference time, the time of the last access and the block count, about 25 bytes a file plus the free
 * slots that keep probing short. No object per file.
 */
final class PopularityTable {
  private static final float LOAD = 0.7f;

  private long[] keys;
  private float[] popularity;
  private float[] previous;
  private int[] lastAccessSeconds;
  private int[] blocks;
  private int size;
  private int mask;

  PopularityTable(int expected) {
    int capacity = Integer.highestOneBit(Math.max(16, (int) (expected / LOAD)) * 2 - 1);
    allocate(capacity);
  }

  private void allocate(int capacity) {
    keys = new long[capacity];
    popularity = new float[capacity];
    previous = new float[capacity];
    lastAccessSeconds = new int[capacity];
    blocks = new int[capacity];
    mask = capacity - 1;
    size = 0;
  }

  int size() {
    return size;
  }

  int capacity() {
    return keys.length;
  }

  /** Bytes held by the table's arrays. */
  long bytes() {
    return (long) keys.length * (8 + 4 + 4 + 4 + 4);
  }

  /** Slot of {@code key}, or -1. */
  int find(long key) {
    int slot = (int) (key ^ (key >>> 32)) & mask;
    while (true) {
      long k = keys[slot];
      if (k == key) {
        return slot;
      }
      if (k == 0) {
        return -1;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Slot for {@code key}, inserting it with the given state when absent. */
  int insert(long key, float p, int blockCount, int nowSeconds) {
    if (size + 1 > keys.length * LOAD) {
      grow();
    }
    int slot = (int) (key ^ (key >>> 32)) & mask;
    while (keys[slot] != 0 && keys[slot] != key) {
      slot = (slot + 1) & mask;
    }
    if (keys[slot] == 0) {
      keys[slot] = key;
      popularity[slot] = p;
      previous[slot] = p;
      lastAccessSeconds[slot] = nowSeconds;
      blocks[slot] = blockCount;
      size++;
    }
    return slot;
  }

  /** Removes the entry in {@code slot}, re-seating the probe run after it (backward-shift deletion). */
  void remove(int slot) {
    int hole = slot;
    int next = (hole + 1) & mask;
    while (keys[next] != 0) {
      int home = (int) (keys[next] ^ (keys[next] >>> 32)) & mask;
      // Move the entry back if its home is not in the cyclic range (hole, next].
      boolean movable = hole <= next ? (home <= hole || home > next) : (home <= hole && home > next);
      if (movable) {
        keys[hole] = keys[next];
        popularity[hole] = popularity[next];
        previous[hole] = previous[next];
        lastAccessSeconds[hole] = lastAccessSeconds[next];
        blocks[hole] = blocks[next];
        hole = next;
      }
      next = (next + 1) & mask;
    }
    keys[hole] = 0;
    size--;
  }

  private void grow() {
    long[] oldKeys = keys;
    float[] oldP = popularity;
    float[] oldPrev = previous;
    int[] oldLast = lastAccessSeconds;
    int[] oldBlocks = blocks;
    allocate(oldKeys.length * 2);
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != 0) {
        int slot = insert(oldKeys[i], oldP[i], oldBlocks[i], oldLast[i]);
        previous[slot] = oldPrev[i];
      }
    }
  }

  long key(int slot) {
    return keys[slot];
  }

  boolean occupied(int slot) {
    return keys[slot] != 0;
  }

  float popularity(int slot) {
    return popularity[slot];
  }

  void popularity(int slot, float p) {
    popularity[slot] = p;
  }

  float previous(int slot) {
    return previous[slot];
  }

  void previous(int slot, float p) {
    previous[slot] = p;
  }

  int lastAccessSeconds(int slot) {
    return lastAccessSeconds[slot];
  }

  void lastAccessSeconds(int slot, int seconds) {
    lastAccessSeconds[slot] = seconds;
  }

  int blocks(int slot) {
    return blocks[slot];
  }

  void blocks(int slot, int count) {
    blocks[slot] = count;
  }

  void clear() {
    Arrays.fill(keys, 0);
    size = 0;
  }
}
