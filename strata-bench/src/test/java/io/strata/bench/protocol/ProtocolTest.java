package io.strata.bench.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProtocolTest {
  @Test
  void busyTimeIsEverythingButIdleAndIowait() {
    CpuBusy.Reading before = CpuBusy.parse("cpu  100 0 50 800 50 0 0 0 0 0");
    CpuBusy.Reading after = CpuBusy.parse("cpu  280 10 70 880 60 5 5 0 0 0");
    // 220 more busy ticks (user 180, nice 10, system 20, irq 5, softirq 5) of 310 in all.
    assertEquals(220.0 / 310, after.busyShareSince(before), 1e-12);
    assertFalse(CpuBusy.isCpuBound(after.busyShareSince(before)));
    assertTrue(CpuBusy.isCpuBound(CpuBusy.parse("cpu 1000 0 0 50 0 0 0 0").busyShareSince(before)));
    assertTrue(Double.isNaN(after.busyShareSince(after)), "no time passed: unknown");
    assertFalse(CpuBusy.isCpuBound(Double.NaN), "unknown is never cpu-bound");
    assertThrows(IllegalArgumentException.class, () -> CpuBusy.parse("cpu 1 2"));
  }

  @Test
  void thisMachinesCountersMove() throws InterruptedException {
    CpuBusy.Reading before = CpuBusy.read();
    long spinUntil = System.nanoTime() + 50_000_000L;
    while (System.nanoTime() < spinUntil) {
      Thread.onSpinWait();
    }
    double share = CpuBusy.read().busyShareSince(before);
    assertTrue(share > 0 && share <= 1, "a busy-wait of 50 ms shows as busy CPU: " + share);
  }

  @Test
  void aSpreadIsTheMedianAndRangeOfItsRounds() {
    assertEquals(new Spread(2.0, 1.0, 9.0, 3), Spread.of(List.of(9.0, 1.0, 2.0)));
    assertEquals(new Spread(2.5, 1.0, 9.0, 4), Spread.of(List.of(9.0, 1.0, 2.0, 3.0)));
    assertEquals("2.00x (1.00x-9.00x)", Spread.of(List.of(9.0, 1.0, 2.0)).format("%.2fx"));
    assertEquals("4.00x", Spread.of(List.of(4.0)).format("%.2fx"), "one round has no range");
    assertThrows(IllegalArgumentException.class, () -> Spread.of(List.of()));
  }

  @Test
  void aTargetIsMetOnlyByItsWorstRoundOfAtLeastThreeAndNeverWhenCpuBound() {
    DeclaredTarget faster = new DeclaredTarget("read", "tier-aware + adaptive", "network", 1.20, true);
    assertEquals(DeclaredTarget.Verdict.MET, faster.judge(List.of(1.3, 1.2, 1.5), false));
    assertEquals(DeclaredTarget.Verdict.MISSED, faster.judge(List.of(1.9, 1.19, 1.9), false),
        "a median of 1.9x does not hide a round at 1.19x");
    assertEquals(DeclaredTarget.Verdict.TOO_FEW_ROUNDS, faster.judge(List.of(2.0, 2.0), false));
    assertEquals(DeclaredTarget.Verdict.CPU_BOUND, faster.judge(List.of(2.0, 2.0, 2.0), true));
    DeclaredTarget noSlower = new DeclaredTarget("grep", "hybrid", "network", 1.03, false);
    assertEquals(1.04, noSlower.worst(List.of(0.9, 1.04, 1.0)), 1e-12);
    assertEquals(DeclaredTarget.Verdict.MISSED, noSlower.judge(List.of(0.9, 1.04, 1.0), false));
    assertEquals("read: tier-aware + adaptive (declared) vs network: worst round 1.200x, median 1.300x "
        + "(1.200x-1.500x), 3 round(s) (target >= 1.20x): met", faster.line(List.of(1.3, 1.2, 1.5), false));
    assertEquals("read: tier-aware + adaptive (declared) did not run", faster.line(List.of(), false));
  }
}
