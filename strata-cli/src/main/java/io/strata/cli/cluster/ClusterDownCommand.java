package io.strata.cli.cluster;

import io.strata.cli.shared.ExitCodes;
import io.strata.embedded.control.ClusterControl;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetwork;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata cluster down}: stop the cluster of a directory and remove everything it made. */
@Command(name = "down", mixinStandardHelpOptions = true,
    description = {"Stop the cluster kept in DIR and remove everything it made: its launcher (SIGTERM), its "
        + "NameNode and DataNode processes, and, for `cluster up --hosts`, its network namespaces, links and bridges "
        + "(all named after DIR, so another cluster's are left alone). Works after the launcher was killed with "
        + "SIGKILL; data and logs in DIR stay.",
        "Exit code 0 when nothing of the cluster is left (also when nothing was there), 1 otherwise."})
final class ClusterDownCommand implements Callable<Integer> {
  private static final Duration LAUNCHER_GRACE = Duration.ofSeconds(90);

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = "strata-cluster",
      description = "the cluster's directory, as given to strata cluster up (default: ${DEFAULT-VALUE})")
  Path dir;

  @Override
  public Integer call() throws Exception {
    Path base = dir.toAbsolutePath().normalize();
    Optional<ProcessHandle> launcher = ClusterControl.server(base);
    if (launcher.isPresent()) {
      System.out.println("stopping the launcher, process " + launcher.get().pid());
      launcher.get().destroy();
      try {
        launcher.get().onExit().get(LAUNCHER_GRACE.toSeconds(), TimeUnit.SECONDS);
      } catch (java.util.concurrent.TimeoutException e) {
        launcher.get().destroyForcibly();
      }
    }
    List<String> removed = HostCluster.down(base);
    removed.forEach(item -> System.out.println("removed " + item));
    List<String> left = HostNetwork.leftovers(HostNetwork.clusterId(base));
    if (!left.isEmpty()) {
      System.err.println("strata: still there: " + String.join(", ", left));
      return ExitCodes.FAILED;
    }
    if (launcher.isEmpty() && removed.isEmpty()) {
      System.out.println("nothing of a cluster in " + base + " was running");
    } else {
      System.out.println("the cluster in " + base + " is down");
    }
    return 0;
  }
}
