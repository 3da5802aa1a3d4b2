package io.strata.sim.engine;

import java.util.Arrays;
import java.util.SplittableRandom;

/** A set of node numbers with O(1) add, remove and uniform random pick. */
final class NodeSet {
  private final int[] items;
  private final int[] position;
  private int size;

  NodeSet(int nodes) {
    items = new int[nodes];
    position = new int[nodes];
    Arrays.fill(position, -1);
  }

  boolean contains(int node) {
    return position[node] >= 0;
  }

  void add(int node) {
    if (position[node] >= 0) {
      return;
    }
    position[node] = size;
    items[size++] = node;
  }

  void remove(int node) {
    int at = position[node];
    if (at < 0) {
      return;
    }
    int last = items[--size];
    items[at] = last;
    position[last] = at;
    position[node] = -1;
  }

  int size() {
    return size;
  }

  int random(SplittableRandom random) {
    return items[random.nextInt(size)];
  }
}
