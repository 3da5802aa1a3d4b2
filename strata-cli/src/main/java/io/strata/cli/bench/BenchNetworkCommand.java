package io.strata.cli.bench;

import io.strata.cli.shared.ExitCodes;
import io.strata.embedded.hosts.HostNetwork;
import io.strata.bench.network.NetworkFidelityBench;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench network}: does the host network hold the rates it is given? */
@Command(name = "network", mixinStandardHelpOptions = true,
    description = {"Build a small host network (3 namespaces in 2 racks) and run a bulk TCP transfer through a "
        + "shaped NIC and through a shaped rack uplink at each RATE; print measured throughput and its ratio to the "
        + "rate (see docs/bench-network.md). Needs root; removes the network afterwards.",
        "Exit code 0 when it ran, 1 when host networks cannot be made here."})
final class BenchNetworkCommand implements Callable<Integer> {
  @Option(names = "--seconds", paramLabel = "S", defaultValue = "2",
      description = "length of each transfer at its rate (default: ${DEFAULT-VALUE})")
  double seconds;

  @Option(names = "--rates", paramLabel = "MBIT,MBIT", split = ",", defaultValue = "10,100,500,1000",
      description = "rates to measure, in Mbit/s (default: ${DEFAULT-VALUE})")
  List<Long> ratesMbit;

  @Override
  public Integer call() throws Exception {
    Optional<String> unavailable = HostNetwork.unavailableReason();
    if (unavailable.isPresent()) {
      // The reason ends with advice for cluster up; the bench has no in-process fallback.
      String reason = unavailable.get().replace("strata cluster up --hosts", "strata bench network");
      int advice = reason.indexOf(';');
      System.err.println("strata: " + (advice < 0 ? reason : reason.substring(0, advice)));
      return ExitCodes.FAILED;
    }
    NetworkFidelityBench.run(seconds, ratesMbit, System.out);
    return 0;
  }
}
