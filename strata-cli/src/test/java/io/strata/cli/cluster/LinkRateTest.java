package io.strata.cli.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.CliRun;
import io.strata.core.config.ConfigException;
import org.junit.jupiter.api.Test;

class LinkRateTest {
  @Test
  void readsRatesAsTcWritesThem() {
    assertEquals(100_000_000L, LinkRate.parse("100Mbit", "RATE"));
    assertEquals(1_500_000_000L, LinkRate.parse("1.5gbit", "RATE"));
    assertEquals(800_000L, LinkRate.parse("800k", "RATE"));
    assertEquals(12_345L, LinkRate.parse("12345", "RATE"));
  }

  @Test
  void refusesWhatIsNotAPositiveRate() {
    ConfigException e = assertThrows(ConfigException.class, () -> LinkRate.parse("fast", "RATE"));
    assertTrue(e.getMessage().startsWith("RATE: 'fast'"), e.getMessage());
    assertThrows(ConfigException.class, () -> LinkRate.parse("0Mbit", "RATE"));
    assertThrows(ConfigException.class, () -> LinkRate.parse("10MB", "RATE"));
  }

  @Test
  void linkCommandsWithoutAClusterOfHostsSayWhatIsWrong(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("cluster", "link", "cut", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains("link cut takes --rack RACK only"), cli.stderr());
    assertEquals(2, cli.strata("cluster", "link", "cut", "--rack", "/r1", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains("no embedded cluster runs here"), cli.stderr());
    assertEquals(2, cli.strata("cluster", "exec", "h1", "--dir", dir.toString(), "--", "true"));
    assertTrue(cli.stderr().contains("no cluster of hosts here"), cli.stderr());
  }
}
