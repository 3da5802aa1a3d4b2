package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.code_intelligence.jazzer.junit.FuzzTest;
import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

/**
 * Any text as the advisor settings file ({@code strata autotier --config}, {@code strata simulate
 * --advisor-config}): read, or refused with a {@link ConfigException} naming the file. Settings read must give the
 * PPA's constants, Scarlett's and the decision rules without failing, and each scheduled-job hint its next run.
 */
class AdvisorConfigFuzzTest {
  private static final long NOW = Instant.parse("2026-11-22T00:00:00Z").toEpochMilli();

  @FuzzTest
  void read(byte[] input) {
    AdvisorConfig config;
    try {
      config = AdvisorConfig.read(ConfigNode.parse("fuzz.yaml", new String(input, StandardCharsets.UTF_8)));
    } catch (ConfigException e) {
      assertTrue(e.getMessage().startsWith("fuzz.yaml"), e.getMessage());
      return;
    }
    config.ppa(null);
    config.scarlett();
    DecisionRules rules = config.rules(DecisionRules.defaults(1000, true));
    for (ScheduledRead read : rules.scheduledReads()) {
      rules.scheduledRun(read.path(), NOW, NOW + 86_400_000L);
    }
  }
}
