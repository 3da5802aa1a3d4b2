package io.strata.hdfs.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class InodeIdMapTest {
  @Test
  void keepsTheFirstValueOfEachIdAndGrowsPastItsExpectedSize() {
    InodeIdMap map = new InodeIdMap(10);
    for (long id = 16385; id < 16385 + 100_000; id += 1) {
      assertTrue(map.putIfAbsent(id * 7, (int) (id % 1000)));
    }
    assertFalse(map.putIfAbsent(16385 * 7, 5), "an id keeps its first value");
    assertEquals(100_000, map.size());
    for (long id = 16385; id < 16385 + 100_000; id += 1) {
      assertEquals((int) (id % 1000), map.get(id * 7));
    }
    assertEquals(InodeIdMap.ABSENT, map.get(16386));
  }
}
