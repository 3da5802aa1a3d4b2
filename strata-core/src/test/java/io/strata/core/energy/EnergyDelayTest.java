package io.strata.core.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class EnergyDelayTest {
  // Thesis 4.4.3: 0.26 kWh over 162 min against native 0.32 kWh over 153 min.
  private final EnergyDelay efficient = new EnergyDelay(0.26, 162);
  private final EnergyDelay nativeHdfs = new EnergyDelay(0.32, 153);

  @Test
  void reproducesTheThesisFigures() {
    EnergyDelay.Comparison c = efficient.against(nativeHdfs);
    assertEquals(-18.75, (c.energyRatio() - 1) * 100, 0.01);
    assertEquals(5.88, (c.timeRatio() - 1) * 100, 0.01);
    assertEquals(42.12, efficient.pt(), 1e-9);
    assertEquals(48.96, nativeHdfs.pt(), 1e-9);
    assertEquals(-13.97, (c.ptRatio() - 1) * 100, 0.01);
    // "the energy-efficient system wins for a above about 0.22"
    assertEquals(0.22, c.breakEvenWeight(), 0.005);
    assertTrue(c.ptc(0.3) < c.baselinePtc(0.3));
    assertTrue(c.ptc(0.1) > c.baselinePtc(0.1));
    assertEquals(c.ptc(0.5) + c.baselinePtc(0.5), 1.0, 1e-9);
  }

  @Test
  void aSystemBetterOnBothCountsNeverCrosses() {
    assertTrue(Double.isNaN(new EnergyDelay(1, 1).against(new EnergyDelay(2, 2)).breakEvenWeight()));
  }

  @Test
  void badInputIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new EnergyDelay(-1, 1));
    assertThrows(IllegalArgumentException.class, () -> efficient.against(nativeHdfs).ptc(1.5));
    assertThrows(IllegalArgumentException.class, () -> new NodePower(Double.NaN, "x"));
  }

  @Test
  void nodeEnergyIsTheBasePowerPlusTheDisks() {
    assertEquals(95 * 100 + 500, NodePower.THESIS_MIDPOINT.joules(100, 500), 1e-9);
    assertTrue(NodePower.THESIS_MIDPOINT.source().contains("70-120 W"));
  }
}
