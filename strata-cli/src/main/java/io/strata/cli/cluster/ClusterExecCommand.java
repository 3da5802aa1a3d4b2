package io.strata.cli.cluster;

import io.strata.core.config.ConfigException;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetworkState;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code strata cluster exec HOST -- CMD...}: run a command on one host of a cluster of hosts. */
@Command(name = "exec", mixinStandardHelpOptions = true,
    description = {"Run CMD inside HOST's network namespace of a running `strata cluster up --hosts`, with "
        + "HADOOP_CONF_DIR set to DIR: a client there reads and writes as that host (its writes land their first "
        + "replica on HOST, its reads get HOST's replica first).",
        "Exit code: CMD's own; 2 for a host not in the cluster or no cluster of hosts in DIR."})
final class ClusterExecCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "HOST", description = "the host's name in the cluster's spec")
  String host;

  @Parameters(index = "1..*", arity = "1..*", paramLabel = "CMD", description = "the command and its arguments")
  List<String> command;

  @Option(names = "--dir", paramLabel = "DIR", defaultValue = "strata-cluster",
      description = "the running cluster's directory, as given to strata cluster up (default: ${DEFAULT-VALUE})")
  Path dir;

  @Override
  public Integer call() throws Exception {
    Path base = dir.toAbsolutePath().normalize();
    if (!Files.isRegularFile(base.resolve(HostNetworkState.FILE_NAME))) {
      throw new ConfigException(base + ": no cluster of hosts here (start one with strata cluster up --hosts --dir "
          + base + ")");
    }
    ProcessBuilder builder;
    try {
      builder = HostCluster.inHost(base, host, command);
    } catch (NoSuchElementException e) {
      throw new ConfigException(e.getMessage());
    }
    return builder.inheritIO().start().waitFor();
  }
}
