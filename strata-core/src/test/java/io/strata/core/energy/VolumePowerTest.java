package io.strata.core.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import java.util.List;
import org.junit.jupiter.api.Test;

class VolumePowerTest {
  private final DeviceProfile hdd = DeviceCatalog.builtin().get("hdd");
  private final StandbyRule tenMinutes = StandbyRule.of(hdd, 600, 0);

  @Test
  void sleepsOnlyAfterTheIdleTimeoutAndSaysWhyNot() {
    VolumePower v = new VolumePower("dn1:/backup", tenMinutes, 0);
    assertEquals(PowerState.IDLE, v.state(0));
    assertEquals("idle 599 s of the 600 s timeout", v.standbyVeto(599).orElseThrow());
    assertFalse(v.enterStandby(599));
    assertEquals(600, v.standbyDueAt());
    assertTrue(v.enterStandby(600));
    assertEquals(PowerState.STANDBY, v.state(601));
    assertEquals("already in standby", v.standbyVeto(700).orElseThrow());
  }

  @Test
  void ioOnASleepingVolumeWaitsTheSpinUpAndIsAccounted() {
    VolumePower v = new VolumePower("dn1:/backup", tenMinutes, 0, PowerState.STANDBY);
    assertEquals(15, v.ioStarted(100, WakeCause.READ));
    assertEquals(PowerState.SPINNING_UP, v.state(105));
    assertEquals(5, v.ioStarted(110, WakeCause.READ), 1e-9);
    assertEquals(PowerState.ACTIVE, v.state(115));
    v.ioFinished(120);
    assertEquals(PowerState.ACTIVE, v.state(121));
    v.ioFinished(125);
    assertEquals(PowerState.IDLE, v.state(125));
    assertEquals("idle 0 s of the 600 s timeout", v.standbyVeto(125).orElseThrow());
    assertTrue(v.enterStandby(725));

    VolumeEnergy e = v.energy(1000);
    assertEquals(100 + 275, e.seconds(PowerState.STANDBY), 1e-9);
    assertEquals(15, e.seconds(PowerState.SPINNING_UP), 1e-9);
    assertEquals(10, e.seconds(PowerState.ACTIVE), 1e-9);
    assertEquals(600, e.seconds(PowerState.IDLE), 1e-9);
    assertEquals(1000, e.totalSeconds(), 1e-9);
    assertEquals(1, e.spinUps(WakeCause.READ));
    assertEquals(2, e.stalledIos());
    assertEquals(20, e.totalStallSeconds(), 1e-9);
    double joules = 375 * 0.87 + 10 * 10.0 + 600 * 7.4 + 430;
    assertEquals(joules, e.joules(), 1e-6);
  }

  @Test
  void aVolumeStaysAwakeWhileIoIsInFlight() {
    VolumePower v = new VolumePower("v", tenMinutes, 0);
    v.ioStarted(0, WakeCause.WRITE);
    assertEquals("busy: 1 I/O in flight", v.standbyVeto(5000).orElseThrow());
    assertEquals(Double.POSITIVE_INFINITY, v.standbyDueAt());
    v.ioFinished(5000);
    assertFalse(v.mayEnterStandby(5599));
    assertTrue(v.mayEnterStandby(5600));
  }

  @Test
  void holdsWakeTheVolumeKeepItAwakeAndCountTheirCause() {
    VolumePower v = new VolumePower("v", tenMinutes, 0, PowerState.STANDBY);
    v.hold(10, WakeCause.LOW_REDUNDANCY);
    v.hold(12, WakeCause.DECOMMISSION);
    assertEquals("held: low redundancy, decommission", v.standbyVeto(5000).orElseThrow());
    v.release(5000, WakeCause.LOW_REDUNDANCY);
    assertFalse(v.mayEnterStandby(5001));
    v.release(5001, WakeCause.DECOMMISSION);
    assertTrue(v.enterStandby(5001));
    VolumeEnergy e = v.energy(5001);
    assertEquals(1, e.spinUps(WakeCause.LOW_REDUNDANCY));
    assertEquals(0, e.spinUps(WakeCause.DECOMMISSION));
    assertEquals(0, e.stalledIos());
  }

  @Test
  void whenTheDailyBudgetIsUsedUpTheDiskStaysAwakeUntilTheWindowMoves() {
    StandbyRule rule = tenMinutes.withDailyBudget(3);
    VolumePower v = new VolumePower("v", rule, 0, PowerState.STANDBY);
    double t = 0;
    for (int i = 0; i < 3; i++) {
      v.ioStarted(t, WakeCause.READ);
      v.ioFinished(t + 20);
      t += 20 + 600;
      assertTrue(i == 2 || v.enterStandby(t), "sleep " + i);
    }
    assertEquals("daily spin-up budget used: 3 of 3 in the last 24 h", v.standbyVeto(t).orElseThrow());
    assertEquals(List.of(0.0, 620.0, 1240.0), v.spinUpsInLastDay(t));
    assertFalse(v.enterStandby(StandbyRule.DAY_SECONDS - 1));
    assertTrue(v.enterStandby(StandbyRule.DAY_SECONDS));
    assertEquals(3, v.energy(StandbyRule.DAY_SECONDS + 1).totalSpinUps());
  }

