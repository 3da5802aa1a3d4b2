package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.hosts.HostNetworkPlan.Host;
import io.strata.embedded.hosts.HostNetworkPlan.Rack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real host network (namespaces, bridges, veths, tbf) on this machine. Needs root; skipped with the reason
 * otherwise. Traffic only ever goes to the addresses of the networks made here.
 */
class HostNetworkIT {
  private static final long GBIT = 1_000_000_000L;
  private static final long MBIT = 1_000_000L;
  private static final String RACK1 = "/rack1";
  private static final String RACK2 = "/rack2";
  private static final List<String> HOSTS = List.of("dn1", "dn2", "dn3", "dn4");

  @TempDir
  static Path clusterDirs;
  private static HostNetwork network;
  private static final Map<String, ProbeProcesses.Server> servers = new LinkedHashMap<>();

  @BeforeAll
  static void createTwoRacksOfTwoHosts() throws IOException {
    String reason = HostNetwork.unavailableReason().orElse(null);
    if (reason != null) {
      System.out.println("Skipping HostNetworkIT: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
    network = HostNetwork.create(clusterId("shared"), twoRacks(GBIT, GBIT));
    for (String host : HOSTS) {
      servers.put(host, ProbeProcesses.serve(network, host));
    }
  }

  @AfterAll
  static void removeTheNetwork() {
    servers.values().forEach(ProbeProcesses.Server::close);
    if (network != null) {
      String id = network.clusterId();
      network.close();
      assertEquals(List.of(), HostNetwork.leftovers(id));
    }
  }

  @Test
  void everyHostReachesEveryOtherAndTheRootNamespaceBothWays() throws IOException {
    for (String host : HOSTS) {
      ProbeProcesses.Server server = servers.get(host);
      assertEquals(1000, TransferProbe.send(server.address(), server.port(), 1000).bytes(), "root -> " + host);
      for (String other : HOSTS) {
        if (!other.equals(host)) {
          assertTrue(connects(other, server.address(), server.port()), other + " -> " + host);
        }
      }
    }
    try (ServerSocket root = new ServerSocket(0, 50, InetAddress.getByName(network.rootAddress()))) {
      for (String host : HOSTS) {
        assertTrue(connects(host, network.rootAddress(), root.getLocalPort()), host + " -> root");
      }
    }
  }

  @Test
  void aHostHasOnlyItsOwnSubnetNoWayOffTheMachineAndNoIpv6() {
    for (String host : HOSTS) {
      String routes = Commands.run(inside(host, "ip", "-4", "route"));
      assertFalse(routes.contains("default"), routes);
      assertEquals(List.of(network.subnet().replace(".0/24", ".0/24 dev eth0")),
          routes.lines().map(l -> l.split(" proto ")[0].strip()).toList());
      // A route lookup only: nothing is sent.
      Commands.Result offMachine = Commands.attempt(inside(host, "ip", "route", "get", "1.1.1.1"));
      assertNotEquals(0, offMachine.exitCode());
      assertTrue(offMachine.stderr().contains("unreachable"), offMachine.stderr());
      assertEquals("", Commands.run(inside(host, "ip", "-6", "addr")).strip());
      assertTrue(Commands.run(inside(host, "ip", "-4", "addr", "show", "dev", "eth0"))
          .contains(network.address(host) + "/24"));
    }
    String rootIpv6 = Commands.run("ip", "-6", "-o", "addr");
    assertTrue(rootIpv6.lines().noneMatch(l -> l.contains(": s" + network.clusterId())), rootIpv6);
  }

  @Test
  void aCutUplinkIsolatesItsRackUntilRestored() throws IOException {
    ProbeProcesses.Server sameRack = servers.get("dn2");
    ProbeProcesses.Server otherRack = servers.get("dn3");
    network.cutUplink(RACK1);
    try {
      assertTrue(connects("dn1", sameRack.address(), sameRack.port()), "within the rack");
      assertFalse(connects("dn1", otherRack.address(), otherRack.port()), "to the other rack");
      assertFalse(rootConnects(sameRack), "from the root namespace");
    } finally {
      network.restoreUplink(RACK1);
    }
    assertTrue(connects("dn1", otherRack.address(), otherRack.port()), "to the other rack after restore");
    assertTrue(rootConnects(sameRack), "from the root namespace after restore");
  }

  @Test
  void anUplinkHoldsItsRateAndARackLocalTransferIsFaster() throws IOException {
    long uplink = 100 * MBIT;
    long bytes = uplink / 8 * 2; // two seconds at the uplink's rate
    network.setUplinkRate(RACK1, uplink);
    try {
      double crossRack = ProbeProcesses.send(network, "dn1", servers.get("dn3"), bytes).bitsPerSecond();
      double rackLocal = ProbeProcesses.send(network, "dn1", servers.get("dn2"), bytes).bitsPerSecond();
      double back = ProbeProcesses.send(network, "dn3", servers.get("dn1"), bytes).bitsPerSecond();

      assertEquals(1.0, crossRack / uplink, 0.2, "rack to core at " + crossRack);
      assertEquals(1.0, back / uplink, 0.2, "core to rack at " + back);
      assertTrue(rackLocal > 1.5 * crossRack, "rack-local " + rackLocal + " vs cross-rack " + crossRack);
    } finally {
      network.setUplinkRate(RACK1, GBIT);
    }
  }

  @Test
  void aNicHoldsItsRateInBothDirections() throws IOException {
    long nic = 50 * MBIT;
    long bytes = nic / 8 * 2;
    network.setNicRate("dn2", nic);
    try {
      double download = ProbeProcesses.send(network, "dn1", servers.get("dn2"), bytes).bitsPerSecond();
      double upload = ProbeProcesses.send(network, "dn2", servers.get("dn1"), bytes).bitsPerSecond();
      assertEquals(1.0, download / nic, 0.2, "into dn2 at " + download);
      assertEquals(1.0, upload / nic, 0.2, "out of dn2 at " + upload);
    } finally {
      network.setNicRate("dn2", GBIT);
    }
  }

  @Test
  void closeKillsWhatRunsInTheHostsAndLeavesNothingBehind() throws Exception {
    Process sleeper;
    String id = clusterId("close");
    try (HostNetwork own = HostNetwork.create(id, oneHost("solo"))) {
      sleeper = start(own, "solo", "sleep", "600");
      assertTrue(sleeper.isAlive());
      assertFalse(HostNetwork.leftovers(id).isEmpty());
    }
    assertTrue(sleeper.waitFor(10, TimeUnit.SECONDS), "the process in the namespace was killed");
    assertNothingNamedFor(id);
  }

  @Test
  void removeLeftoversCleansUpAfterALauncherThatDied() throws Exception {
    String id = clusterId("crashed");
    Process sleeper = null;
    try {
      HostNetwork abandoned = HostNetwork.create(id, twoRacks(GBIT, GBIT));
      sleeper = start(abandoned, "dn4", "sleep", "600");
      // The launcher dies here: nobody closes it. A new process only knows the cluster id.
      HostNetworkException again = assertThrows(HostNetworkException.class,
          () -> HostNetwork.create(id, twoRacks(GBIT, GBIT)));
      assertTrue(again.getMessage().contains("already exists"), again.getMessage());

      HostNetwork.removeLeftovers(id);

      assertTrue(sleeper.waitFor(10, TimeUnit.SECONDS), "the process in the namespace was killed");
      assertNothingNamedFor(id);
    } finally {
      HostNetwork.removeLeftovers(id);
      if (sleeper != null) {
        sleeper.destroyForcibly();
      }
    }
  }

  @Test
  void twoClustersAtOnceShareNoNameAndNoSubnetAndCannotReachEachOther() throws IOException {
    String id = clusterId("second");
    try (HostNetwork second = HostNetwork.create(id, twoRacks(GBIT, GBIT))) {
      assertNotEquals(network.subnet(), second.subnet());
      for (String host : HOSTS) {
        assertNotEquals(network.namespace(host), second.namespace(host));
      }
      List<String> firstOnes = HostNetwork.leftovers(network.clusterId());
      assertTrue(HostNetwork.leftovers(id).stream().noneMatch(firstOnes::contains));
      Commands.Result lookup = Commands.attempt(inside(second, "dn1", "ip", "route", "get", network.address("dn1")));
      assertNotEquals(0, lookup.exitCode(), "a host of one cluster has no route to the other's");
    }
    assertNothingNamedFor(id);
    ProbeProcesses.Server server = servers.get("dn1");
    assertTrue(rootConnects(server), "the first cluster is untouched");
  }

  @Test
  void aFailedCreateNamesTheCommandAndRemovesWhatItMade() {
    String id = clusterId("failing");
    // tc cannot parse a rate this large; the second host fails after the first is fully built.
    HostNetworkPlan plan = new HostNetworkPlan(List.of(new Rack("/r", GBIT,
        List.of(new Host("ok", GBIT), new Host("bad", Long.MAX_VALUE)))));
    try {
      HostNetworkException e = assertThrows(HostNetworkException.class, () -> HostNetwork.create(id, plan));
      assertTrue(e.getMessage().startsWith("`tc -n strata-" + id + "-bad qdisc replace dev eth0 root tbf rate "),
          e.getMessage());
      assertTrue(e.getMessage().contains("failed (exit"), e.getMessage());
      assertNothingNamedFor(id);
    } finally {
      HostNetwork.removeLeftovers(id);
    }
  }

  @Test
  void theStateFileNamesEveryHostsNamespaceAndAddress() {
    Path dir = clusterDirs.resolve("state");
    HostNetworkState written = network.state();
    written.writeTo(dir);
    HostNetworkState read = HostNetworkState.readFrom(dir);
    assertEquals(written, read);
    assertEquals(network.clusterId(), read.clusterId());
    assertEquals(HOSTS, read.hosts().stream().map(HostNetworkState.HostEntry::name).toList());
    for (HostNetworkState.HostEntry entry : read.hosts()) {
      assertEquals(network.address(entry.name()), entry.address());
      assertEquals(network.namespace(entry.name()), entry.namespace());
    }
  }

  private static HostNetworkPlan twoRacks(long nic, long uplink) {
    return new HostNetworkPlan(List.of(
        new Rack(RACK1, uplink, List.of(new Host("dn1", nic), new Host("dn2", nic))),
        new Rack(RACK2, uplink, List.of(new Host("dn3", nic), new Host("dn4", nic)))));
  }

  private static HostNetworkPlan oneHost(String name) {
    return new HostNetworkPlan(List.of(new Rack(RACK1, GBIT, List.of(new Host(name, GBIT)))));
  }

  private static String clusterId(String dirName) {
    try {
      return HostNetwork.clusterId(Files.createDirectories(clusterDirs.resolve(dirName)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void assertNothingNamedFor(String id) {
    assertEquals(List.of(), HostNetwork.leftovers(id));
    String prefix = "strata-" + id + "-";
    assertTrue(Commands.run("ip", "netns", "list").lines().noneMatch(l -> l.startsWith(prefix)));
    assertTrue(Commands.run("ip", "-o", "link").lines().noneMatch(l -> l.contains(": s" + id)));
  }

  /** A TCP handshake from inside {@code host}, bounded by a timeout; bash's /dev/tcp needs no extra tools. */
  private static boolean connects(String host, String address, int port) {
    return Commands.attempt(inside(host, "timeout", "3", "bash", "-c", "exec 3<>/dev/tcp/" + address + "/" + port))
        .exitCode() == 0;
  }

  private static boolean rootConnects(ProbeProcesses.Server server) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(server.address(), server.port()), 3000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  private static List<String> inside(String host, String... command) {
    return inside(network, host, command);
  }

  private static List<String> inside(HostNetwork net, String host, String... command) {
    List<String> full = new ArrayList<>(net.execPrefix(host));
    full.addAll(List.of(command));
    return full;
  }

  private static Process start(HostNetwork net, String host, String... command) throws IOException {
    return new ProcessBuilder(inside(net, host, command)).start();
  }
}
