package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata simulate} as a user runs it. */
class SimulateCommandTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream oldOut;
  private PrintStream oldErr;

  @BeforeEach
  void capture() {
    oldOut = System.out;
    oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(oldOut);
    System.setErr(oldErr);
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aScenarioPrintsItsTableAndWritesCsvJsonChartAndSpec(@TempDir Path dir) throws Exception {
    Path results = dir.resolve("hats");
    assertEquals(0, StrataCli.execute("simulate", "--scenario", "hats-500", "--jobs", "60", "--no-progress",
        "--out", results.toString()), stderr());
    String table = stdout();
    assertTrue(table.contains("ratios to 'network/network'"), table);
    for (String run : new String[] {"tier-aware/tier-weighted", "hybrid/hybrid", "hybrid/adaptive"}) {
      assertTrue(table.contains(run), run + " missing from\n" + table);
    }
    String csv = Files.readString(results.resolve("results.csv"));
    assertEquals(5, csv.lines().count(), "header and four runs:\n" + csv);
    assertTrue(csv.lines().findFirst().orElseThrow().contains("avg_io_rate_mbps"));
    JsonNode json = new ObjectMapper().readTree(results.resolve("results.json").toFile());
    assertEquals(4, json.size());
    assertEquals(60, json.get(0).get("jobs").asLong());
    byte[] png = Files.readAllBytes(results.resolve("hats-500.png"));
    assertEquals((byte) 0x89, png[0]);
    assertEquals('P', png[1]);
    assertTrue(Files.readString(results.resolve("spec.yaml")).contains("host: r25n20"));
  }

  @Test
  void oneRunFromASpecAndATraceFilePrintsJson(@TempDir Path dir) throws Exception {
    Path trace = dir.resolve("t.tsv");
    Files.writeString(trace, "j0\t0\t0\t300000000\t1000000\t2000000\nbroken\nj1\t5\t5\t100000000\t0\t0\n");
    assertEquals(0, StrataCli.execute("simulate", "--preset", "hats", "--trace", trace.toString(), "--placement",
        "tier-aware", "--retrieval", "tier-weighted", "--seed", "3", "--json"), stderr());
    JsonNode json = new ObjectMapper().readTree(stdout());
    assertEquals(1, json.size());
    assertEquals(2, json.get(0).get("jobs").asLong());
    assertEquals("tier-aware", json.get(0).get("run").get("placement").asText());
    assertEquals(1, json.get(0).get("run").get("skippedLines").asLong());
    assertTrue(stderr().contains(trace + ":2: expected at least 6"), stderr());
  }

  @Test
  void listsOfPoliciesRunSideBySideAgainstTheFirst(@TempDir Path dir) throws Exception {
    assertEquals(0, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--byte-scale", "0.01",
        "--placement", "network,tier-aware,hybrid", "--retrieval", "network,tier-weighted,adaptive", "--no-progress",
        "--out", dir.toString()), stderr());
    assertTrue(stdout().contains("ratios to 'network/network'"), stdout());
    assertTrue(stdout().contains("hybrid/adaptive"), stdout());
    assertEquals(4, Files.readString(dir.resolve("results.csv")).lines().count());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50",
        "--placement", "network,hybrid", "--retrieval", "network,hybrid,adaptive"));
    assertTrue(stderr().contains("--placement lists 2 policies and --retrieval 3"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50",
        "--placement", "network,hybird"));
    assertTrue(stderr().contains("unknown placement policy 'hybird'"), stderr());
  }

  @Test
  void theDeviceModelOptionReachesScenarioAndOwnRuns(@TempDir Path dir) throws Exception {
    assertEquals(0, StrataCli.execute("simulate", "--scenario", "hats-500", "--jobs", "20", "--device-model",
        "per-volume", "--no-progress", "--out", dir.resolve("s").toString()), stderr());
    assertTrue(stdout().contains("[per-volume devices] - ratios to 'network/network'"), stdout());
    assertEquals(0, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--byte-scale", "0.01",
        "--device-model", "per-volume", "--json"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--device-model",
        "raid0"));
    assertTrue(stderr().contains("unknown device model 'raid0': expected one of pooled, per-volume"), stderr());
  }

  @Test
  void badInputIsRefusedWithExitTwoAndNamed(@TempDir Path dir) {
    assertEquals(2, StrataCli.execute("simulate", "--scenario", "hats-5000"));
    assertTrue(stderr().contains("unknown scenario 'hats-5000' (known: hats-500, aptstore, hdfsh-sort)"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", dir.resolve("none.tsv").toString()));
    assertTrue(stderr().contains("none.tsv': no such file"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--placement", "fastest"));
    assertTrue(stderr().contains("unknown placement policy 'fastest'"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--retrieval", "psychic"));
    assertTrue(stderr().contains("unknown retrieval policy 'psychic'"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--popularity", "aptstor"));
    assertTrue(stderr().contains("unknown popularity policy 'aptstor' (known: none, scarlett, aptstore-perf, aptstore)"),
        stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats"));
    assertTrue(stderr().contains("give --scenario NAME, or --spec FILE"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--scenario", "hats-500", "--map-slots", "1"));
    assertTrue(stderr().contains("--map-slots applies to your own runs"), stderr());
  }
}
