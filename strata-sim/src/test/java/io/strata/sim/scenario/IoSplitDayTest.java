package io.strata.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.sim.engine.BatchRunner;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.report.ComparisonTable;
import io.strata.sim.report.GroupResults;
import io.strata.sim.report.ScenarioReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** io-split over the first jobs of the FB-2010 day, its four set-ups, as {@code simulate --scenario} runs it. */
class IoSplitDayTest {
  @TempDir
  Path dir;

  @Test
  void eachSetUpPutsJobDataAndIntermediateDataOnItsTiersAndTheThesisSplitSparesTheSsd() throws Exception {
    IoSplitDay scenario = new IoSplitDay();
    List<Scenario.RunGroup> groups = scenario.groups(new Scenario.Options(42, 200));
    assertEquals(1, groups.size());
    List<SimResult> results = BatchRunner.run(groups.get(0).runs(), 1, false);
    assertEquals(List.of("ssd-only", "hdd-only", "thesis", "reverse"),
        results.stream().map(r -> r.run().label()).toList());
    SimResult ssdOnly = results.get(0);
    SimResult hddOnly = results.get(1);
    SimResult thesis = results.get(2);
    SimResult reverse = results.get(3);

    long intermediate = ssdOnly.intermediate().writtenBytesByTier().get("ssd");
    assertTrue(intermediate > 0, "the first 200 jobs shuffle");
    for (SimResult r : results) {
      assertEquals("full", r.intermediate().model());
      assertEquals(intermediate, r.intermediate().writtenBytesByTier().values().stream().mapToLong(v -> v).sum(),
          r.run().label() + ": the same jobs write the same intermediate bytes, wherever they go");
      assertEquals(0, r.storage().evictedFiles() + r.storage().fallbacks(), r.run().label() + ": everything fits");
    }
    assertEquals(0L, thesis.intermediate().writtenBytesByTier().get("ssd"));
    assertEquals(intermediate, thesis.intermediate().writtenBytesByTier().get("hdd"));
    assertEquals(0L, reverse.intermediate().writtenBytesByTier().get("hdd"));
    // The thesis's split writes the job output to SSD and nothing else; the reverse split only intermediate data.
    assertEquals(ssdOnly.bytesWrittenByJobs("ssd") - intermediate, thesis.bytesWrittenByJobs("ssd"));
    assertEquals(intermediate, reverse.bytesWrittenByJobs("ssd"));
    assertEquals(0L, hddOnly.bytesWritten("ssd"));
    assertTrue(hddOnly.time().totalJobSeconds() > ssdOnly.time().totalJobSeconds());
    assertTrue(ssdOnly.time().p50JobSeconds() <= ssdOnly.time().p90JobSeconds()
        && ssdOnly.time().p90JobSeconds() <= ssdOnly.time().p99JobSeconds());

    GroupResults group = new GroupResults(groups.get(0).title(), results);
    String writes = ComparisonTable.writes(group);
    assertTrue(writes.contains("interm. wr ssd") && writes.contains("thesis"), writes);
    List<Path> written = ScenarioReport.write(dir, scenario.name(), List.of(group), scenario.metrics(),
        scenario.sweeps(), scenario.specText());
    assertTrue(written.contains(dir.resolve("io-split.png")));
    String csv = Files.readString(dir.resolve("results.csv"));
    assertTrue(csv.contains("intermediate_written_bytes_ssd") && csv.contains("p99_job_s"),
        csv.lines().findFirst().orElse(""));
    assertTrue(Files.readString(dir.resolve("spec.yaml")).contains("intermediate: hdd"));
  }
}
