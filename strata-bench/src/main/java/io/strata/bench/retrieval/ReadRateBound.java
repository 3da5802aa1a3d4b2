package io.strata.bench.retrieval;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jgrapht.alg.flow.PushRelabelMFImpl;
import org.jgrapht.graph.DefaultDirectedWeightedGraph;
import org.jgrapht.graph.DefaultWeightedEdge;

/**
 * An upper bound on a read round's aggregate rate (all bytes over the time the last read ends) from the capacities
 * of the devices and links alone, whatever replica each read is sent to: the largest rate {@code R} at which every
 * read can get its share of bytes ({@code R * bytes / all bytes}, so all end together) as a flow through its
 * replicas' devices and the links between each replica and its reader. A read may split a block over its replicas
 * (a fluid model: over many blocks, a reader's choices average out to such a split), a node-local read uses no
 * link, a rack-local one both nodes' NICs, a remote one the NICs and both racks' uplinks.
 *
 * <p>Each rate is a max-flow (JGraphT's push-relabel) from the reads through their replicas' devices, the serving
 * node's NIC, the uplinks and the reading node's NIC; the largest feasible rate is found by bisection. One flow
 * stands for all reads, so where the flows of several reads meet (a device, a link) the graph no longer knows whose
 * bytes go on; the edges leaving those meeting points are capped by what the reads behind them want, which keeps a
 * device's bytes to the readers that want them. It can still pass one read's bytes through another's share, so the
 * figure is an upper bound (the exact figure is a multi-commodity flow), never an underestimate: a policy's share
 * of it is at most 1.
 */
public final class ReadRateBound {
  /** One volume holding a replica: its node, rack and read rate in MB/s. */
  public record Volume(String host, String rack, String id, double readMBps) {
    public Volume {
      if (!(readMBps > 0)) {
        throw new IllegalArgumentException("volume " + id + " on " + host + ": read rate must be > 0, got " + readMBps);
      }
    }
  }

  /** One reader's read of one block: where it runs, the bytes it wants, and the volumes holding the block. */
  public record Read(String readerHost, String readerRack, long bytes, List<Volume> replicas) {
    public Read {
      replicas = List.copyOf(replicas);
      if (bytes <= 0 || replicas.isEmpty()) {
        throw new IllegalArgumentException("a read of " + readerHost + " needs bytes > 0 and a replica");
      }
    }
  }

  /** Link speeds in MB/s: every node's NIC (each direction) and every rack's uplink (each direction). */
  public record Links(double nicMBps, double uplinkMBps) {
    public Links {
      if (!(nicMBps > 0) || !(uplinkMBps > 0)) {
        throw new IllegalArgumentException("link rates must be > 0: NIC " + nicMBps + ", uplink " + uplinkMBps);
      }
    }

    /** From Gbit/s, as a cluster spec gives them. */
    public static Links ofGbps(double nicGbps, double uplinkGbps) {
      return new Links(nicGbps * 125, uplinkGbps * 125);
    }
  }

  private static final String SOURCE = "source";
  private static final String SINK = "sink";
  private static final int BISECTIONS = 60;

  private ReadRateBound() {}

  /** The bound in MB/s for {@code reads} over {@code links}. */
  public static double aggregateMBps(List<Read> reads, Links links) {
    if (reads.isEmpty()) {
      return 0;
    }
    double allBytes = reads.stream().mapToDouble(Read::bytes).sum();
    Map<String, Volume> volumes = new HashMap<>();
    reads.forEach(r -> r.replicas().forEach(v -> volumes.put(key(v), v)));
    double high = volumes.values().stream().mapToDouble(Volume::readMBps).sum();
    double low = 0;
    for (int i = 0; i < BISECTIONS && high - low > 1e-9 * high; i++) {
      double rate = (low + high) / 2;
      if (feasible(reads, links, rate, allBytes, high)) {
        low = rate;
      } else {
        high = rate;
      }
    }
    return low;
  }

  /** Whether every read can get {@code rate * bytes / allBytes} at once. */
  private static boolean feasible(List<Read> reads, Links links, double rate, double allBytes, double unbounded) {
    FlowGraph g = new FlowGraph();
    double wanted = 0;
    for (int j = 0; j < reads.size(); j++) {
      Read read = reads.get(j);
      double demand = rate * read.bytes() / allBytes;
      wanted += demand;
      String readNode = "read:" + j;
      g.demand(SOURCE, readNode, j, demand);
      for (Volume v : read.replicas()) {
        String device = "device:" + key(v);
        String out = "device-out:" + key(v);
        g.fixed(readNode, device, unbounded);
        g.fixed(device, out, v.readMBps());
        if (v.host().equals(read.readerHost())) {
          g.demand(out, SINK, j, demand);
          continue;
        }
        String nicOut = "nic-out:" + v.host();
        String nicIn = "nic-in:" + read.readerHost();
        g.demand(out, nicOut + ":from", j, demand);
        g.fixed(nicOut + ":from", nicOut, links.nicMBps());
        if (v.rack().equals(read.readerRack())) {
          g.demand(nicOut, nicIn + ":to", j, demand);
        } else {
          String up = "uplink-out:" + v.rack();
          String down = "uplink-in:" + read.readerRack();
          g.demand(nicOut, up + ":from", j, demand);
          g.fixed(up + ":from", up, links.uplinkMBps());
          g.demand(up, down + ":to", j, demand);
          g.fixed(down + ":to", down, links.uplinkMBps());
          g.demand(down, nicIn + ":to", j, demand);
        }
        g.fixed(nicIn + ":to", nicIn, links.nicMBps());
        g.demand(nicIn, SINK, j, demand);
      }
    }
    double flow = new PushRelabelMFImpl<>(g.graph).getMaximumFlowValue(SOURCE, SINK);
    return flow >= wanted * (1 - 1e-9);
  }

  /**
   * The flow network: edges of a fixed capacity (a device, a link) set once, and demand caps, each the sum of the
   * demands of the reads that can pass there, every read counted once however many of its replicas use the edge.
   */
  private static final class FlowGraph {
    final DefaultDirectedWeightedGraph<String, DefaultWeightedEdge> graph = new DefaultDirectedWeightedGraph<>(
        DefaultWeightedEdge.class);
    private final Set<String> counted = new HashSet<>();

    void fixed(String from, String to, double capacity) {
      if (edge(from, to) == null) {
        graph.setEdgeWeight(graph.addEdge(from, to), capacity);
      }
    }

    void demand(String from, String to, int read, double demand) {
      if (!counted.add(from + "\n" + to + "\n" + read)) {
        return;
      }
      DefaultWeightedEdge edge = edge(from, to);
      if (edge == null) {
        graph.setEdgeWeight(graph.addEdge(from, to), demand);
      } else {
        graph.setEdgeWeight(edge, graph.getEdgeWeight(edge) + demand);
      }
    }

    private DefaultWeightedEdge edge(String from, String to) {
      graph.addVertex(from);
      graph.addVertex(to);
      return graph.getEdge(from, to);
    }
  }

  private static String key(Volume v) {
    return v.host() + "/" + v.id();
  }
}
