package io.strata.embedded.hosts;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.RackSpec;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What the host network should look like: racks, the hosts under each rack's switch, and the bandwidth of every
 * host's NIC and every rack's uplink to the core, in bits per second.
 */
public record HostNetworkPlan(List<Rack> racks) {
  /** Host addresses are .2 to .254 of one /24 (.1 is the root namespace's). */
  public static final int MAX_HOSTS = 253;

  /** A rack: its name (e.g. {@code /rack1}), its uplink's bandwidth and its hosts. */
  public record Rack(String name, long uplinkBitsPerSecond, List<Host> hosts) {
    public Rack {
      hosts = List.copyOf(hosts);
      requirePositive(uplinkBitsPerSecond, "uplink of rack " + name);
    }
  }

  /** A host: its name and its NIC's bandwidth. */
  public record Host(String name, long nicBitsPerSecond) {
    public Host {
      requirePositive(nicBitsPerSecond, "NIC of host " + name);
    }
  }

  public HostNetworkPlan {
    racks = List.copyOf(racks);
    Set<String> names = new HashSet<>();
    int count = 0;
    for (Rack rack : racks) {
      for (Host host : rack.hosts()) {
        if (!names.add(host.name())) {
          throw new IllegalArgumentException("host " + host.name() + " appears twice in the network plan");
        }
        count++;
      }
    }
    if (count == 0) {
      throw new IllegalArgumentException("the network plan has no hosts");
    }
    if (count > MAX_HOSTS) {
      throw new IllegalArgumentException(
          "the network plan has " + count + " hosts; one /24 holds at most " + MAX_HOSTS);
    }
  }

  /** One host per spec node, each NIC at the spec's {@code nicGbps}, each rack uplink at its {@code rackUplinkGbps}. */
  public static HostNetworkPlan from(ClusterSpec spec) {
    long nic = gbpsToBits(spec.network().nicGbps());
    long uplink = gbpsToBits(spec.network().rackUplinkGbps());
    List<Rack> racks = spec.racks().stream()
        .filter(r -> !r.nodes().isEmpty())
        .map(r -> rack(r, nic, uplink))
        .toList();
    return new HostNetworkPlan(racks);
  }

  /** Every host, rack by rack, in plan order. */
  public List<Host> hosts() {
    return racks.stream().flatMap(r -> r.hosts().stream()).toList();
  }

  private static Rack rack(RackSpec rack, long nic, long uplink) {
    List<Host> hosts = rack.nodes().stream().map(NodeSpec::host).map(h -> new Host(h, nic)).toList();
    return new Rack(rack.name(), uplink, hosts);
  }

  private static long gbpsToBits(double gbps) {
    return Math.round(gbps * 1e9);
  }

  private static void requirePositive(long bitsPerSecond, String what) {
    if (bitsPerSecond <= 0) {
      throw new IllegalArgumentException(what + " must have a positive bandwidth, not " + bitsPerSecond + " bit/s");
    }
  }
}
