package io.strata.sim.model;

import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;

/**
 * One tier's evictable files, least recently used first (by {@link SimFile#lruSequence}). A use moves a file to
 * the end, which a doubly linked list through the files themselves does in constant time without allocating (see
 * docs/whatif.md for why that matters at scale). A file that joins the tier at an old place (unpinned, or moved
 * onto the tier, without being used) waits in a small tree until it is used or leaves; iteration merges the two by
 * sequence.
 */
final class TierLru implements Iterable<SimFile> {
  private final int tier;
  private final int tiers;
  private SimFile head;
  private SimFile tail;
  /** Files whose place is before the list's end when they joined. */
  private final TreeMap<Long, SimFile> late = new TreeMap<>();

  TierLru(int tier, int tiers) {
    this.tier = tier;
    this.tiers = tiers;
  }

  /** Adds {@code file} at its place in the order; it must not be in this tier's order yet. */
  void add(SimFile file) {
    if (tail != null && file.lruSequence <= tail.lruSequence) {
      late.put(file.lruSequence, file);
      file.lateTiers |= 1 << tier;
      return;
    }
    SimFile[] links = links(file);
    links[prev()] = tail;
    links[next()] = null;
    if (tail == null) {
      head = file;
    } else {
      tail.lruLinks[next()] = file;
    }
    tail = file;
  }

  /** Removes {@code file}, which must be in this tier's order. */
  void remove(SimFile file) {
    if ((file.lateTiers & 1 << tier) != 0) {
      late.remove(file.lruSequence);
      file.lateTiers &= ~(1 << tier);
      return;
    }
    SimFile before = file.lruLinks[prev()];
    SimFile after = file.lruLinks[next()];
    if (before == null) {
      head = after;
    } else {
      before.lruLinks[next()] = after;
    }
    if (after == null) {
      tail = before;
    } else {
      after.lruLinks[prev()] = before;
    }
    file.lruLinks[prev()] = null;
    file.lruLinks[next()] = null;
  }

  private SimFile[] links(SimFile file) {
    if (file.lruLinks == null) {
      file.lruLinks = new SimFile[2 * tiers];
    }
    return file.lruLinks;
  }

  private int prev() {
    return 2 * tier;
  }

  private int next() {
    return 2 * tier + 1;
  }

  /** The files least recently used first; the order must not change while iterating. */
  @Override
  public Iterator<SimFile> iterator() {
    Iterator<Map.Entry<Long, SimFile>> lateFiles = late.entrySet().iterator();
    return new Iterator<>() {
      private SimFile listed = head;
      private SimFile waiting = lateFiles.hasNext() ? lateFiles.next().getValue() : null;

      @Override
      public boolean hasNext() {
        return listed != null || waiting != null;
      }

      @Override
      public SimFile next() {
        if (!hasNext()) {
          throw new NoSuchElementException();
        }
        SimFile file;
        if (waiting == null || listed != null && listed.lruSequence < waiting.lruSequence) {
          file = listed;
          listed = listed.lruLinks[TierLru.this.next()];
        } else {
          file = waiting;
          waiting = lateFiles.hasNext() ? lateFiles.next().getValue() : null;
        }
        return file;
      }
    };
  }
}
