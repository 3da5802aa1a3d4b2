package io.strata.cli.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.PluginConf;
import io.strata.cli.shared.PluginJar;
import io.strata.core.config.ConfigException;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.control.ClusterControl;
import io.strata.embedded.control.HostClusterTarget;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetwork;
import io.strata.embedded.hosts.HostNetworkState;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;
import sun.misc.Signal;

/** {@code strata cluster up --hosts}: the cluster of hosts ({@link HostCluster}) until Ctrl-C or SIGTERM. */
final class HostClusterUp {
  /**
   * What {@code cluster up} asks of the cluster of hosts: its options as given, the {@code -D} settings and the read
   * order checked.
   *
   * @param retrievalConf   the NameNode's read-order setting, or none for its default
   * @param retrievalPolicy the read order the NameNode will use
   * @param hdfsSettings    the {@code -D} settings for the NameNode and the DataNodes
   */
  record Settings(Path dir, int port, int httpPort, boolean stock, String rules, Map<String, String> retrievalConf,
      String retrievalPolicy, Path pluginJar, long blockSize, boolean noEmulation, double speedScale, boolean yarn,
      Map<String, String> hdfsSettings, boolean json) {}

  private final Settings options;

  HostClusterUp(Settings options) {
    this.options = options;
  }

  int run(ClusterChoice.Loaded loaded) throws Exception {
    Optional<String> unavailable = HostNetwork.unavailableReason();
    if (unavailable.isPresent()) {
      System.err.println("strata: " + unavailable.get());
      return ExitCodes.FAILED;
    }
    if (options.port() != 0 || options.httpPort() != 0) {
      throw new ConfigException("--port/--http-port: with --hosts the NameNode has the cluster's own address and "
          + "listens on " + HostCluster.NAMENODE_RPC_PORT + " and " + HostCluster.NAMENODE_HTTP_PORT);
    }
    Path base = options.dir().toAbsolutePath().normalize();
    Map<String, String> pluginConf;
    if (options.stock()) {
      if (options.rules() != null) {
        throw new ConfigException("--rules needs Strata's plugins; drop --stock");
      }
      pluginConf = Map.of();
    } else {
      pluginConf = new java.util.LinkedHashMap<>(PluginConf.forSpec(base, loaded, options.rules()));
      pluginConf.putAll(options.retrievalConf());
    }

    HostCluster.Options clusterOptions = HostCluster.Options.defaults(base, loaded.spec(), loaded.text(),
        PluginJar.find(options.pluginJar()), HostCluster.hadoopJarsOfThisJvm(), pluginConf)
        .withBlockSize(options.blockSize())
        .withSpeedScale(options.noEmulation() ? 0 : options.speedScale())
        .withYarn(options.yarn())
        .withHdfsConf(options.hdfsSettings());

    // Until the cluster is up, a signal ends the JVM and this hook removes whatever start had made by then.
    AtomicReference<HostCluster> running = new AtomicReference<>();
    Runnable shutDown = () -> {
      System.err.println("strata: shutting down the cluster of hosts");
      ClusterControl.stopServing(base);
      HostCluster cluster = running.get();
      if (cluster != null) {
        cluster.close();
      } else {
        HostCluster.down(base);
      }
    };
    Thread hook = new Thread(shutDown, "strata-host-cluster-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    running.set(HostCluster.start(clusterOptions, System.err));
    CountDownLatch stopRequested = new CountDownLatch(1);
    for (String signal : List.of("INT", "TERM")) {
      try {
        Signal.handle(new Signal(signal), s -> stopRequested.countDown());
      } catch (IllegalArgumentException e) {
        // not available to handle on this platform: the shutdown hook stops the cluster
      }
    }
    ClusterControl.serve(base, new HostClusterTarget(running.get()));
    print(loaded, running.get());
    stopRequested.await();
    Runtime.getRuntime().removeShutdownHook(hook);
    shutDown.run();
    return 0;
  }

  private void print(ClusterChoice.Loaded loaded, HostCluster cluster) {
    HostNetworkState state = cluster.network().state();
    if (options.json()) {
      ObjectMapper mapper = new ObjectMapper();
      ObjectNode out = mapper.createObjectNode();
      out.put("spec", loaded.spec().name());
      out.put("fs", cluster.uri().toString());
      out.put("webUi", cluster.webUi());
      out.put("confDir", cluster.dir().toString());
      out.put("dataNodes", loaded.spec().nodes().size());
      out.put("subnet", state.subnet());
      out.put("startupSeconds", cluster.startupTime().toMillis() / 1000.0);
      out.put("emulatedDeviceSpeed", !options.noEmulation());
      out.put("strataPlugins", !options.stock());
      if (!options.stock()) {
        out.put("retrieval", options.retrievalPolicy());
      }
      if (cluster.yarn()) {
        out.put("resourceManager", cluster.resourceManagerAddress());
        out.put("resourceManagerWebUi", cluster.resourceManagerWebUi());
        out.put("jobHistoryWebUi", cluster.jobHistoryWebUi());
        out.put("jobClientOpts", cluster.hostsFileOption());
      }
      out.set("hosts", mapper.valueToTree(state.hosts()));
      System.out.println(out);
    } else {
      System.out.printf("Cluster of hosts '%s' is up in %.1f s: %d hosts in %d racks on %s%n", loaded.spec().name(),
          cluster.startupTime().toMillis() / 1000.0, loaded.spec().nodes().size(), loaded.spec().racks().size(),
          state.subnet());
      System.out.printf("  NameNode RPC : %s (own JVM, plugin jar %s)%n", cluster.uri(),
          options.stock() ? "on the class path, not configured" : "configured");
      System.out.printf("  NameNode web : %s%n", cluster.webUi());
      System.out.printf("  client conf  : %s (core-site.xml, hdfs-site.xml, %s%s)%n", cluster.dir(),
          cluster.yarn() ? "yarn-site.xml, mapred-site.xml, " : "", ClientConfigWriter.SPEC_FILE);
      if (cluster.yarn()) {
        System.out.printf("  YARN         : ResourceManager %s (web %s), JobHistoryServer %s%n",
            cluster.resourceManagerAddress(), cluster.resourceManagerWebUi(), cluster.jobHistoryWebUi());
        System.out.printf("  run a job    : HADOOP_CLIENT_OPTS=%s hadoop --config %s jar JAR ...%n",
            cluster.hostsFileOption(), cluster.dir());
      }
      System.out.printf("  logs         : %s%n", cluster.dir().resolve("logs"));
      System.out.printf("  device speed : %s%n", options.noEmulation() ? "not emulated"
          : "emulated per volume, x" + options.speedScale());
      System.out.printf("  read order   : %s%n", options.stock() ? "stock HDFS" : options.retrievalPolicy());
      for (HostNetworkState.HostEntry host : state.hosts()) {
        System.out.printf("  host %-7s : %-15s rack %s%n", host.name(), host.address(), host.rack());
      }
      System.out.printf("  try          : hdfs --config %s dfs -ls /   or   strata report / --conf %s%n",
          cluster.dir(), cluster.dir());
      System.out.printf("  on a host    : strata cluster exec HOST --dir %s -- hdfs dfs -put FILE /%n", cluster.dir());
      System.out.printf("  fail things  : strata cluster datanode stop|start HOST, strata cluster link cut|restore "
          + "--rack R, strata cluster link rate --host H|--rack R RATE (all with --dir %s)%n", cluster.dir());
      System.out.printf("  clean up     : Ctrl-C, or strata cluster down --dir %s%n", cluster.dir());
      System.out.println("Press Ctrl-C to stop.");
    }
    System.out.flush();
  }
}
