package io.strata.sim.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.energy.NodePower;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.engine.Simulator;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.report.CsvReport;
import io.strata.sim.report.JsonReport;
import io.strata.sim.trace.TraceSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator drives backup volumes through the decision core's power states, on the thesis's 3-node preset. */
class BackupPowerTest {
  private static final long BLOCK = 64L << 20;
  private final ClusterSpec energy = Presets.load("energy");
  // Two map-only jobs, each writing one block of output with three replicas: one primary, two on backup arrays.
  private final TraceSource twoWrites = TraceSource.ofText("two-writes",
      "a\t0\t0\t0\t0\t" + BLOCK + "\t\t\t\nb\t1000\t1000\t0\t0\t" + BLOCK + "\t\t\t\n");

  private SimResult run(PowerSettings power) {
    return Simulator.run(SimConfig.builder(energy, twoWrites, "primary-backup", "primary-first").byteScale(1.0)
        .power(power).build());
  }

  @Test
  void aWriteToSleepingBackupsWaitsOneSpinUpAndWakesThemForTheWrite() {
    SimResult awake = run(PowerSettings.alwaysOn(NodePower.THESIS_MIDPOINT));
    SimResult asleep = run(PowerSettings.standby(120, "reactive", NodePower.THESIS_MIDPOINT));
    // Job a finds the arrays spun up; job b, 1000 s later, waits 15 s for both arrays to spin up together.
    assertEquals(awake.time().totalJobSeconds() + 15, asleep.time().totalJobSeconds(), 1e-6);
    SimResult.Power p = asleep.power();
    assertEquals(2, p.spinUps());
    assertEquals(2, p.spinUpsByCause().get("write"));
    assertEquals(2, p.stalledIos());
    assertEquals(30, p.stallSeconds(), 1e-6);
    assertEquals(3, p.managedVolumes());
    assertEquals(27, p.dailySpinUpBudget());
    assertTrue(p.backupStateShare().get("standby") > 0.8, p.backupStateShare().toString());
    assertTrue(p.backupJoules() < awake.power().backupJoules() / 3, p.backupJoules() + " vs "
        + awake.power().backupJoules());
    assertEquals(0, awake.power().spinUps());
  }

  @Test
  void nodeEnergyIsTheBasePowerOverTheRunPlusEveryDisk() {
    SimResult r = run(PowerSettings.standby(120, "reactive", NodePower.THESIS_MIDPOINT));
    SimResult.Power p = r.power();
    double end = r.time().makespanSeconds(); // the first job starts at 0
    assertEquals(95 * 3 * end + p.diskJoules(), p.nodeJoules(), 1e-6);
    assertEquals(p.diskJoules(), p.diskJoulesByTier().values().stream().mapToDouble(Double::doubleValue).sum(), 1e-6);
    assertEquals(p.backupJoules(), p.diskJoulesByTier().get("backup"), 1e-9);
    assertEquals(p.nodeJoules() * r.time().totalJobSeconds(), p.pt(), 1e-3);
  }

  @Test
  void theOracleWakesBackupsAheadSoNoWriteWaits() {
    DemandRecorder recorder = new DemandRecorder();
    SimResult awake = run(PowerSettings.alwaysOn(NodePower.THESIS_MIDPOINT).recordingInto(recorder));
    SimResult oracle = run(PowerSettings.standby(120, "oracle", NodePower.THESIS_MIDPOINT)
        .withFuture(recorder::future));
    assertEquals(awake.time().totalJobSeconds(), oracle.time().totalJobSeconds(), 1e-6);
    assertEquals(0, oracle.power().stalledIos());
    assertEquals(2, oracle.power().spinUpsByCause().get("predicted"));
    assertEquals(0, oracle.power().unusedPredictedSpinUps());
  }

  @Test
  void badPowerSettingsAreRefusedNamingTheValue() {
    ConfigException shortTimeout = assertThrows(ConfigException.class,
        () -> run(PowerSettings.standby(60, "reactive", NodePower.THESIS_MIDPOINT)));
    assertTrue(shortTimeout.getMessage().contains("60.0 s") && shortTimeout.getMessage().contains("backup-array")
        && shortTimeout.getMessage().contains("break-even"), shortTimeout.getMessage());
    ConfigException predictor = assertThrows(ConfigException.class,
        () -> PowerSettings.standby(600, "psychic", NodePower.THESIS_MIDPOINT));
    assertTrue(predictor.getMessage().contains("'psychic'"), predictor.getMessage());
    ConfigException oracle = assertThrows(ConfigException.class,
        () -> run(PowerSettings.standby(600, "oracle", NodePower.THESIS_MIDPOINT)));
    assertTrue(oracle.getMessage().contains("future"), oracle.getMessage());
  }

  @Test
  void runsWithoutPowerSettingsReportAsBefore() {
    SimResult plain = Simulator.run(SimConfig.builder(energy, twoWrites, "primary-backup", "primary-first")
        .byteScale(1.0).build());
    assertNull(plain.power());
    assertFalse(JsonReport.text(List.of(plain)).contains("power"));
    assertFalse(CsvReport.text(List.of(plain)).contains("node_energy_j"));
    SimResult powered = run(PowerSettings.alwaysOn(NodePower.THESIS_MIDPOINT));
    assertTrue(CsvReport.text(List.of(powered)).contains("node_energy_j"));
    assertEquals(plain.time(), powered.time());
    assertEquals(plain.energy(), powered.energy());
  }
}
