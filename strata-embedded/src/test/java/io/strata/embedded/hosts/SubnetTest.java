package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class SubnetTest {
  private static final String ADDRESSES = """
      1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 qdisc noqueue state UNKNOWN group default qlen 1000
          inet 127.0.0.1/8 scope host lo
      4: eth0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1400 qdisc pfifo_fast state UP group default qlen 1000
          inet 192.0.2.2/24 brd 192.0.2.255 scope global eth0
      """;
  private static final String ROUTES = """
      default via 192.0.2.1 dev eth0
      192.0.2.0/24 dev eth0 proto kernel scope link src 192.0.2.2
      """;

  @Test
  void theSubnetFollowsFromTheClusterId() {
    List<Subnet.Cidr> inUse = Subnet.rangesIn(ADDRESSES + ROUTES);
    assertEquals("10.205.239.0/24", Subnet.choose("abcdef", inUse).toString());
    assertEquals(Subnet.choose("abcdef", inUse), Subnet.choose("abcdef", inUse));
    assertNotEquals(Subnet.choose("abcdef", inUse), Subnet.choose("abcde0", inUse));
  }

  @Test
  void aSubnetInUseIsSkipped() {
    String another = "    inet 10.205.239.1/24 scope global s123456c\n10.205.240.0/22 dev tun0\n";
    Subnet chosen = Subnet.choose("abcdef", Subnet.rangesIn(ADDRESSES + ROUTES + another));
    assertEquals("10.205.244.0/24", chosen.toString());
  }

  @Test
  void aDefaultRouteDoesNotCountAsUsingEverything() {
    Subnet chosen = Subnet.choose("abcdef", Subnet.rangesIn(ROUTES));
    assertEquals("10.205.239.0/24", chosen.toString());
  }

  @Test
  void whenAllOfTenSlash8IsTakenThereIsNoSubnet() {
    HostNetworkException e = assertThrows(HostNetworkException.class,
        () -> Subnet.choose("abcdef", Subnet.rangesIn("10.0.0.0/8 dev vpn0")));
    assertEquals("every /24 in 10.0.0.0/8 overlaps an address or route of this machine", e.getMessage());
  }

  @Test
  void addressesAreHostPartsOfTheSubnet() {
    Subnet subnet = Subnet.choose("abcdef", List.of());
    assertEquals("10.205.239.1", subnet.address(1));
    assertEquals("10.205.239.254", subnet.address(254));
    assertThrows(IllegalArgumentException.class, () -> subnet.address(255));
  }
}
