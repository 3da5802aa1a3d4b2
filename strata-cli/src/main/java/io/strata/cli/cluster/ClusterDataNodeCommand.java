package io.strata.cli.cluster;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code strata cluster datanode stop|start HOST}: fail a node of a running embedded cluster, and bring it back. */
@Command(name = "datanode", mixinStandardHelpOptions = true,
    description = {"Stop or start the DataNode of one host of a running `strata cluster up`, to see what a dead "
        + "node does to your files (e.g. to the one filer replica of a demoted file; see `strata tier rescue`).",
        "stop: the DataNode shuts down and the NameNode counts it dead at once, as it would after ten minutes "
            + "without its heartbeats. start: it comes back on its own volumes, with their emulated speeds.",
        "Exit code 0 when done, 2 for a host not in the spec (or already in that state) or no cluster in DIR, 1 "
            + "otherwise."})
final class ClusterDataNodeCommand implements Callable<Integer> {
  enum Action { stop, start }

  @Parameters(index = "0", paramLabel = "stop|start", description = "what to do")
  Action action;

  @Parameters(index = "1", paramLabel = "HOST", description = "the node's host name in the cluster's spec")
  String host;

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = "strata-cluster",
      description = "the running cluster's directory, as given to strata cluster up (default: ${DEFAULT-VALUE})")
  Path dir;

  @Override
  public Integer call() throws Exception {
    return ClusterRequest.send(dir.toAbsolutePath(),
        action.name().toLowerCase(Locale.ROOT) + " " + host, Duration.ofSeconds(120));
  }
}
