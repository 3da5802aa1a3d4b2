package io.strata.embedded.hosts;

import io.strata.core.concurrent.Sleeps;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * The YARN daemons of a {@link HostCluster} started with YARN: a ResourceManager and a JobHistoryServer in the root
 * namespace and a NodeManager in every host's namespace, for MapReduce jobs submitted from the root namespace.
 */
final class YarnDaemons implements AutoCloseable {
  private static final String RESOURCE_MANAGER = "resourcemanager";
  private static final String HISTORY_SERVER = "historyserver";
  private static final String NODE_MANAGER_PREFIX = "nodemanager-";
  /** The ResourceManager's and the JobHistoryServer's JVM options (besides the opens and the hosts file). */
  static final List<String> RESOURCE_MANAGER_JVM_OPTIONS = List.of("-Xms64m", "-Xmx384m", "-XX:+UseSerialGC",
      "-XX:ActiveProcessorCount=2");
  static final List<String> HISTORY_SERVER_JVM_OPTIONS = List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=1");
  /** A NodeManager's JVM options; its containers get {@link HostYarnConf#CONTAINER_MEMORY_MB} each. */
  static final List<String> NODE_MANAGER_JVM_OPTIONS = List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=1", "-Xss512k");

  private final HostCluster.Options options;
  private final HostNetwork network;
  private final DaemonProcesses processes;
  private final List<String> hosts;
  private final Map<String, Process> daemons = new LinkedHashMap<>();

  YarnDaemons(HostCluster.Options options, HostNetwork network, DaemonProcesses processes, List<String> hosts) {
    this.options = options;
    this.network = network;
    this.processes = processes;
    this.hosts = List.copyOf(hosts);
  }

  /** The ResourceManager's client address, {@code ROOT_ADDRESS:8032}. */
  String resourceManagerAddress() {
    return network.rootAddress() + ":" + HostYarnConf.RESOURCE_MANAGER_PORT;
  }

  /** Adds the pids of the {@code resourcemanager}, the {@code historyserver} and each {@code nodemanager-HOST}. */
  void addPids(Map<String, Long> pids) {
    daemons.forEach((name, process) -> pids.put(name, process.pid()));
  }

  /**
   * Writes the hosts file and YARN's conf dirs, starts the ResourceManager in the root namespace and a NodeManager in
   * every host's namespace.
   */
  void launch(PrintStream progress) throws IOException {
    Path dir = options.dir();
    Path topology = topologyTable();
    HostYarnConf.writeHostsFile(dir, network);
    Path conf = HostYarnConf.writeResourceManager(options, network, topology,
        dir.resolve(RESOURCE_MANAGER).resolve("conf"),
        HdfsDaemons.nameNodeConf(dir).resolve("log4j.properties"));
    progress.println("starting the ResourceManager at " + resourceManagerAddress());
    launchDaemon(RESOURCE_MANAGER, List.of(), conf, RESOURCE_MANAGER_JVM_OPTIONS,
        "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager", Map.of());
    Map<String, List<Path>> intermediateDirs = HostYarnConf.intermediateDirs(options);
    if (!intermediateDirs.isEmpty()) {
      progress.println("NodeManager local dirs on the '" + options.spec().intermediateTier()
          + "' volumes (the spec's intermediate tier): " + dir.resolve("hosts") + "/HOST/"
          + options.spec().intermediateTier() + "-INDEX");
    }
    for (String host : hosts) {
      Path hostDir = dir.resolve("hosts").resolve(host);
      Path hostConf = hostDir.resolve("conf");
      HostYarnConf.writeNodeManager(options, network.rootAddress(), topology, host, hostDir, hostConf,
          intermediateDirs.getOrDefault(host, List.of()));
      // Its own UTS namespace gives the host its name, so an application master or a task on it tells others
      // the host's name (hence address), not the machine's.
      List<String> prefix = new ArrayList<>(network.execPrefix(host));
      prefix.addAll(List.of("unshare", "--uts", "sh", "-c", "hostname \"$1\" && shift && exec \"$@\"", "sh", host));
      launchDaemon(NODE_MANAGER_PREFIX + host, prefix, hostConf, NODE_MANAGER_JVM_OPTIONS,
          "org.apache.hadoop.yarn.server.nodemanager.NodeManager",
          Map.of("JAVA_HOME", System.getProperty("java.home"), "HADOOP_CONF_DIR", hostConf.toString()));
    }
  }

