package io.strata.bench.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.DeclaredTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsPageTest {
  private static final DeclaredTarget TARGET = new DeclaredTarget("TestDFSIO read, 4 maps", "tier-aware + adaptive",
      "network + network", 1.40, true);

  static BenchResult result(List<Double> ratios, boolean cpuBound) {
    return new BenchResult("hadoop", "strata bench hadoop --preset hats --rounds 3", "2026-11-28T20:00:00Z",
        "0e8aaf5abcde", ratios.size(), List.of(3.5, 4.25), 0.62, cpuBound, "tier-aware + adaptive",
        List.of(BenchResult.Row.of("testdfsio-read, throughput to network + network", "network + network", "x",
            List.of(1.0, 1.0, 1.0), false),
            BenchResult.Row.of("testdfsio-read, throughput to network + network",
                "tier-aware + adaptive", "x", ratios, cpuBound)),
        List.of(TARGET.result(ratios, cpuBound)));
  }

  @Test
  void aResultSurvivesItsJsonFile(@TempDir Path dir) throws IOException {
    BenchResult result = result(List.of(1.5, 1.38, 2.0), false);
    result.write(dir.resolve("results/hadoop-hats.json"));
    assertEquals(result, BenchResult.read(dir.resolve("results/hadoop-hats.json")));
    assertEquals(Map.of("hadoop-hats", result), ResultsPage.load(dir.resolve("results")));
    Files.writeString(dir.resolve("results/broken.json"), "{\"bench\": 3");
    IOException broken = assertThrows(IOException.class, () -> ResultsPage.load(dir.resolve("results")));
    assertTrue(broken.getMessage().contains("broken.json: not a bench result"), broken.getMessage());
  }

  @Test
  void aTargetIsRecordedWithItsWorstRoundAndVerdict() {
    BenchResult.Target missed = TARGET.result(List.of(1.5, 1.38, 2.0), false);
    assertEquals(new BenchResult.Target("TestDFSIO read, 4 maps", "tier-aware + adaptive", "network + network",
        ">= 1.40x", 1.38, 1.5, 3, "MISSED", false), missed);
    assertEquals("not judged: cpu-bound", TARGET.result(List.of(2.0, 2.0, 2.0), true).verdict());
    assertTrue(TARGET.result(List.of(2.0, 2.0, 2.0), false).met());
    assertTrue(Double.isNaN(TARGET.result(List.of(), false).worst()));
  }

  @Test
  void onlyTheMarkedBlockIsRebuiltAndTheProseKept() {
    String page = "# Results\n\nProse before.\n\n<!-- suite:hadoop-hats -->\nold figures 9.99x\n"
        + "<!-- /suite:hadoop-hats -->\n\nProse after, 1.23x by hand.\n";
    String regenerated = ResultsPage.regenerate(page, Map.of("hadoop-hats", result(List.of(1.5, 1.38, 2.0), false)));
    assertTrue(regenerated.startsWith("# Results\n\nProse before.\n\n<!-- suite:hadoop-hats -->\n"
        + "`strata bench hadoop --preset hats --rounds 3` · 2026-11-28T20:00:00Z · commit 0e8aaf5abcde · 3 round(s) · "
        + "CPU 62% busy, load average 3.5, 4.3 (start, end) · declared: `tier-aware + adaptive` · [JSON](results/hadoop-hats.json), "
        + "[output](results/hadoop-hats.txt)\n\n"), regenerated);
    assertTrue(regenerated.contains("| testdfsio-read, throughput to network + network | tier-aware + adaptive | "
        + "1.50x | 1.38x | 2.00x | 3 |  |\n"), regenerated);
    assertTrue(regenerated.contains("| TestDFSIO read, 4 maps | tier-aware + adaptive | network + network | >= 1.40x"
        + " | 1.38x | 1.50x | 3 | MISSED |\n<!-- /suite:hadoop-hats -->\n\nProse after, 1.23x by hand.\n"),
        regenerated);
    assertTrue(!regenerated.contains("9.99x"), regenerated);
    assertEquals(regenerated, ResultsPage.regenerate(regenerated, Map.of("hadoop-hats", result(List.of(1.5, 1.38,
        2.0), false))), "regenerating twice changes nothing");
  }

  @Test
  void aResultWithoutABlockGetsOneAtTheEndAndABlockWithoutResultIsRefused() {
    String appended = ResultsPage.regenerate("# Results\n", Map.of("tier-move", result(List.of(1.5, 1.5, 1.5),
        false)));
    assertTrue(appended.startsWith("# Results\n\n<!-- suite:tier-move -->\n"), appended);
    assertTrue(appended.endsWith("<!-- /suite:tier-move -->\n"), appended);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> ResultsPage.regenerate(
        "<!-- suite:energy -->\n| a | 1 |\n<!-- /suite:energy -->\n", Map.of()));
    assertTrue(e.getMessage().contains("suite:energy has no results/energy.json"), e.getMessage());
  }

  @Test
  void aTableFigureWithNoJsonBehindItIsFound() {
    Map<String, BenchResult> results = Map.of("hadoop-hats", result(List.of(1.5, 1.38, 2.0), true));
    String backed = ResultsPage.regenerate("<!-- suite:hadoop-hats -->\n<!-- /suite:hadoop-hats -->\n", results);
    assertTrue(backed.contains("CPU 62% busy (**cpu-bound**)"), backed);
    assertTrue(backed.contains("| 1.50x | 1.38x | 2.00x | 3 | cpu-bound |"), backed);
    assertEquals(List.of(), ResultsPage.unbacked(backed, results));

    String preSuite = "<!-- pre-suite -->\n| what | headline |\n|---|---|\n| retrieval | 1.379x |\n<!-- /pre-suite -->\n";
    assertEquals(List.of(), ResultsPage.unbacked(backed + "\nProse may say 1.38x.\n\n" + preSuite, results),
        "figures in prose and in tables marked as recorded before the suite are not checked");

    assertEquals(List.of("a table figure with no JSON behind it: | retrieval | 1.379x |"),
        ResultsPage.unbacked(backed + "\n| what | headline |\n|---|---|\n| retrieval | 1.379x |\n", results));
    assertEquals(List.of("block suite:hadoop-hats: differs from results/hadoop-hats.json (figures edited by hand, "
        + "or not regenerated: strata bench suite --no-run)"),
        ResultsPage.unbacked(backed.replace("| 1.50x | 1.38x |", "| 1.60x | 1.38x |"), results));
    assertEquals(List.of("block suite:hadoop-hats: no results/hadoop-hats.json behind it"),
        ResultsPage.unbacked(backed, Map.of()));
  }

  @Test
  void valuesKeepThreeSignificantDigits() {
    assertEquals("1.94x", ResultsPage.value(1.9351, "x"));
    assertEquals("318 MB/s", ResultsPage.value(318.1, "MB/s"));
    assertEquals("13.2 s", ResultsPage.value(13.17, "s"));
    assertEquals("100%", ResultsPage.value(100, "%"));
    assertEquals("0%", ResultsPage.value(0, "%"));
    assertEquals("-", ResultsPage.value(Double.NaN, "x"));
  }
}
