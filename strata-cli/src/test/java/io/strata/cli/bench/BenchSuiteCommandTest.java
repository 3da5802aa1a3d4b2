package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.bench.protocol.BenchResult;
import io.strata.cli.CliRun;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata bench suite}'s rebuilding of results.md and its option checks; the benches themselves are not run. */
class BenchSuiteCommandTest {
  private final CliRun cli = new CliRun();

  @Test
  void noRunRebuildsTheMarkedTablesFromTheJsonAndKeepsTheProse(@TempDir Path docs) throws IOException {
    new BenchResult("tier-move", "strata bench tier-move --size 32MiB --rounds 3", "2026-11-28T20:00:00Z", "abc",
        3, List.of(1.0, 2.0), 0.5, false, "strata", List.of(BenchResult.Row.of("move to SSD", "strata", "s",
            List.of(12.0, 13.0, 14.0), false)),
        List.of()).write(docs.resolve("results/tier-move.json"));
    Files.writeString(docs.resolve("results.md"), "# Results\n\nBy hand.\n\n<!-- suite:tier-move -->\nstale\n"
        + "<!-- /suite:tier-move -->\n\nAlso by hand.\n");
    assertEquals(0, cli.strata("bench", "suite", "--no-run", "--docs", docs.toString()), cli.stderr());
    String page = Files.readString(docs.resolve("results.md"));
    assertTrue(page.startsWith("# Results\n\nBy hand.\n\n<!-- suite:tier-move -->\n`strata bench tier-move --size "
        + "32MiB --rounds 3`"), page);
    assertTrue(page.contains("| move to SSD | strata | 13.0 s | 12.0 s | 14.0 s | 3 |  |\n<!-- /suite:tier-move -->"
        + "\n\nAlso by hand.\n"), page);
  }

  @Test
  void badInputIsRefusedBeforeAnythingRuns(@TempDir Path docs) throws IOException {
    assertEquals(2, cli.strata("bench", "suite", "--no-run", "--docs", docs.toString()));
    assertTrue(cli.stderr().contains("no results.md there"), cli.stderr());
    Files.writeString(docs.resolve("results.md"), "<!-- suite:energy -->\n<!-- /suite:energy -->\n");
    assertEquals(2, cli.strata("bench", "suite", "--docs", docs.toString(), "--only", "tier-move,nosuch"));
    assertTrue(cli.stderr().contains("--only: unknown bench 'nosuch' (known: tier-move, retrieval, hadoop-hats, "
        + "hadoop-hdfsh)"),
        cli.stderr());
    assertEquals(2, cli.strata("bench", "suite", "--no-run", "--docs", docs.toString()));
    assertTrue(cli.stderr().contains("the block suite:energy has no results/energy.json behind it"), cli.stderr());
  }

  @Test
  void theRecordedCommandLineLeavesOutWhereTheResultWent() {
    assertEquals("strata bench tier-move --size 32MiB", ResultJsonOption.commandLine(List.of("bench", "tier-move",
        "--result-json", "/tmp/x.json", "--size", "32MiB")));
    assertEquals("strata bench tier-move", ResultJsonOption.commandLine(List.of("bench", "tier-move",
        "--result-json=/tmp/x.json")));
  }
}
