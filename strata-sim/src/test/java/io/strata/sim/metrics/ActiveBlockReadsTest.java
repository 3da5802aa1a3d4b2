package io.strata.sim.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ActiveBlockReadsTest {
  private static final String HOT = "/in/hot";
  private static final String OTHER = "/in/other";

  @Test
  void aReadMeetsAnotherOnlyOnTheSameBlockOfTheSameFileWhileItIsInFlight() {
    ActiveBlockReads reads = new ActiveBlockReads();
    assertFalse(reads.begin(HOT, 0));
    assertFalse(reads.begin(HOT, 1), "another block of the same file");
    assertFalse(reads.begin(OTHER, 0), "the same block index of another file");
    assertTrue(reads.begin(HOT, 0));
    reads.end(HOT, 0);
    assertTrue(reads.begin(HOT, 0), "one earlier read of block 0 is still in flight");
    reads.end(HOT, 0);
    reads.end(HOT, 0);
    assertFalse(reads.begin(HOT, 0), "both earlier reads ended");
  }

  @Test
  void aFileIsForgottenWhenItsLastReadEndsAndMayGrowWhileRead() {
    ActiveBlockReads reads = new ActiveBlockReads();
    reads.begin(HOT, 0);
    assertFalse(reads.begin(HOT, 40), "a block past the file's size when first read");
    assertTrue(reads.begin(HOT, 40));
    assertEquals(1, reads.files());
    reads.end(HOT, 0);
    reads.end(HOT, 40);
    reads.end(HOT, 40);
    assertEquals(0, reads.files());
  }

  @Test
  void anEndWithoutABeginIsAnError() {
    ActiveBlockReads reads = new ActiveBlockReads();
    reads.begin(HOT, 0);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> reads.end(HOT, 1));
    assertTrue(e.getMessage().contains("block 1 of /in/hot"), e.getMessage());
    assertThrows(IllegalStateException.class, () -> reads.end(OTHER, 0));
  }
}
