package io.strata.bench.tier;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.tier.TierMoveBenchmark.Phase;
import io.strata.bench.tier.TierMoveBenchmark.Trip;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The tier-move result as the suite records it: each contender's spread, then strata's ratios round by round. */
class TierMoveResultRowsTest {
  private static Trip trip(String contender, int round, double upSeconds, double readSeconds, double pcieShare) {
    return new Trip(contender, round, new Phase("up", 300_000_000L, upSeconds, ""),
        new Phase("read", 100_000_000L, readSeconds, ""), new Phase("down", 300_000_000L, 10, ""), pcieShare);
  }

  @Test
  void strataIsComparedWithEachStockMoverInTheSameRound() {
    List<Trip> trips = new ArrayList<>();
    for (int round = 0; round < 3; round++) {
      trips.add(trip("strata", round, 10, 0.25, 1));
      // The mover takes 20 s in the first round and 15 s in the others; its reads are half strata's rate.
      trips.add(trip("mover", round, round == 0 ? 20 : 15, 0.5, 0));
    }
    List<BenchResult.Row> rows = TierMoveBenchmark.resultRows(new TierMoveBenchmark.Result(List.of(), trips));
    assertEquals(new BenchResult.Row("move to SSD", "strata", "s", 10, 10, 10, 3, false), rows.get(0));
    assertEquals(new BenchResult.Row("read from SSD", "strata", "MB/s", 400, 400, 400, 3, false), rows.get(1));
    assertEquals(new BenchResult.Row("replica bytes on PCIe SSD", "mover", "%", 0, 0, 0, 3, false), rows.get(7));
    assertEquals(new BenchResult.Row("move to SSD, speed-up over mover", "strata", "x", 1.5, 1.5, 2.0, 3, false),
        rows.get(8));
    assertEquals(new BenchResult.Row("read from SSD afterwards, rate over mover's", "strata", "x", 2.0, 2.0, 2.0, 3,
        false), rows.get(9));
    assertEquals(10, rows.size(), "no rows for sps, which did not run");
  }
}
