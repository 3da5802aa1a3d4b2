package io.strata.bench.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proof at a small size: whatif's predicted order of the candidates matches the order measured on the
 * embedded cluster with each candidate applied, and each predicted read-throughput ratio is within 25% of the
 * measured one.
 */
@Tag("long")
class WhatifPredictionIT {
  @TempDir
  Path dir;

  @Test
  void predictedOrderAndRatiosMatchTheEmbeddedCluster() throws Exception {
    List<WhatifPrediction.Row> rows = WhatifPrediction.run(dir, WhatifPrediction.Settings.small(),
        WhatifPrediction.candidates(), System.out);
    String table = WhatifPrediction.table(rows);
    System.out.print(table);
    assertEquals(order(rows, Comparator.comparingDouble(WhatifPrediction.Row::predictedRatio)),
        order(rows, Comparator.comparingDouble(WhatifPrediction.Row::measuredRatio)), table);
    for (WhatifPrediction.Row row : rows) {
      assertTrue(row.relativeError() <= 0.25, row.candidate() + " off by more than 25%\n" + table);
    }
  }

  private static List<String> order(List<WhatifPrediction.Row> rows, Comparator<WhatifPrediction.Row> by) {
    return rows.stream().sorted(by).map(WhatifPrediction.Row::candidate).toList();
  }
}
