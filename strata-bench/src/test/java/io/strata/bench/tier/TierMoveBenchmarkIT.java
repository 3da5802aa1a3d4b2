package io.strata.bench.tier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.Presets;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tier move against stock HDFS's Mover and Storage Policy Satisfier, two small rounds on the hats preset. */
class TierMoveBenchmarkIT {
  @Test
  void everyMoverTakesTheFileToSsdAndBackAndStrataAloneTargetsThePcieTier(@TempDir Path dir) throws Exception {
    long bytes = 16L << 20;
    TierMoveBenchmark.Result result = TierMoveBenchmark.run(Presets.load("hats"), Presets.text("hats"), dir, bytes,
        4, 2, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
    // Two rounds: strata and the Mover interleaved and rotated, then the satisfier's two (one satisfier for both).
    assertEquals(List.of("strata", "mover", "mover", "strata", "sps", "sps"), result.trips().stream()
        .map(TierMoveBenchmark.Trip::contender).toList());
    for (TierMoveBenchmark.Trip trip : result.trips()) {
      assertEquals(3 * bytes, trip.up().bytes(), trip.contender() + " moved every replica to SSD");
      assertEquals(bytes, trip.read().bytes(), trip.contender() + " read the whole file from SSD");
      assertTrue(trip.up().seconds() > 0 && trip.down().seconds() > 0, trip.toString());
    }
    assertEquals(1.0, result.of("strata").get(0).pcieShare(), 1e-9, "the tier API moves to the tier asked for");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    TierMoveBenchmark.printTable(result, new PrintStream(printed, true, StandardCharsets.UTF_8));
    String table = printed.toString(StandardCharsets.UTF_8);
    assertTrue(table.lines().anyMatch(line -> line.startsWith("sps ")), table);
    List<String> comparisons = TierMoveBenchmark.comparisons(result);
    assertEquals(2, comparisons.size(), comparisons.toString());
    assertTrue(comparisons.get(0).startsWith("strata vs mover (stock-best): move to SSD "), comparisons.get(0));
  }
}
