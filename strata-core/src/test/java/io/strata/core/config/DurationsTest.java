package io.strata.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class DurationsTest {
  @Test
  void operatorsUnitsAreRead() {
    assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
    assertEquals(Duration.ofMinutes(30), Durations.parse(" 30M "));
    assertEquals(Duration.ofDays(106_751_991_167L), Durations.parse("106751991167d"));
    assertEquals("advisor: not a duration: '1w' (examples: 500ms, 90s, 30m, 12h, 1d)",
        assertThrows(ConfigException.class, () -> Durations.parseMillis("1w", "advisor")).getMessage());
  }

  @Test
  void aDurationPastALongOfMillisecondsIsRefusedNotWrapped() {
    // Found reading Durations while fuzzing the advisor settings: 213503982335d wrapped around to about 9.5 hours.
    assertEquals("advisor: duration too long: '213503982335d' (at most 106751991167d)",
        assertThrows(ConfigException.class, () -> Durations.parseMillis("213503982335d", "advisor")).getMessage());
    assertThrows(IllegalArgumentException.class, () -> Durations.parse("999999999999d"));
  }
}
