package io.strata.dashboard.pages;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import io.strata.dashboard.DashboardContext;
import io.strata.dashboard.NotConfiguredException;
import io.strata.dashboard.Query;
import io.strata.hdfs.power.PowerManager;
import io.strata.hdfs.power.PowerStatus;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnergyPageTest {
  private static final PowerStatus STATUS = new PowerStatus("emulated", 0, 100, 95, "test", List.of(
      new PowerStatus.Volume("e1", "DS-1", "/d/1", "primary-disk", false, PowerState.IDLE,
          Map.of(PowerState.IDLE, 100.0), Map.of(), 0, Map.of(), 0, 0, 700, Set.of(), "primary volume", 700),
      new PowerStatus.Volume("e1", "DS-2", "/d/2", "backup-array", true, PowerState.STANDBY,
          Map.of(PowerState.IDLE, 66.0, PowerState.STANDBY, 34.0), Map.of(WakeCause.READ, 2), 15, Map.of(
              WakeCause.READ, 15.0),
          3, 0, 2000, Set.of(), "", 2960)));

  @Test
  void returnsTheStatusJsonThatPowerStatusPrintsWithItsTotals(@TempDir Path dir) throws Exception {
    // The file the manager writes every tick: the record as Jackson writes it.
    new ObjectMapper().writeValue(dir.resolve("power-status.json").toFile(), STATUS);
    var json = new EnergyPage().endpoints().get("").get(context(dir), Query.parse(null));
    assertEquals(PowerManager.readStatus(dir).orElseThrow().json(), json);
    assertEquals(2700.0, json.get("totals").get("diskJoules").asDouble());
    assertEquals(2000.0, json.get("totals").get("backupJoules").asDouble());
    assertEquals(95 * 100 + 2700.0, json.get("totals").get("nodeJoules").asDouble());
    assertEquals(960.0, json.get("totals").get("savedJoules").asDouble());
    assertEquals(1, json.get("nodes").get(0).get("backupsAsleep").asInt());
    assertEquals(1, json.get("totals").get("volumesInStandby").asInt());
    assertEquals(2, json.get("totals").get("spinUps").asInt());
    assertEquals(2, json.get("volumes").get(1).get("spinUpsByCause").get("READ").asInt());
  }

  @Test
  void saysWhichOptionItNeedsWithoutAPowerManager(@TempDir Path dir) {
    var endpoint = new EnergyPage().endpoints().get("");
    assertTrue(assertThrows(NotConfiguredException.class, () -> endpoint.get(context(null), Query.parse(null)))
        .getMessage().contains("--power-state DIR"));
    assertTrue(assertThrows(NotConfiguredException.class, () -> endpoint.get(context(dir), Query.parse(null)))
        .getMessage().contains("no power status in " + dir));
  }

  private static DashboardContext context(Path powerState) {
    return new DashboardContext(new Configuration(false), null, null, powerState);
  }
}
