package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.sim.scenario.Scenarios;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
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
    assertTrue(stderr().contains("--placement lists 2 policies, --retrieval 3 and --popularity 1"), stderr());
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
  void anAdvisorConfigReachesTheSimulatedAdvisors(@TempDir Path dir) throws Exception {
    // The aptstore scenario's cluster and placement, one AptStore run over its first 3,000 jobs (a few hours).
    Path spec = dir.resolve("aptstore-500.yaml");
    Files.writeString(spec, Scenarios.get("aptstore").specText());
    String[] run = {"simulate", "--spec", spec.toString(), "--trace", "fb2010-paths", "--placement", "default",
        "--capacity", "fallback", "--popularity", "aptstore", "--jobs", "3000", "--json", "--no-progress"};
    JsonNode plain = simulate(run).get("storage");
    long plainFiler = plain.get("peakBytesByTier").get("filer").asLong();
    assertTrue(plainFiler > 0, "without settings AptStore demotes files to the filer: " + plain);

    Path pinned = dir.resolve("pinned.yaml");
    Files.writeString(pinned, "pins: [{path: /, neverDemote: true}]\n");
    JsonNode kept = simulate(withAdvisorConfig(run, pinned)).get("storage");
    assertEquals(0, kept.get("peakBytesByTier").get("filer").asLong(), kept.toString());
    assertEquals(0, kept.get("movedBytes").asLong(), kept.toString());

    // s = 1 takes so little off unread files each hour that almost none falls below the cold bound (SIM_PPA's
    // reason for 1e-3).
    Path slowDecay = dir.resolve("slow-decay.yaml");
    Files.writeString(slowDecay, "ppa: {scalability: 1}\n");
    JsonNode slow = simulate(withAdvisorConfig(run, slowDecay)).get("storage");
    assertTrue(slow.get("peakBytesByTier").get("filer").asLong() < plainFiler / 100, slow.toString());

    Path broken = dir.resolve("broken.yaml");
    Files.writeString(broken, "ppa:\n  scalability: -1\n");
    assertEquals(2, StrataCli.execute(withAdvisorConfig(run, broken)));
    assertTrue(stderr().contains("broken.yaml:2:") && stderr().contains("scalability"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--spec", spec.toString(), "--trace", "fb2010-paths",
        "--advisor-config", pinned.toString()));
    assertTrue(stderr().contains("--advisor-config " + pinned + " applies to runs with a popularity policy"),
        stderr());
  }

  private JsonNode simulate(String... args) throws Exception {
    out.reset();
    assertEquals(0, StrataCli.execute(args), stderr());
    return new ObjectMapper().readTree(stdout()).get(0);
  }

  private static String[] withAdvisorConfig(String[] args, Path file) {
    String[] all = Arrays.copyOf(args, args.length + 2);
    all[args.length] = "--advisor-config";
    all[args.length + 1] = file.toString();
    return all;
  }

  @Test
  void theHybridNodePresetsIntermediateTierTakesEveryIntermediateWriteUnderTheFullModel() {
    assertEquals(0, StrataCli.execute("simulate", "--preset", "hybrid-node", "--trace", "fb2009-50", "--placement",
        "layout:ssd+ssd+ssd", "--intermediate-io", "full", "--jobs", "20", "--no-progress"));
    String writes = stdout().lines().dropWhile(l -> !l.contains("bytes written and read by tier")).skip(2)
        .findFirst().orElseThrow(() -> new AssertionError(stdout()));
    // run, then per tier (ssd, hdd): input loads, output, intermediate written, intermediate read.
    String[] cells = writes.trim().split("\\s+");
    assertEquals(0.0, Double.parseDouble(cells[3]), writes + ": nothing intermediate on the SSD");
    assertTrue(Double.parseDouble(cells[7]) > 0, writes + ": intermediate data on the HDD (intermediate: hdd)");
  }

  @Test
  void listNamesEveryScenarioAndTraceWithTheirDescriptionsInOneColumn() {
    assertEquals(0, StrataCli.execute("simulate", "--list"));
    List<String> scenarioLines = stdout().lines().filter(l -> l.startsWith("  ")).limit(Scenarios.ALL.size())
        .toList();
    for (int i = 0; i < Scenarios.ALL.size(); i++) {
      String line = scenarioLines.get(i);
      assertTrue(line.startsWith("  " + Scenarios.ALL.get(i).name() + " "), line);
      assertEquals(scenarioLines.get(0).indexOf(Scenarios.ALL.get(0).description()),
          line.indexOf(Scenarios.ALL.get(i).description()), "descriptions start in one column:\n" + stdout());
    }
    assertTrue(stdout().contains("fb2010-paths  Facebook 2010 with anonymized input paths"), stdout());
  }

  @Test
  void badInputIsRefusedWithExitTwoAndNamed(@TempDir Path dir) {
    assertEquals(2, StrataCli.execute("simulate", "--scenario", "hats-5000"));
    assertTrue(stderr().contains(
        "unknown scenario 'hats-5000' (known: hats-500, aptstore, aptstore-contention, hdfsh-sort, energy-500, "
            + "io-split)"),
        stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", dir.resolve("none.tsv").toString()));
    assertTrue(stderr().contains("none.tsv': no such file"), stderr());
    assertEquals(2,
        StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--placement", "fastest"));
    assertTrue(stderr().contains("unknown placement policy 'fastest'"), stderr());
    assertEquals(2,
        StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--retrieval", "psychic"));
    assertTrue(stderr().contains("unknown retrieval policy 'psychic'"), stderr());
    assertEquals(2,
        StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--popularity", "aptstor"));
    assertTrue(
        stderr().contains("unknown popularity policy 'aptstor' (known: none, scarlett, aptstore-perf, aptstore)"),
        stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats"));
    assertTrue(stderr().contains("--trace FILE|NAME is missing: the jobs to replay on hats"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "nope"));
    assertTrue(stderr().contains("unknown preset 'nope'"), stderr());
    assertEquals(2, StrataCli.execute("simulate"));
    assertTrue(stderr().contains("give --scenario NAME, or --spec FILE (or --preset NAME) and --trace FILE|NAME (see "
        + "--list)"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--scenario", "hats-500", "--map-slots", "1"));
    assertTrue(stderr().contains("--map-slots applies to your own runs"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hybrid-node", "--trace", "fb2009-50",
        "--intermediate-io", "some"));
    assertTrue(stderr().contains("--intermediate-io: unknown intermediate I/O model 'some': expected one of "
        + "fetches, full"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--input-model",
        "0.5,abc,1"));
    assertTrue(stderr().contains("--input-model '0.5,abc,1': 'abc' is not a number"), stderr());
    assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", "--input-model",
        "1.5,0.01,1"));
    assertTrue(stderr().contains("--input-model '1.5,0.01,1': input model: fresh share must be within [0, 1]"),
        stderr());
    String[][] numbers = {{"--replication", "0", "--replication must be >= 1, got 0"},
        {"--map-slots", "0", "--map-slots must be >= 1, got 0"},
        {"--reduce-slots", "-2", "--reduce-slots must be >= 1, got -2"},
        {"--byte-scale", "-1", "--byte-scale must be a finite number > 0, got -1.0"},
        {"--byte-scale", "Infinity", "--byte-scale must be a finite number > 0, got Infinity"}};
    for (String[] bad : numbers) {
      assertEquals(2, StrataCli.execute("simulate", "--preset", "hats", "--trace", "fb2009-50", bad[0], bad[1]));
      assertTrue(stderr().contains(bad[2]), bad[0] + " " + bad[1] + ": " + stderr());
    }
  }

  @Test
  void popularityPoliciesRunSideBySideOnAnInputModelOfOnesChoosing(@TempDir Path dir) throws Exception {
    // Ten jobs at once, each reading 640 MB. Every job reads one of two datasets (0.2 x 10 jobs), so maps of
    // different jobs read the same blocks at the same time; with a fresh dataset per job none do.
    Path trace = dir.resolve("burst.tsv");
    StringBuilder jobs = new StringBuilder();
    for (int i = 0; i < 10; i++) {
      jobs.append("j").append(i).append("\t0\t0\t640000000\t0\t0\n");
    }
    Files.writeString(trace, jobs);
    assertEquals(0, StrataCli.execute("simulate", "--preset", "aptstore", "--trace", trace.toString(),
        "--placement", "default", "--capacity", "fallback", "--popularity", "none,scarlett,aptstore",
        "--input-model", "0,0.2,1", "--json", "--no-progress"), stderr());
    JsonNode runs = new ObjectMapper().readTree(stdout());
    assertEquals(3, runs.size());
    assertEquals("none", runs.get(0).get("run").get("popularity").asText());
    assertEquals("default/network", runs.get(0).get("run").get("label").asText());
    assertEquals("scarlett", runs.get(1).get("run").get("popularity").asText());
    assertEquals("default/network aptstore", runs.get(2).get("run").get("label").asText());
    double shared = runs.get(0).get("io").get("sharedBlockReadShare").asDouble();
    assertTrue(shared > 0.5, "ten jobs over two datasets: most reads meet another: " + shared);

    out.reset();
    assertEquals(0, StrataCli.execute("simulate", "--preset", "aptstore", "--trace", trace.toString(),
        "--placement", "default", "--capacity", "fallback", "--input-model", "1,0.2,1", "--json", "--no-progress"),
        stderr());
    JsonNode fresh = new ObjectMapper().readTree(stdout());
    assertEquals(0, fresh.get(0).get("io").get("sharedBlockReadShare").asDouble(), 1e-12,
        "every job reads its own dataset: no read meets another");
  }
}
