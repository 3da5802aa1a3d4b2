package io.strata.sim.engine;

import java.util.Arrays;

/** A growable stack of ints. */
final class IntStack {
  private int[] items = new int[4];
  private int size;

  void push(int value) {
    if (size == items.length) {
      items = Arrays.copyOf(items, size * 2);
    }
    items[size++] = value;
  }

  boolean isEmpty() {
    return size == 0;
  }

  int pop() {
    return items[--size];
  }
}
