package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Equations 1 and 2 and Algorithm 1 against sequences computed by hand (in the comments). */
class PopularityPredictorTest {
  private static final PpaSettings SETTINGS = new PpaSettings(10, 1, 0.1, 100, 1, 1, 3600);
  private static final long F1 = 11;
  private static final long F2 = 22;

  @Test
  void equationOneRaisesPopularityByCOverIntervalLoadBlocksAndPopularity() {
    PopularityPredictor ppa = new PopularityPredictor(SETTINGS, 16);
    ppa.accessed(F1, 1, 0); // first access: P = AVG(P) = 1 (empty system)
    assertEquals(1.0, ppa.popularity(F1), 1e-6);
    ppa.accessed(F1, 1, 10_000); // a = 10 s, l = 1 (AVG(P) as the RT began), b = 1: P = 1 + 10/(10*1*1*1) = 2
    assertEquals(2.0, ppa.popularity(F1), 1e-6);
    ppa.accessed(F2, 1, 10_000); // new file: P = AVG(P) = 2
    assertEquals(2.0, ppa.popularity(F2), 1e-6);
    ppa.accessed(F1, 1, 15_000); // a = 5, l = 1 still, P = 2 + 10/(5*1*1*2) = 3
    assertEquals(3.0, ppa.popularity(F1), 1e-6);

    // End of RT: IP = (2-1) + (3-2) = 2, MIP = 2/2 = 1, s = 1: F1 = 3 - 1 = 2, F2 = 2 - 1 = 1.
    double mip = ppa.endReferenceTime(h -> {});
    assertEquals(1.0, mip, 1e-6);
    assertEquals(2.0, ppa.popularity(F1), 1e-6);
    assertEquals(1.0, ppa.popularity(F2), 1e-6);
    // The next RT's load is AVG(P) now, (2 + 1) / 2 = 1.5: F1 read 10 s after its last read gains 10/(10*1.5*1*2).
    ppa.accessed(F1, 1, 25_000);
    assertEquals(2 + 10 / (10 * 1.5 * 2), ppa.popularity(F1), 1e-6);
  }

  @Test
  void withTheLoadTakenAtEachAccessTheLoadGrowsWithinTheReferenceTime() {
    PopularityPredictor ppa = new PopularityPredictor(SETTINGS.withLoadPerAccess(true), 16);
    ppa.accessed(F1, 1, 0);
    ppa.accessed(F1, 1, 10_000); // 1 + 10/(10*1*1*1) = 2
    ppa.accessed(F2, 1, 10_000); // AVG(P) = 2
    ppa.accessed(F1, 1, 15_000); // a = 5, l = AVG(P) now = 2: P = 2 + 10/(5*2*1*2) = 2.5
    assertEquals(2.5, ppa.popularity(F1), 1e-6);
    // IP = 1 + 0.5 = 1.5, MIP = 0.75: F1 = 1.75, F2 = 1.25.
    assertEquals(0.75, ppa.endReferenceTime(h -> {}), 1e-6);
    assertEquals(1.75, ppa.popularity(F1), 1e-6);
    assertEquals(1.25, ppa.popularity(F2), 1e-6);
  }

  @Test
  void filesReadInTurnGainAlikeWhateverTheirOrderInTheLog() {
    PpaSettings settings = PpaSettings.defaults();
    for (boolean perAccess : new boolean[] {false, true}) {
      PopularityPredictor ppa = new PopularityPredictor(settings.withLoadPerAccess(perAccess), 16);
      long clock = 0;
      ppa.accessed(99, 1, clock);
      for (int round = 0; round < 15; round++) { // as 'hdfs dfs -cat a b c' every 2 s
        for (long file = 1; file <= 3; file++) {
          ppa.accessed(file, 1, clock += 5);
        }
        clock += 2000;
      }
      double first = ppa.popularity(1);
      double last = ppa.popularity(3);
      if (perAccess) {
        assertTrue(first > last * 1.5, "the first file of each burst gains most: " + first + " vs " + last);
      } else {
        assertEquals(first, last, 1e-6, "same reads, same popularity");
      }
    }
  }

  @Test
  void predictionExtrapolatesTheChangeOverTheReferenceTime() {
    PopularityPredictor ppa = new PopularityPredictor(SETTINGS, 16);
    ppa.accessed(F1, 1, 0);
    ppa.accessed(F1, 1, 10_000);
    ppa.accessed(F2, 1, 10_000);
    ppa.accessed(F1, 1, 15_000);
    double[] seen = new double[2];
    ppa.endReferenceTime(h -> {
      if (h == F1) {
        seen[0] = ppa.predicted(h);
      } else {
        seen[1] = ppa.predicted(h);
      }
    });
    // F1 started the RT at 1 and ends at 2: predicted 2 + 1 = 3.
    // F2 started at 2 and ends at 1: predicted 1 - 1 = 0, raised to P_min = 0.1.
    assertEquals(3.0, seen[0], 1e-6);
    assertEquals(0.1, seen[1], 1e-6);
    // Next RT with no access: Eq. 2 with IP = 0 leaves P; the prediction is flat.
    ppa.endReferenceTime(h -> {});
    assertEquals(2.0, ppa.predicted(F1), 1e-6);
  }

  @Test
  void largerFilesGainLessAndConcurrentAccessesCountAsOneSecondApart() {
    PopularityPredictor ppa = new PopularityPredictor(SETTINGS, 16);
    ppa.accessed(F1, 4, 0);
    ppa.accessed(F2, 1, 0);
    ppa.accessed(F1, 4, 0); // same instant: a = 1 s floor, b = 4: 1 + 10/(1*1*4*1) = 3.5
    assertEquals(3.5, ppa.popularity(F1), 1e-6);
  }

  @Test
  void boundsDeletionsAndRenames() {
    // c large enough that the second access alone would pass P_max.
    PopularityPredictor ppa = new PopularityPredictor(new PpaSettings(1e6, 1, 0.1, 100, 1, 1, 3600), 16);
    ppa.accessed(F1, 1, 0);
    ppa.accessed(F1, 1, 1000); // 1 + 1e6/(1*1*1*1): capped at P_max
    assertEquals(100, ppa.popularity(F1), 1e-4);
    ppa.created(F2, 1, 0); // AVG(P) = 100 at creation
    assertEquals(100, ppa.popularity(F2), 1e-4);
    ppa.renamed(F2, 33);
    assertTrue(Double.isNaN(ppa.popularity(F2)));
    assertEquals(100, ppa.popularity(33), 1e-4);
    ppa.deleted(33);
    assertEquals(1, ppa.files());
    // Deleting a file of popularity 100 when AVG(P) was 100 adds 0 to IP; F1's accesses added 99: MIP = 99.
    assertEquals(99, ppa.endReferenceTime(h -> {}), 1e-3);
    assertEquals(1.0, ppa.popularity(F1), 1e-3, "100 - 99");
  }

  @Test
  void stateStaysCompactPerFile() {
    PopularityPredictor ppa = new PopularityPredictor(PpaSettings.defaults(), 1_000_000);
    for (long i = 1; i <= 1_000_000; i++) {
      ppa.created(PathHash.of("/data/part-" + i), 1, 0);
    }
    double bytesPerFile = ppa.stateBytes() / (double) ppa.files();
    assertTrue(bytesPerFile < 64, "bytes per tracked file: " + bytesPerFile);
  }
}
