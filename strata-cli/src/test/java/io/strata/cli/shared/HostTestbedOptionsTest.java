package io.strata.cli.shared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.SpecParser;
import org.junit.jupiter.api.Test;

class HostTestbedOptionsTest {
  private final ClusterChoice.Loaded hats = new ClusterChoice().load("hats");

  @Test
  void ratesReplaceTheSpecsNetworkInTheSpecAndInItsText() {
    HostTestbedOptions options = new HostTestbedOptions();
    options.hosts = true;
    options.nicGbps = 1.0;
    options.uplinkGbps = 0.25;

    ClusterChoice.Loaded applied = options.applyRates(hats);

    assertEquals(1.0, applied.spec().network().nicGbps());
    assertEquals(0.25, applied.spec().network().rackUplinkGbps());
    // The NameNode reads the text: it must say the same.
    assertEquals(applied.spec().network(), SpecParser.parse("again", applied.text()).network());
    assertEquals(hats.spec().nodes(), applied.spec().nodes());
    assertEquals("NICs 1 Gbit/s, rack uplinks 0.25 Gbit/s", HostTestbedOptions.rates(applied));
  }

  @Test
  void withoutRatesTheSpecStaysAsItIs() {
    HostTestbedOptions options = new HostTestbedOptions();
    options.hosts = true;
    options.uplinkGbps = 0.5;
    assertEquals(hats.spec().network().nicGbps(), options.applyRates(hats).spec().network().nicGbps());
    assertSame(hats, new HostTestbedOptions().applyRates(hats));
  }

  @Test
  void testbedOptionsNeedHostsAndPositiveRates() {
    HostTestbedOptions withoutHosts = new HostTestbedOptions();
    withoutHosts.nicGbps = 1.0;
    assertThrows(ConfigException.class, withoutHosts::check);
    HostTestbedOptions zero = new HostTestbedOptions();
    zero.hosts = true;
    zero.uplinkGbps = 0.0;
    assertThrows(ConfigException.class, zero::check);
  }
}
