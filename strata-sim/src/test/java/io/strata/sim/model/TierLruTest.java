package io.strata.sim.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A tier's eviction order stays ordered by last use whether a file joins at the end or at an old place. */
class TierLruTest {
  private long clock;

  private SimFile file(String path) {
    SimFile file = new SimFile(path, 1, false, 0);
    file.lruSequence = ++clock;
    return file;
  }

  private static List<String> order(TierLru lru) {
    List<String> paths = new ArrayList<>();
    lru.forEach(f -> paths.add(f.path()));
    return paths;
  }

  @Test
  void filesJoiningAtAnOldPlaceAreMergedIntoTheOrder() {
    TierLru lru = new TierLru(1, 2);
    SimFile a = file("a");
    SimFile b = file("b");
    SimFile c = file("c");
    SimFile d = file("d");
    lru.add(a);
    lru.add(c);
    lru.add(d);
    lru.add(b); // b was used before c and d, and joins (say, unpinned) after them
    assertEquals(List.of("a", "b", "c", "d"), order(lru));

    lru.remove(a);
    lru.remove(b); // from the waiting tree
    lru.remove(d); // the list's end
    assertEquals(List.of("c"), order(lru));

    b.lruSequence = ++clock; // a use: out, new sequence, back in at the end
    lru.add(b);
    lru.add(a); // a's old place is first
    assertEquals(List.of("a", "c", "b"), order(lru));
  }

  @Test
  void eachTierKeepsItsOwnLinks() {
    TierLru first = new TierLru(0, 2);
    TierLru second = new TierLru(1, 2);
    SimFile a = file("a");
    SimFile b = file("b");
    first.add(a);
    first.add(b);
    second.add(b);
    second.add(a); // a joins the second tier at its old place
    first.remove(a);
    assertEquals(List.of("b"), order(first));
    assertEquals(List.of("a", "b"), order(second));
  }
}
