package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.bench.protocol.BenchResult;
import io.strata.cli.CliRun;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --result-json} end to end on the cheapest bench that uses it, {@code strata bench retrieval} at a tiny size:
 * the result names the command as typed, carries each policy's rounds and the CPU's busy share.
 */
class ResultJsonIT {
  @Test
  void retrievalWritesItsRoundsAsAResult(@TempDir Path dir) throws Exception {
    CliRun cli = new CliRun();
    Path file = dir.resolve("results/retrieval.json");
    assertEquals(0, cli.strata("bench", "retrieval", "--size", "1MiB", "--rounds", "2", "--result-json",
        file.toString()), cli.stderr());
    BenchResult result = BenchResult.read(file);
    assertEquals("retrieval", result.bench());
    assertEquals("strata bench retrieval --size 1MiB --rounds 2", result.commandLine());
    assertEquals(2, result.rounds());
    assertFalse(result.gitCommit().isEmpty());
    assertTrue(result.cpuBusyShare() > 0 && result.cpuBusyShare() <= 1, "busy share " + result.cpuBusyShare());
    assertEquals(2, result.loadAverage().size());
    List<BenchResult.Row> ratios = result.rows().stream()
        .filter(r -> r.measure().equals("aggregate read throughput to stock-best")).toList();
    assertEquals(result.rows().size() / 2, ratios.size(), result.rows().toString());
    assertEquals("stock-best", ratios.get(0).configuration());
    assertEquals(1.0, ratios.get(0).median(), 1e-12, "stock-best's ratio to itself");
    for (BenchResult.Row row : result.rows()) {
      assertEquals(2, row.rounds(), row.toString());
      assertTrue(row.min() > 0 && row.min() <= row.median() && row.median() <= row.max(), row.toString());
    }
    assertTrue(cli.stdout().contains("ratio to stock-best"), cli.stdout());
  }
}