  /** Starts the JobHistoryServer (it needs HDFS out of safe mode) and waits for it and every NodeManager. */
  void startHistoryServerAndAwait(PrintStream progress) throws IOException {
    launchDaemon(HISTORY_SERVER, List.of(), options.dir().resolve(RESOURCE_MANAGER).resolve("conf"),
        HISTORY_SERVER_JVM_OPTIONS, "org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer", Map.of());
    HostYarnConf.writeClient(options, network, topologyTable());
    awaitNodeManagers(progress);
    progress.println("waiting for the JobHistoryServer at " + network.rootAddress() + ":"
        + HostYarnConf.JOB_HISTORY_PORT);
    long deadline = System.nanoTime() + DaemonProcesses.START_TIMEOUT.toNanos();
    while (!listening(network.rootAddress(), HostYarnConf.JOB_HISTORY_PORT)) {
      requireDaemonsAlive();
      if (System.nanoTime() > deadline) {
        throw new IOException("the JobHistoryServer did not listen within " + DaemonProcesses.START_TIMEOUT);
      }
      Sleeps.sleep(500);
    }
  }

  /** Stops every YARN daemon. */
  @Override
  public void close() {
    DaemonProcesses.stopAll(daemons.values());
    daemons.clear();
  }

  private void launchDaemon(String name, List<String> prefix, Path conf, List<String> jvmOptions, String mainClass,
      Map<String, String> environment) throws IOException {
    List<String> command = new ArrayList<>(prefix);
    command.add(DaemonProcesses.javaBinary());
    command.addAll(jvmOptions);
    command.addAll(DaemonProcesses.JAVA_OPENS);
    command.add(HostYarnConf.hostsFileOption(options.dir()));
    command.add("-Dhadoop.log.dir=" + options.dir().resolve(DaemonProcesses.LOGS));
    command.add("-Dyarn.log.dir=" + options.dir().resolve(DaemonProcesses.LOGS));
    command.addAll(List.of("-cp", HostYarnConf.classpath(conf, options), mainClass));
    daemons.put(name, processes.start(name, command, environment));
  }

  /** Waits until every host's NodeManager runs in the ResourceManager's eyes, printing the count as it grows. */
  private void awaitNodeManagers(PrintStream progress) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("yarn.resourcemanager.address", resourceManagerAddress());
    // Until the ResourceManager listens, a short failure, not YARN's default 15 minutes of retries.
    conf.setLong("yarn.resourcemanager.connect.max-wait.ms", 2000);
    conf.setLong("yarn.resourcemanager.connect.retry-interval.ms", 500);
    conf.setInt("ipc.client.connect.max.retries", 1);
    long deadline = System.nanoTime() + DaemonProcesses.START_TIMEOUT.toNanos();
    int reported = -1;
    try (YarnClient client = YarnClient.createYarnClient()) {
      client.init(conf);
      client.start();
      while (true) {
        requireDaemonsAlive();
        Set<String> running = new HashSet<>();
        try {
          client.getNodeReports(NodeState.RUNNING).forEach(node -> running.add(node.getNodeId().getHost()));
        } catch (IOException | YarnException e) {
          // not listening yet
        }
        running.retainAll(hosts);
        if (running.size() != reported) {
          reported = running.size();
          progress.printf("  NodeManagers registered with the ResourceManager: %d/%d%n", reported, hosts.size());
        }
        if (reported == hosts.size()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("only " + running + " of " + hosts + " NodeManagers registered within "
              + DaemonProcesses.START_TIMEOUT);
        }
        Sleeps.sleep(500);
      }
    }
  }

  private void requireDaemonsAlive() throws IOException {
    for (Map.Entry<String, Process> daemon : daemons.entrySet()) {
      if (!daemon.getValue().isAlive()) {
        throw processes.exited(daemon.getKey(), daemon.getKey());
      }
    }
  }

  private static boolean listening(String address, int port) {
    try (Socket socket = new Socket()) {
      socket.connect(new InetSocketAddress(address, port), 1000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** The rack table the NameNode's conf dir holds, which YARN uses too. */
  private Path topologyTable() {
    return HdfsDaemons.nameNodeConf(options.dir()).resolve("topology.table");
  }
}
