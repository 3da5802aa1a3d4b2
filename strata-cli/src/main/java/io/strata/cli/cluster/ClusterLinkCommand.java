package io.strata.cli.cluster;

import io.strata.core.config.ConfigException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code strata cluster link cut|restore|rate}: fail or throttle a link of a running cluster of hosts. */
@Command(name = "link", mixinStandardHelpOptions = true,
    description = {"Cut, restore or throttle a link of a running `strata cluster up --hosts`.",
        "cut --rack R: take rack R's uplink down (its hosts reach only each other). restore --rack R: bring it "
            + "back. rate --host H RATE | --rack R RATE: reshape host H's NIC or rack R's uplink, both directions, "
            + "e.g. 100Mbit or 1Gbit.",
        "The running launcher makes the change (it owns the network), so this works only while it runs.",
        "Exit code 0 when done, 2 for a bad rate, a rack or host not in the cluster, or no cluster of hosts in DIR, "
            + "1 otherwise."})
final class ClusterLinkCommand implements Callable<Integer> {
  enum Action { cut, restore, rate }

  @Parameters(index = "0", paramLabel = "cut|restore|rate", description = "what to do")
  Action action;

  @Parameters(index = "1", arity = "0..1", paramLabel = "RATE", description = "for rate: the new rate, e.g. 100Mbit")
  String rate;

  @Option(names = "--rack", paramLabel = "RACK", description = "the rack whose uplink to change, e.g. /rack1")
  String rack;

  @Option(names = "--host", paramLabel = "HOST", description = "for rate: the host whose NIC to change")
  String host;

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = "strata-cluster",
      description = "the running cluster's directory, as given to strata cluster up (default: ${DEFAULT-VALUE})")
  Path dir;

  @Override
  public Integer call() throws Exception {
    String request = switch (action) {
      case cut, restore -> {
        if (rack == null || host != null || rate != null) {
          throw new ConfigException("link " + action + " takes --rack RACK only");
        }
        yield "link-" + action + " " + rack;
      }
      case rate -> {
        if ((rack == null) == (host == null) || rate == null) {
          throw new ConfigException("link rate takes either --host HOST or --rack RACK, and a RATE");
        }
        long bits = LinkRate.parse(rate, "RATE");
        yield host != null ? "rate-host " + host + " " + bits : "rate-rack " + rack + " " + bits;
      }
    };
    return ClusterRequest.send(dir.toAbsolutePath(), request, Duration.ofSeconds(60));
  }
}
