package io.strata.hdfs.whatif;

import java.util.Arrays;

/**
 * Inode ids to ints (a directory's index), in two flat arrays, for the tens of millions of inodes of a large image:
 * 12 bytes a slot, no object per entry (a {@code HashMap<Long, Integer>} would take some 80). Open addressing
 * with linear probing; id 0 is never an inode's (HDFS numbers them from 16385), so it marks an empty slot.
 */
final class InodeIdMap {
  static final int ABSENT = -1;
  private static final double MAX_LOAD = 0.7;

  private long[] keys;
  private int[] values;
  private int size;
  private int mask;

  /** A map sized for {@code expected} entries without growing. */
  InodeIdMap(long expected) {
    long slots = Long.highestOneBit(Math.max(16, (long) (expected / MAX_LOAD)) * 2 - 1);
    if (slots > 1 << 30) {
      throw new IllegalArgumentException("too many inodes for one map: " + expected);
    }
    allocate((int) slots);
  }

  private void allocate(int slots) {
    keys = new long[slots];
    values = new int[slots];
    mask = slots - 1;
  }

  private int slot(long id) {
    long mixed = id * 0x9E3779B97F4A7C15L;
    return (int) (mixed ^ (mixed >>> 32)) & mask;
  }

  /** Maps {@code id} to {@code value} unless it is mapped already; true when it was added. */
  boolean putIfAbsent(long id, int value) {
    if (id == 0) {
      throw new IllegalArgumentException("inode id 0");
    }
    if (size + 1 > MAX_LOAD * keys.length) {
      grow();
    }
    int at = slot(id);
    while (keys[at] != 0) {
      if (keys[at] == id) {
        return false;
      }
      at = (at + 1) & mask;
    }
    keys[at] = id;
    values[at] = value;
    size++;
    return true;
  }

  /** The value of {@code id}, or {@link #ABSENT}. */
  int get(long id) {
    int at = slot(id);
    while (keys[at] != 0) {
      if (keys[at] == id) {
        return values[at];
      }
      at = (at + 1) & mask;
    }
    return ABSENT;
  }

  int size() {
    return size;
  }

  private void grow() {
    long[] oldKeys = keys;
    int[] oldValues = values;
    allocate(oldKeys.length * 2);
    size = 0;
    for (int i = 0; i < oldKeys.length; i++) {
      if (oldKeys[i] != 0) {
        putIfAbsent(oldKeys[i], oldValues[i]);
      }
    }
    Arrays.fill(oldKeys, 0); // let the old arrays go at once
  }
}
