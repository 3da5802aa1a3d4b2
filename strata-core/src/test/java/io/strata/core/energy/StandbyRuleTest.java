package io.strata.core.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import org.junit.jupiter.api.Test;

class StandbyRuleTest {
  private final DeviceProfile hdd = DeviceCatalog.builtin().get("hdd");

  @Test
  void breakEvenIsSpinUpEnergyOverThePowerStandbySaves() {
    // 430 J / (7.4 W - 0.87 W)
    assertEquals(65.85, StandbyRule.breakEvenSeconds(hdd), 0.01);
    assertEquals(120, StandbyRule.minimumTimeoutSeconds(hdd, 120));
  }

  @Test
  void aTimeoutBelowBreakEvenIsRefusedNamingTheValueAndTheLimit() {
    ConfigException e = assertThrows(ConfigException.class, () -> StandbyRule.of(hdd, 30, 0));
    assertTrue(e.getMessage().contains("30.0 s") && e.getMessage().contains("65.8 s")
        && e.getMessage().contains("break-even") && e.getMessage().contains("'hdd'"), e.getMessage());
  }

  @Test
  void aTimeoutBelowTheOperatorsFloorIsRefused() {
    ConfigException e = assertThrows(ConfigException.class, () -> StandbyRule.of(hdd, 120, 300));
    assertTrue(e.getMessage().contains("120.0 s") && e.getMessage().contains("floor 300.0 s"), e.getMessage());
    assertEquals(300, StandbyRule.of(hdd, 300, 300).idleTimeoutSeconds());
  }

  @Test
  void devicesWithoutASavingStandbyAreRefused() {
    DeviceProfile ssd = DeviceCatalog.builtin().get("pcie-ssd");
    ConfigException e = assertThrows(ConfigException.class, () -> StandbyRule.of(ssd, 600, 0));
    assertTrue(e.getMessage().contains("pcie-ssd") && e.getMessage().contains("cannot be put to sleep"));
  }

  @Test
  void nonsenseTimeoutsAreRefused() {
    assertThrows(ConfigException.class, () -> StandbyRule.of(hdd, Double.NaN, 0));
    assertThrows(ConfigException.class, () -> StandbyRule.of(hdd, Double.POSITIVE_INFINITY, 0));
    assertThrows(ConfigException.class, () -> StandbyRule.of(hdd, 600, -1));
  }

  @Test
  void theDailyBudgetSpreadsTheRatedStartStopsOverTheServiceLife() {
    // 50,000 start/stop cycles over 5 years
    assertEquals(27, StandbyRule.ratedDailySpinUps(hdd));
    StandbyRule rule = StandbyRule.of(hdd, 600, 0);
    assertEquals(27, rule.dailySpinUpBudget());
    assertTrue(rule.budgeted());
    assertEquals(10, rule.withDailyBudget(10).dailySpinUpBudget());
    ConfigException above = assertThrows(ConfigException.class, () -> rule.withDailyBudget(28));
    assertTrue(above.getMessage().contains("28") && above.getMessage().contains("27"), above.getMessage());
    assertThrows(ConfigException.class, () -> rule.withDailyBudget(0));
  }

  @Test
  void anUnratedDiskHasNoBudget() {
    DeviceProfile unrated = new DeviceProfile("old-disk", hdd.storageKind(), 60, 40, 100, 10, 7, 1, 10, 200, 0.04,
        false, null);
    assertEquals(Integer.MAX_VALUE, StandbyRule.of(unrated, 600, 0).dailySpinUpBudget());
  }
}
