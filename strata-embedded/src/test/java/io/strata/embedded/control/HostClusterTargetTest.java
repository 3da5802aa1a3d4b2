package io.strata.embedded.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class HostClusterTargetTest {
  @Test
  void namesRatesInMegabitsPerSecond() {
    assertEquals("50 Mbit/s", HostClusterTarget.rate(50_000_000L));
  }
}
