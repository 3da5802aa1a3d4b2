package io.strata.embedded.hosts;

import io.strata.core.concurrent.Sleeps;
import io.strata.embedded.hosts.HostNetworkPlan.Host;
import io.strata.embedded.hosts.HostNetworkPlan.Rack;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A cluster's hosts on one machine: every host a Linux network namespace with its own address, the hosts of a
 * rack on one bridge, every rack bridge joined to a core bridge by an uplink, and the root namespace on the core
 * bridge (where the NameNode and the clients talk from). All of it is one /24, so nothing is routed; no namespace
 * has a default route, so no traffic can leave the machine. Every host NIC and every uplink is shaped with
 * {@code tc tbf} on both of its ends, so the plan's bandwidth holds in both directions.
 *
 * <p>Needs root ({@link #unavailableReason()} says why it cannot run). {@link #close()} and
 * {@link #removeLeftovers(String)} kill the processes inside the namespaces and delete everything made.
 */
public final class HostNetwork implements AutoCloseable {
  /** How long processes in a namespace get to exit after SIGTERM before they are killed. */
  private static final long TERM_GRACE_MILLIS = 5_000;
  private static final Path IPV6_CONF = Path.of("/proc/sys/net/ipv6/conf");

  private final NetworkNames names;
  private final HostNetworkPlan plan;
  private final Subnet subnet;
  private final Map<String, Integer> hostIndex = new LinkedHashMap<>();
  private final Map<String, Integer> hostRack = new LinkedHashMap<>();
  private final Map<String, Integer> rackIndex = new LinkedHashMap<>();
  private boolean closed;

  private HostNetwork(NetworkNames names, HostNetworkPlan plan, Subnet subnet) {
    this.names = names;
    this.plan = plan;
    this.subnet = subnet;
    int index = 0;
    for (int k = 0; k < plan.racks().size(); k++) {
      Rack rack = plan.racks().get(k);
      rackIndex.put(rack.name(), k);
      for (Host host : rack.hosts()) {
        hostRack.put(host.name(), k);
        hostIndex.put(host.name(), index++);
      }
    }
  }

  /** The id {@link #create} and {@link #removeLeftovers} take for a cluster kept in {@code clusterDir}. */
  public static String clusterId(Path clusterDir) {
    return NetworkNames.clusterIdOf(clusterDir);
  }

  /** Why host networks cannot be made here (not root, no {@code ip}/{@code tc}, no namespaces), if they cannot. */
  public static Optional<String> unavailableReason() {
    String advice = "; run as root or use `strata cluster up` without --hosts for the in-process cluster";
    try {
      Object uid = Files.getAttribute(Path.of("/proc/self"), "unix:uid");
      if (!Integer.valueOf(0).equals(uid)) {
        return Optional.of("strata cluster up --hosts needs root to create network namespaces" + advice);
      }
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.of("strata cluster up --hosts needs Linux network namespaces (no /proc/self here)" + advice);
    }
    String probe = "strata-probe-" + ProcessHandle.current().pid();
    try {
      Commands.run("tc", "-V");
      Commands.run("ip", "netns", "add", probe);
    } catch (HostNetworkException e) {
      return Optional.of("strata cluster up --hosts cannot create network namespaces: " + e.getMessage()
          + "; use `strata cluster up` without --hosts for the in-process cluster");
    } finally {
      Commands.attempt("ip", "netns", "del", probe);
    }
    return Optional.empty();
  }

  /**
   * Builds the network for {@code plan}. Fails, without touching it, if something of this cluster id is already
   * there (call {@link #removeLeftovers} first); on any other failure removes what it made and throws an exception
   * naming the command that failed and its stderr.
   */
  public static HostNetwork create(String clusterId, HostNetworkPlan plan) {
    NetworkNames names = new NetworkNames(clusterId);
    try (FileChannel lockFile = FileChannel.open(lockPath(), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
         FileLock lock = lockFile.lock()) {
      List<String> existing = leftovers(clusterId);
      if (!existing.isEmpty()) {
        throw new HostNetworkException("a host network for cluster " + clusterId + " already exists ("
            + String.join(", ", existing) + "); remove it first (strata cluster down)");
      }
      Subnet subnet = Subnet.choose(clusterId, rangesInUse());
      HostNetwork network = new HostNetwork(names, plan, subnet);
      try {
        network.build();
      } catch (RuntimeException e) {
        try {
          removeLeftovers(clusterId);
        } catch (RuntimeException cleanup) {
          e.addSuppressed(cleanup);
        }
        throw e;
      }
      return network;
    } catch (IOException e) {
      throw new HostNetworkException("cannot lock " + lockPath() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Removes everything named for {@code clusterId}: kills the processes in its namespaces, deletes the namespaces,
   * links and bridges. Works without the object that made them, e.g. after its JVM was killed.
   */
  public static void removeLeftovers(String clusterId) {
    NetworkNames names = new NetworkNames(clusterId);
    List<String> namespaces = ownNamespaces(names);
    namespaces.forEach(HostNetwork::terminateProcesses);
    namespaces.forEach(HostNetwork::killProcesses);
    for (String namespace : namespaces) {
      Commands.run("ip", "netns", "del", namespace);
    }
    // Veths first (deleting one end removes its peer), bridges last; a link already gone with its peer is fine.
    List<String> links = ownLinks(names).stream()
        .sorted(Comparator.comparing((String name) -> name.equals(names.coreBridge()) || name.matches(".*r\\d+")))
        .toList();
    for (String link : links) {
      Commands.Result result = Commands.attempt("ip", "link", "del", link);
      if (result.exitCode() != 0 && ownLinks(names).contains(link)) {
        throw new HostNetworkException("`ip link del " + link + "` failed: " + result.stderr().strip());
      }
    }
  }

  /** The namespaces and root-namespace links named for {@code clusterId} that exist now. */
  public static List<String> leftovers(String clusterId) {
    NetworkNames names = new NetworkNames(clusterId);
    return Stream.concat(ownNamespaces(names).stream(), ownLinks(names).stream()).toList();
  }

  public String clusterId() {
    return names.clusterId();
  }

  public HostNetworkPlan plan() {
    return plan;
  }

  /** The cluster's /24, e.g. {@code 10.23.7.0/24}. */
  public String subnet() {
    return subnet.toString();
  }

  /** The root namespace's address on the core bridge. */
  public String rootAddress() {
    return subnet.address(1);
  }

  public String address(String host) {
    return subnet.address(2 + indexOf(host));
  }

  public String namespace(String host) {
    indexOf(host);
    return names.namespace(host);
  }

  /** Prepend to a command to run it inside {@code host}'s namespace. */
  public List<String> execPrefix(String host) {
    return List.of("ip", "netns", "exec", namespace(host));
  }

  /** Takes the rack's uplink down: its hosts reach each other but not the core or other racks. */
  public void cutUplink(String rack) {
    setUplinkState(rack, "down");
  }

  public void restoreUplink(String rack) {
    setUplinkState(rack, "up");
  }

  /** Reshapes both directions of the host's NIC. */
  public void setNicRate(String host, long bitsPerSecond) {
    TokenBucket bucket = new TokenBucket(bitsPerSecond);
    shape(Optional.of(namespace(host)), NetworkNames.HOST_NIC, bucket);
    shape(Optional.empty(), names.nicPeer(indexOf(host)), bucket);
  }

  /**
   * Bytes through the host's NIC so far: {sent by the host, received by the host}, from the kernel's counters of
   * its link's root-side end (what the host sends, that end receives).
   */
  public long[] nicBytes(String host) {
    String peer = names.nicPeer(indexOf(host));
    try {
      Path stats = Path.of("/sys/class/net", peer, "statistics");
      long received = Long.parseLong(Files.readString(stats.resolve("rx_bytes")).trim());
      long sent = Long.parseLong(Files.readString(stats.resolve("tx_bytes")).trim());
      return new long[] {received, sent};
    } catch (IOException | NumberFormatException e) {
      throw new HostNetworkException("cannot read the byte counters of " + peer + ": " + e.getMessage());
    }
  }

  /** Reshapes both directions of the rack's uplink. */
  public void setUplinkRate(String rack, long bitsPerSecond) {
    TokenBucket bucket = new TokenBucket(bitsPerSecond);
    int k = rackIndexOf(rack);
    shape(Optional.empty(), names.uplinkRackEnd(k), bucket);
    shape(Optional.empty(), names.uplinkCoreEnd(k), bucket);
  }

  /** What {@code strata cluster down} and the launcher need to find this network again. */
  public HostNetworkState state() {
    List<HostNetworkState.HostEntry> hosts = new ArrayList<>();
    for (Rack rack : plan.racks()) {
      for (Host host : rack.hosts()) {
        hosts.add(new HostNetworkState.HostEntry(host.name(), rack.name(), namespace(host.name()),
            address(host.name())));
      }
    }
    return new HostNetworkState(clusterId(), subnet(), rootAddress(), hosts);
  }

  /** Kills the processes left in the namespaces and deletes every namespace, link and bridge of this network. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    removeLeftovers(clusterId());
    List<String> left = leftovers(clusterId());
    if (!left.isEmpty()) {
      throw new HostNetworkException("left behind after close: " + String.join(", ", left));
    }
  }

  private void build() {
    String core = names.coreBridge();
    addLink(core, "type", "bridge");
    Commands.run("ip", "addr", "add", rootAddress() + "/" + Subnet.PREFIX_LENGTH, "dev", core);
    Commands.run("ip", "link", "set", core, "up");
    for (int k = 0; k < plan.racks().size(); k++) {
      buildRack(k, plan.racks().get(k));
    }
  }

  private void buildRack(int k, Rack rack) {
    String bridge = names.rackBridge(k);
    addLink(bridge, "type", "bridge");
    Commands.run("ip", "link", "set", bridge, "up");
    String rackEnd = names.uplinkRackEnd(k);
    String coreEnd = names.uplinkCoreEnd(k);
    addLink(rackEnd, "type", "veth", "peer", "name", coreEnd);
    disableIpv6(coreEnd);
    Commands.run("ip", "link", "set", rackEnd, "master", bridge, "up");
    Commands.run("ip", "link", "set", coreEnd, "master", names.coreBridge(), "up");
    setUplinkRate(rack.name(), rack.uplinkBitsPerSecond());
    for (Host host : rack.hosts()) {
      buildHost(host, bridge);
    }
  }

  private void buildHost(Host host, String rackBridge) {
    String namespace = names.namespace(host.name());
    if (ownNamespaces(names).contains(namespace)) {
      throw new HostNetworkException("hosts of the plan share namespace name " + namespace);
    }
    Commands.run("ip", "netns", "add", namespace);
    if (Files.isDirectory(IPV6_CONF)) {
      // Before the NIC exists, so it comes up without IPv6 and sends no router or neighbour solicitations.
      Commands.run("ip", "netns", "exec", namespace, "sysctl", "-q", "-w", "net.ipv6.conf.all.disable_ipv6=1",
          "net.ipv6.conf.default.disable_ipv6=1");
    }
    Commands.run("ip", "-n", namespace, "link", "set", "lo", "up");
    String peer = names.nicPeer(indexOf(host.name()));
    addLink(peer, "type", "veth", "peer", "name", NetworkNames.HOST_NIC, "netns", namespace);
    Commands.run("ip", "link", "set", peer, "master", rackBridge, "up");
    Commands.run("ip", "-n", namespace, "addr", "add", address(host.name()) + "/" + Subnet.PREFIX_LENGTH,
        "dev", NetworkNames.HOST_NIC);
    Commands.run("ip", "-n", namespace, "link", "set", NetworkNames.HOST_NIC, "up");
    setNicRate(host.name(), host.nicBitsPerSecond());
  }

  /** Adds a root-namespace link, down, and turns IPv6 off on it before anything brings it up. */
  private static void addLink(String name, String... spec) {
    List<String> command = new ArrayList<>(List.of("ip", "link", "add", name));
    command.addAll(Arrays.asList(spec));
    Commands.run(command);
    disableIpv6(name);
  }

  private static void disableIpv6(String link) {
    Path setting = IPV6_CONF.resolve(link).resolve("disable_ipv6");
    if (Files.exists(setting)) {
      try {
        Files.writeString(setting, "1");
      } catch (IOException e) {
        throw new HostNetworkException("cannot disable IPv6 on " + link + ": " + e.getMessage(), e);
      }
    }
  }

  private static void shape(Optional<String> namespace, String link, TokenBucket bucket) {
    List<String> command = new ArrayList<>(List.of("tc"));
    namespace.ifPresent(ns -> command.addAll(List.of("-n", ns)));
    command.addAll(List.of("qdisc", "replace", "dev", link, "root"));
    command.addAll(bucket.qdiscArguments());
    Commands.run(command);
  }

  private void setUplinkState(String rack, String state) {
    int k = rackIndexOf(rack);
    Commands.run("ip", "link", "set", names.uplinkRackEnd(k), state);
    Commands.run("ip", "link", "set", names.uplinkCoreEnd(k), state);
  }

  private int indexOf(String host) {
    Integer index = hostIndex.get(host);
    if (index == null) {
      throw new NoSuchElementException("no host " + host + " in cluster " + clusterId());
    }
    return index;
  }

  private int rackIndexOf(String rack) {
    Integer index = rackIndex.get(rack);
    if (index == null) {
      throw new NoSuchElementException("no rack " + rack + " in cluster " + clusterId());
    }
    return index;
  }

  private static List<String> ownNamespaces(NetworkNames names) {
    return Commands.run("ip", "netns", "list").lines()
        .map(line -> line.split("\\s+")[0])
        .filter(ns -> ns.startsWith(names.namespacePrefix()))
        .toList();
  }

  private static List<String> ownLinks(NetworkNames names) {
    return Commands.run("ip", "-o", "link", "show").lines()
        .map(line -> line.split(":\\s+")[1].split("@")[0])
        .filter(names::isOwnLink)
        .toList();
  }

  private static List<ProcessHandle> processesIn(String namespace) {
    Commands.Result result = Commands.attempt("ip", "netns", "pids", namespace);
    return result.stdout().lines()
        .map(String::strip)
        .filter(s -> s.matches("\\d+"))
        .map(Long::parseLong)
        .flatMap(pid -> ProcessHandle.of(pid).stream())
        .toList();
  }

  private static void terminateProcesses(String namespace) {
    processesIn(namespace).forEach(ProcessHandle::destroy);
  }

  private static void killProcesses(String namespace) {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TERM_GRACE_MILLIS);
    List<ProcessHandle> alive = processesIn(namespace);
    while (!alive.isEmpty() && System.nanoTime() < deadline) {
      Sleeps.sleep(100, e -> new HostNetworkException("interrupted while waiting for processes to exit", e));
      alive = processesIn(namespace);
    }
    alive.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle process : alive) {
      process.onExit().completeOnTimeout(process, TERM_GRACE_MILLIS, TimeUnit.MILLISECONDS).join();
    }
  }

  private static List<Subnet.Cidr> rangesInUse() {
    return Subnet
        .rangesIn(Commands.run("ip", "-4", "addr") + "\n" + Commands.run("ip", "-4", "route", "show", "table", "all"));
  }

  private static Path lockPath() {
    Path run = Path.of("/run/lock");
    Path dir = Files.isDirectory(run) ? run : Path.of(System.getProperty("java.io.tmpdir"));
    return dir.resolve("strata-hostnet.lock");
  }
}
