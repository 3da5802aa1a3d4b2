package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.apache.hadoop.net.Node;
import org.apache.hadoop.net.NodeBase;
import org.junit.jupiter.api.Test;

class AttemptExclusionsTest {
  private final Node given = new NodeBase("given", "/r1");
  private final Node tried = new NodeBase("tried", "/r1");
  private final Node chosen = new NodeBase("chosen", "/r2");
  private final Node other = new NodeBase("other", "/r2");

  @Test
  void anAttemptKeepsOnlyTheNodeItChoseAndNeverDropsWhatWasExcludedBefore() {
    AttemptExclusions excluded = new AttemptExclusions(Set.of(given));
    excluded.begin(null, null, null);
    excluded.add(tried);
    excluded.add(given); // already excluded: must survive the attempt's end
    excluded.add(chosen);
    excluded.end(chosen);
    assertEquals(Set.of(given, chosen), Set.copyOf(excluded));

    excluded.begin(null, null, null);
    excluded.add(tried);
    excluded.add(other);
    excluded.end(null); // a failed attempt leaves the set as it found it
    assertEquals(Set.of(given, chosen), Set.copyOf(excluded));

    excluded.add(other); // outside attempts nothing is undone
    excluded.begin(null, null, null);
    excluded.end(null);
    assertTrue(excluded.contains(other));
  }

  @Test
  void onlyAnAttemptWithAnIndexChoosesByTier() {
    AttemptExclusions excluded = new AttemptExclusions(null);
    assertTrue(excluded.isEmpty());
    assertFalse(excluded.choosesByTier());
    excluded.begin(null, null, null);
    assertFalse(excluded.choosesByTier(), "a writer-local attempt lets HDFS choose");
    excluded.end(null);
  }
}
