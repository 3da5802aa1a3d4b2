package io.strata.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.sim.engine.BatchRunner;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.report.GroupResults;
import io.strata.sim.report.ScenarioReport;
import io.strata.sim.trace.TraceSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Adds a scenario once, as docs/architecture.md's checklist says: a class implementing {@link Scenario} with its
 * spec, trace, runs and metrics, run the way {@code strata simulate --scenario} runs one (its groups through
 * {@link BatchRunner}, written by {@link ScenarioReport}). A shipped scenario is also listed in {@link Scenarios#ALL}.
 */
class AddScenarioTest {
  /** Two nodes of one HDD and one SSD each; four jobs scan the same 1 GB file, from disk or from SSD. */
  static final class TwoNodeScan implements Scenario {
    static final String SPEC = """
        name: two-node
        description: two nodes, one HDD and one SSD each
        network: {nicGbps: 10, rackUplinkGbps: 20}
        tiers:
          - {name: ssd, storageType: SSD}
          - {name: hdd, storageType: DISK}
        racks:
          - name: /rack1
            nodes:
              - host: n1
                volumes:
                  - {device: hdd, capacity: 100GB}
                  - {device: sata-ssd, capacity: 20GB}
              - host: n2
                volumes:
                  - {device: hdd, capacity: 100GB}
                  - {device: sata-ssd, capacity: 20GB}
        """;

    @Override
    public String name() {
      return "two-node-scan";
    }

    @Override
    public String description() {
      return "four scans of one 1 GB file on two nodes, from HDD vs from SSD";
    }

    @Override
    public String specText() {
      return SPEC;
    }

    @Override
    public List<RunGroup> groups(Options options) {
      StringBuilder jobs = new StringBuilder();
      for (int job = 1; job <= 4; job++) {
        jobs.append("scan").append(job).append("\t0\t0\t1000000000\t0\t0\t/scan/input\t\n");
      }
      TraceSource trace = TraceSource.ofText("four-scans", jobs.toString());
      List<SimConfig> runs = new ArrayList<>();
      for (String[] tier : new String[][] {{"HDD", "ratio:0"}, {"SSD", "ratio:1"}}) {
        runs.add(SimConfig.builder(ClusterSpecs.parse(name(), SPEC), trace, tier[1], "network")
            .label(tier[0]).byteScale(1.0).replication(2).capacityRule(CapacityRule.FALLBACK).seed(options.seed())
            .build());
      }
      return List.of(new RunGroup("two-node scan", runs));
    }

    @Override
    public List<Metric> metrics() {
      return List.of(Metric.READ_THROUGHPUT, Metric.MAKESPAN);
    }

    @Override
    public List<String> notes() {
      return List.of("A checklist example, not a paper's experiment.");
    }
  }

  @Test
  void aNewScenarioRunsOnItsSpecAndTraceAndWritesItsResults(@TempDir Path dir) throws Exception {
    Scenario scenario = new TwoNodeScan();
    List<GroupResults> grouped = new ArrayList<>();
    for (Scenario.RunGroup group : scenario.groups(Scenario.Options.defaults())) {
      grouped.add(new GroupResults(group.title(), BatchRunner.run(group.runs(), 1, false)));
    }
    List<Path> written = ScenarioReport.write(dir, scenario.name(), grouped, scenario.metrics(), scenario.sweeps(),
        scenario.specText());

    assertEquals(List.of("results.csv", "results.json", "two-node-scan.png", "spec.yaml"),
        written.stream().map(p -> p.getFileName().toString()).toList());
    List<String> csv = Files.readAllLines(dir.resolve("results.csv"));
    assertEquals(3, csv.size(), "a header and one row per run: " + csv);
    assertTrue(csv.get(1).startsWith("HDD,ratio:0,network,none,42,two-node,2,1,four-scans,"), csv.get(1));
    assertTrue(csv.get(2).startsWith("SSD,ratio:1,network,none,42,two-node,2,1,four-scans,"), csv.get(2));
    assertEquals(TwoNodeScan.SPEC, Files.readString(dir.resolve("spec.yaml")));

    var hdd = grouped.get(0).results().get(0);
    var ssd = grouped.get(0).results().get(1);
    assertEquals(4, hdd.jobs());
    assertEquals(4 * 1_000_000_000L, hdd.io().bytesRead());
    assertEquals(1.0, hdd.io().shareByTier().get("hdd"), 1e-12);
    assertEquals(1.0, ssd.io().shareByTier().get("ssd"), 1e-12);
    assertTrue(ssd.io().throughputMBps() > hdd.io().throughputMBps(),
        "SSD reads faster: " + ssd.io().throughputMBps() + " vs " + hdd.io().throughputMBps() + " MB/s");
    assertTrue(ssd.time().makespanSeconds() < hdd.time().makespanSeconds());
  }
}
