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

/** energy-500 on the first jobs of the FB-2010 day, its shortest-timeout group, as {@code simulate} runs it. */
class EnergyDayTest {
  @TempDir
  Path dir;

  @Test
  void sleepingBackupsSaveDiskEnergyTheOracleHidesEveryStallAndReadsStayOnPrimaries() throws Exception {
    EnergyDay scenario = new EnergyDay();
    List<Scenario.RunGroup> groups = scenario.groups(new Scenario.Options(42, 100));
    assertEquals(6, groups.size());
    assertTrue(groups.get(0).title().contains("66 s (1 min < break-even)"), groups.get(0).title());
    assertTrue(groups.get(5).title().contains("30 min"), groups.get(5).title());
    Scenario.RunGroup first = groups.get(0);
    assertTrue(first.runs().get(0) == groups.get(5).runs().get(0), "one native run serves every group");
    // Native, primary-backup awake, reactive and oracle (the predictive run is left to the recorded full run).
    List<SimResult> results = BatchRunner.run(List.of(first.runs().get(0), first.runs().get(1), first.runs().get(2),
        first.runs().get(4)), 2, false);
    SimResult nativeRun = results.get(0);
    SimResult awake = results.get(1);
    SimResult reactive = results.get(2);
    SimResult oracle = results.get(3);

    assertEquals(0, nativeRun.power().backupDisks(), "native has no backup tier");
    assertEquals(500, awake.power().backupDisks());
    for (SimResult r : results.subList(1, 4)) {
      assertEquals(0, r.power().backupReads(), r.run().label() + ": reads stay on primaries");
    }
    // Reactive waking: writes meet sleeping arrays and wait; the disks sleep most of the time.
    assertTrue(reactive.power().stalledIos() > 0);
    assertTrue(reactive.power().backupStateShare().get("standby") > 0.3, reactive.power().backupStateShare()
        .toString());
    // Average backup power falls; their energy need not, as stalled jobs stretch the run.
    assertTrue(reactive.power().backupJoules() / reactive.time().makespanSeconds() < 0.8 * awake.power().backupJoules()
        / awake.time().makespanSeconds());
    // The oracle sees the awake run's timeline, so nothing waits and jobs take exactly as long.
    assertEquals(0, oracle.power().stalledIos());
    assertEquals(awake.time().totalJobSeconds(), oracle.time().totalJobSeconds(), 1e-6);
    assertTrue(oracle.power().backupJoules() < awake.power().backupJoules());
    for (SimResult r : results.subList(2, 4)) {
      assertTrue(r.power().mostSpinUpsOfOneDisk() <= 27, r.run().label() + ": the daily budget holds");
    }

    GroupResults group = new GroupResults(first.title(), results);
    String table = ComparisonTable.power(group);
    assertTrue(table.contains("spin-ups/") && table.contains("/27"), table);
    List<Path> written = ScenarioReport.write(dir, scenario.name(), List.of(group), scenario.metrics(), List.of(),
        scenario.specText());
    String csv = Files.readString(dir.resolve("results.csv"));
    assertTrue(csv.contains("backup_disk_energy_j") && csv.contains("spin_ups_per_disk_day"), csv.lines()
        .findFirst().orElse(""));
    assertTrue(written.contains(dir.resolve("energy-500.png")));
  }
}
