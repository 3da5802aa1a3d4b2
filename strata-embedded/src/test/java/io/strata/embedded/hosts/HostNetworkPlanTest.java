package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.Presets;
import io.strata.embedded.hosts.HostNetworkPlan.Host;
import io.strata.embedded.hosts.HostNetworkPlan.Rack;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class HostNetworkPlanTest {
  @Test
  void aSpecBecomesOneHostPerNodeWithItsRackAndTheSpecsBandwidths() {
    ClusterSpec spec = Presets.load("hats"); // network: {nicGbps: 10, rackUplinkGbps: 20}
    HostNetworkPlan plan = HostNetworkPlan.from(spec);

    assertEquals(spec.nodes().stream().map(NodeSpec::host).toList(),
        plan.hosts().stream().map(Host::name).toList());
    assertEquals(spec.racks().stream().filter(r -> !r.nodes().isEmpty()).map(r -> r.name()).toList(),
        plan.racks().stream().map(Rack::name).toList());
    plan.hosts().forEach(h -> assertEquals(10_000_000_000L, h.nicBitsPerSecond()));
    plan.racks().forEach(r -> assertEquals(20_000_000_000L, r.uplinkBitsPerSecond()));
  }

  @Test
  void aHostNamedTwiceIsRejected() {
    Host a = new Host("dn1", 1_000_000);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new HostNetworkPlan(
        List.of(new Rack("/r1", 1_000_000, List.of(a)), new Rack("/r2", 1_000_000, List.of(a)))));
    assertEquals("host dn1 appears twice in the network plan", e.getMessage());
  }

  @Test
  void moreHostsThanASlash24HoldsAreRejected() {
    List<Host> hosts = IntStream.range(0, HostNetworkPlan.MAX_HOSTS + 1)
        .mapToObj(i -> new Host("h" + i, 1_000_000)).toList();
    assertThrows(IllegalArgumentException.class,
        () -> new HostNetworkPlan(List.of(new Rack("/r", 1_000_000, hosts))));
  }

  @Test
  void bandwidthMustBePositive() {
    assertThrows(IllegalArgumentException.class, () -> new Host("dn1", 0));
    assertThrows(IllegalArgumentException.class, () -> new Rack("/r", -1, List.of()));
  }
}
