package io.strata.bench.network;

import io.strata.embedded.hosts.HostNetwork;
import io.strata.embedded.hosts.HostNetworkPlan;
import io.strata.embedded.hosts.HostNetworkPlan.Host;
import io.strata.embedded.hosts.HostNetworkPlan.Rack;
import io.strata.embedded.hosts.ProbeProcesses;
import io.strata.embedded.hosts.TransferProbe;
import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * How closely a host network's shaping holds the configured rates: for each rate, a bulk TCP transfer limited by
 * a NIC (two hosts of one rack) and one limited by an uplink (hosts of two racks), each with its measured
 * throughput and its ratio to the rate. Needs root; cleans up after itself.
 *
 * <p>Usage: {@code NetworkFidelityBench [SECONDS_PER_TRANSFER] [RATE_MBIT...]}, defaults 2 s and 10 100 500 1000.
 */
public final class NetworkFidelityBench {
  /** Links that are not under test run at this rate, well above the fastest one measured. */
  static final long UNLIMITED_BITS = 20_000_000_000L;
  private static final String RACK_A = "/rackA";
  private static final String RACK_B = "/rackB";

  private NetworkFidelityBench() {}

  public static void main(String[] args) throws IOException {
    double seconds = args.length > 0 ? Double.parseDouble(args[0]) : 2;
    List<Long> ratesMbit = args.length > 1
        ? Arrays.stream(args, 1, args.length).map(Long::parseLong).toList()
        : List.of(10L, 100L, 500L, 1000L);
    HostNetwork.unavailableReason().ifPresent(reason -> {
      System.err.println(reason);
      System.exit(1);
    });
    run(seconds, ratesMbit, System.out);
  }

  public static void run(double seconds, List<Long> ratesMbit, PrintStream out) throws IOException {
    HostNetworkPlan plan = new HostNetworkPlan(List.of(
        new Rack(RACK_A, UNLIMITED_BITS, List.of(new Host("a1", UNLIMITED_BITS), new Host("a2", UNLIMITED_BITS))),
        new Rack(RACK_B, UNLIMITED_BITS, List.of(new Host("b1", UNLIMITED_BITS)))));
    String clusterId = String.format("%06x", ProcessHandle.current().pid() & 0xffffff);
    try (HostNetwork network = HostNetwork.create(clusterId, plan);
         ProbeProcesses.Server rackLocal = ProbeProcesses.serve(network, "a2");
         ProbeProcesses.Server crossRack = ProbeProcesses.serve(network, "b1")) {
      out.printf("%-8s %-10s %14s %14s %7s%n", "link", "path", "configured", "measured", "ratio");
      for (long mbit : ratesMbit) {
        long bits = mbit * 1_000_000;
        long bytes = (long) (bits / 8 * seconds);
        network.setNicRate("a1", bits);
        network.setNicRate("a2", bits);
        report(out, "nic", "a1->a2", bits, ProbeProcesses.send(network, "a1", rackLocal, bytes));
        network.setNicRate("a1", UNLIMITED_BITS);
        network.setNicRate("a2", UNLIMITED_BITS);
        network.setUplinkRate(RACK_A, bits);
        report(out, "uplink", "a1->b1", bits, ProbeProcesses.send(network, "a1", crossRack, bytes));
        network.setUplinkRate(RACK_A, UNLIMITED_BITS);
      }
    }
  }

  private static void report(PrintStream out, String link, String path, long bits, TransferProbe.Transfer t) {
    out.printf(Locale.ROOT, "%-8s %-10s %9.1f Mbit/s %9.1f Mbit/s %7.3f%n", link, path, bits / 1e6,
        t.bitsPerSecond() / 1e6, t.bitsPerSecond() / bits);
    out.flush();
  }
}
