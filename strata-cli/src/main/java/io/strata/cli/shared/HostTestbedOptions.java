package io.strata.cli.shared;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.SpecParser;
import io.strata.core.spec.SpecText;
import io.strata.embedded.hosts.HostCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import picocli.CommandLine.Option;

/**
 * {@code --hosts} and its options for a benchmark or demo: run on the cluster of hosts ({@link HostCluster}, one
 * network namespace and DataNode JVM per spec node) instead of the in-process cluster, optionally with other NIC and
 * uplink rates than the spec's, since the kernel shapes only rates up to about 1 Gbit/s (docs/bench-network.md).
 */
public final class HostTestbedOptions {
  @Option(names = "--hosts", description = {"run on the cluster of hosts: every spec node a network namespace with its "
      + "own address, NIC, rack uplink and DataNode JVM, the readers inside the hosts (needs root; see "
      + "docs/cluster.md)"})
  boolean hosts;

  // Short labels keep the option column narrow enough for picocli to wrap the descriptions evenly.
  @Option(names = "--nic-gbps", paramLabel = "N",
      description = "with --hosts: every host's NIC at N Gbit/s instead of the spec's (the kernel holds <= 1)")
  Double nicGbps;

  @Option(names = "--uplink-gbps", paramLabel = "N",
      description = "with --hosts: every rack uplink at N Gbit/s instead of the spec's")
  Double uplinkGbps;

  @Option(names = "--plugin-jar", paramLabel = "JAR",
      description = "with --hosts: the NameNode plugin jar (default: strata-hdfs/target/strata-hdfs-*-plugin.jar)")
  Path pluginJar;

  /** Whether to run on the cluster of hosts. */
  public boolean hosts() {
    return hosts;
  }

  /** Fails on testbed options given without {@code --hosts}, or on rates that are not positive. */
  public void check() {
    if (!hosts && (nicGbps != null || uplinkGbps != null || pluginJar != null)) {
      throw new ConfigException("--nic-gbps, --uplink-gbps and --plugin-jar are for --hosts only");
    }
    for (Double rate : new Double[] {nicGbps, uplinkGbps}) {
      if (rate != null && !(rate > 0)) {
        throw new ConfigException("--nic-gbps and --uplink-gbps must be > 0, got " + rate);
      }
    }
  }

  /** Whether {@code --nic-gbps} or {@code --uplink-gbps} was given. */
  public boolean ratesGiven() {
    return nicGbps != null || uplinkGbps != null;
  }

  /** The spec with the NIC and uplink rates these options give, in its text too (the NameNode reads the text). */
  public ClusterChoice.Loaded applyRates(ClusterChoice.Loaded loaded) {
    if (nicGbps == null && uplinkGbps == null) {
      return loaded;
    }
    String text = SpecText.withNetwork(loaded.text(),
        nicGbps != null ? nicGbps : loaded.spec().network().nicGbps(),
        uplinkGbps != null ? uplinkGbps : loaded.spec().network().rackUplinkGbps());
    return new ClusterChoice.Loaded(SpecParser.parse(loaded.spec().name(), text), text);
  }

  /** The cluster of hosts' options: the spec, the plugin jar and {@code pluginConf}, 8 MiB blocks. */
  public HostCluster.Options clusterOptions(Path dir, ClusterChoice.Loaded loaded, Map<String, String> pluginConf)
      throws IOException {
    return HostCluster.Options.defaults(dir, loaded.spec(), loaded.text(), PluginJar.find(pluginJar),
        HostCluster.hadoopJarsOfThisJvm(), pluginConf);
  }

  /** The rates the testbed shapes, for a heading. */
  public static String rates(ClusterChoice.Loaded loaded) {
    return String.format("NICs %s Gbit/s, rack uplinks %s Gbit/s", format(loaded.spec().network().nicGbps()),
        format(loaded.spec().network().rackUplinkGbps()));
  }

  private static String format(double gbps) {
    return gbps == Math.rint(gbps) ? Long.toString((long) gbps) : Double.toString(gbps);
  }
}