  @Test
  void theRecheckTimeIsWhenAGuardMayLiftAndAlwaysLater() {
    VolumePower v = new VolumePower("v", StandbyRule.of(hdd, 66, 0).withDailyBudget(1), 1000.1,
        PowerState.STANDBY);
    v.ioStarted(1000.1, WakeCause.READ);
    v.ioFinished(1000.1);
    double due = v.standbyDueAt();
    assertEquals(1015.1 + 66, due, 1e-9);
    assertEquals(due, v.standbyRecheckAt(due - 1));
    // At the due time the idle guard lifts exactly, whatever the rounding; the budget (1 a day) then holds it.
    assertEquals("daily spin-up budget used: 1 of 1 in the last 24 h", v.standbyVeto(due).orElseThrow());
    assertEquals(1000.1 + StandbyRule.DAY_SECONDS, v.standbyRecheckAt(due));
    assertTrue(v.standbyRecheckAt(due) > due);
    assertTrue(v.mayEnterStandby(1000.1 + StandbyRule.DAY_SECONDS));
    assertEquals(1000.1 + StandbyRule.DAY_SECONDS, v.standbyRecheckAt(1000.1 + StandbyRule.DAY_SECONDS));
  }

  @Test
  void spinUpsBeforeARestartStillCountAgainstTheBudget() {
    VolumePower v = new VolumePower("v", tenMinutes.withDailyBudget(2), 100_000);
    v.restoreSpinUps(List.of(10_000.0, 99_000.0, 100_000.0 - StandbyRule.DAY_SECONDS - 1), 100_000);
    assertEquals(List.of(99_000.0), v.spinUpsInLastDay(100_000));
    v.wake(100_000, WakeCause.OPERATOR);
    assertTrue(v.mayEnterStandby(100_600));
    v.restoreSpinUps(List.of(99_500.0), 100_600);
    assertEquals("daily spin-up budget used: 2 of 2 in the last 24 h", v.standbyVeto(100_600).orElseThrow());
  }

  @Test
  void predictedWakesThatNoIoUsedAreCounted() {
    VolumePower v = new VolumePower("v", tenMinutes, 0, PowerState.STANDBY);
    assertEquals(15, v.wake(100, WakeCause.PREDICTED));
    assertEquals(PowerState.SPINNING_UP, v.state(110));
    assertEquals(715, v.standbyDueAt());
    assertFalse(v.mayEnterStandby(714));
    assertTrue(v.enterStandby(715));
    v.wake(2000, WakeCause.PREDICTED);
    assertEquals(0, v.ioStarted(2015, WakeCause.READ));
    v.ioFinished(2020);
    assertTrue(v.enterStandby(2620));
    VolumeEnergy e = v.energy(3000);
    assertEquals(2, e.spinUps(WakeCause.PREDICTED));
    assertEquals(1, e.unusedPredictedSpinUps());
    assertEquals(0, e.stalledIos());
  }

  @Test
  void wakingAnAwakeVolumeOnlyRestartsItsIdleTimer() {
    VolumePower v = new VolumePower("v", tenMinutes, 0);
    assertEquals(0, v.wake(500, WakeCause.PREDICTED));
    assertFalse(v.mayEnterStandby(600));
    assertTrue(v.mayEnterStandby(1100));
    assertEquals(0, v.energy(1100).totalSpinUps());
  }

  @Test
  void timeNeverRunsBackwards() {
    VolumePower v = new VolumePower("v", tenMinutes, 100);
    v.ioStarted(200, WakeCause.READ);
    v.ioFinished(150);
    assertEquals(100, v.energy(120).totalSeconds(), 1e-9);
  }

  @Test
  void anUnmatchedIoFinishIsACallerBug() {
    VolumePower v = new VolumePower("dn1:/backup", tenMinutes, 0);
    IllegalStateException e = assertThrows(IllegalStateException.class, () -> v.ioFinished(1));
    assertTrue(e.getMessage().contains("dn1:/backup"));
  }

  @Test
  void anAlwaysOnVolumeIsActiveWhenBusyAndIdleOtherwise() {
    VolumeEnergy e = VolumeEnergy.alwaysOn(hdd, 100, 1000);
    assertEquals(100 * 10.0 + 900 * 7.4, e.joules(), 1e-9);
    VolumeEnergy both = e.plus(e);
    assertEquals(2 * e.joules(), both.joules(), 1e-9);
    assertEquals(200, both.seconds(PowerState.ACTIVE), 1e-9);
    assertEquals(e.averageWatts(), both.averageWatts(), 1e-9);
  }
}
