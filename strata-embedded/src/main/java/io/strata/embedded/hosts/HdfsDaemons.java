package io.strata.embedded.hosts;

import io.strata.core.concurrent.Sleeps;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.ClientConfigWriter;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;

/**
 * The HDFS daemons of a {@link HostCluster}: a stock NameNode in its own JVM in the root namespace, run from Hadoop's
 * jars, Strata's plugin jar and a configuration directory only, as docs/install.md tells an operator; one DataNode
 * JVM ({@link HostDataNode}) per spec node inside that node's namespace; and the NameNode's admin client.
 */
final class HdfsDaemons implements AutoCloseable {
  static final String NAMENODE = "namenode";
  /** The JVM options of a DataNode: with these, nine DataNodes and a NameNode fit two cores and a few GB. */
  static final List<String> DATANODE_JVM_OPTIONS = List.of("-Xms32m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
      "-XX:ActiveProcessorCount=1", "-XX:MaxMetaspaceSize=128m", "-Xss512k");
  static final List<String> NAMENODE_JVM_OPTIONS = List.of("-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
      "-XX:ActiveProcessorCount=2");

  private final HostCluster.Options options;
  private final HostNetwork network;
  private final DaemonProcesses processes;
  private final DistributedFileSystem admin;
  private Process nameNode;
  private final Map<String, Process> dataNodes = new TreeMap<>();

  private HdfsDaemons(HostCluster.Options options, HostNetwork network, DaemonProcesses processes, Process nameNode,
      DistributedFileSystem admin) {
    this.options = options;
    this.network = network;
    this.processes = processes;
    this.nameNode = nameNode;
    this.admin = admin;
  }

  /** The NameNode's configuration directory, which also holds the rack table and the clients' log4j settings. */
  static Path nameNodeConf(Path clusterDir) {
    return clusterDir.resolve(NAMENODE).resolve("conf");
  }

  /** Formats and starts the NameNode, and connects its admin client; stops the NameNode if that fails. */
  static HdfsDaemons startNameNode(HostCluster.Options options, HostNetwork network, DaemonProcesses processes,
      PrintStream progress) throws IOException {
    Path conf = HostClusterConf.writeNameNode(options, network.state(), options.dir().resolve(NAMENODE));
    progress.println("formatting and starting the NameNode at " + network.rootAddress() + ":"
        + HostCluster.NAMENODE_RPC_PORT);
    format(options, processes, conf);
    Process nameNode = processes.start(NAMENODE, nameNodeCommand(options, conf, List.of()));
    try {
      URI uri = uri(network);
      Configuration adminConf = new Configuration(false);
      adminConf.set("fs.defaultFS", uri.toString());
      adminConf.setInt("ipc.client.connect.max.retries", 3);
      adminConf.setBoolean("fs.hdfs.impl.disable.cache", true);
      DistributedFileSystem admin = (DistributedFileSystem) FileSystem.get(uri, adminConf);
      return new HdfsDaemons(options, network, processes, nameNode, admin);
    } catch (IOException | RuntimeException e) {
      DaemonProcesses.stop(nameNode.toHandle());
      throw e;
    }
  }

  static URI uri(HostNetwork network) {
    return URI.create("hdfs://" + network.rootAddress() + ":" + HostCluster.NAMENODE_RPC_PORT);
  }

  DistributedFileSystem fileSystem() {
    return admin;
  }

  /** Adds the NameNode's pid ({@code namenode}) and each running DataNode's (by host). */
  void addPids(Map<String, Long> pids) {
    pids.put(NAMENODE, nameNode.pid());
    dataNodes.forEach((host, process) -> pids.put(host, process.pid()));
  }

  void launchDataNode(String host) throws IOException {
    Path conf = HostClusterConf.writeDataNode(options, host, network.address(host), uri(network));
    List<String> command = new ArrayList<>(network.execPrefix(host));
    command.add(DaemonProcesses.javaBinary());
    command.add("-Xmx" + options.dataNodeHeapMb() + "m");
    command.addAll(DATANODE_JVM_OPTIONS);
    command.addAll(DaemonProcesses.JAVA_OPENS);
    command.add("-Dlog4j.configuration=" + conf.resolve("log4j.properties").toUri());
    command.add("-Dstrata.cluster.dir=" + options.dir());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), HostDataNode.class.getName(),
        conf.toString(), options.dir().resolve(ClientConfigWriter.SPEC_FILE).toString(), host,
        Double.toString(options.speedScaleOf(host))));
    dataNodes.put(host, processes.start(host, command));
  }

  /**
   * Stops {@code host}'s DataNode (SIGTERM) and waits until the NameNode counts it dead.
   *
   * @throws IllegalArgumentException when its DataNode is already stopped
   */
  void stopDataNode(String host) throws IOException {
    Process process = dataNodes.remove(host);
    if (process == null) {
      throw new IllegalArgumentException("the DataNode of " + host + " is already stopped");
    }
    processes.stop(host, process);
    waitFor(Duration.ofMinutes(2), () -> hostsIn(DatanodeReportType.DEAD).contains(host),
        "the NameNode to count " + host + " dead");
  }

  /**
   * Starts {@code host}'s DataNode again and waits until it has registered.
   *
   * @throws IllegalArgumentException when its DataNode runs
   */
  void startDataNode(String host) throws IOException {
    if (dataNodes.containsKey(host)) {
      throw new IllegalArgumentException("the DataNode of " + host + " is running");
    }
    launchDataNode(host);
    awaitDataNodes(Set.of(host), new PrintStream(OutputStream.nullOutputStream()));
  }

  /** Restarts the NameNode with {@code pluginConf} in place of the options' plugin keys; waits for the DataNodes. */
  void restartNameNode(Map<String, String> pluginConf) throws IOException {
    HostCluster.Options restarted = options.withPluginConf(pluginConf);
    DaemonProcesses.stop(nameNode.toHandle());
    Path conf = HostClusterConf.writeNameNode(restarted, network.state(), options.dir().resolve(NAMENODE));
    nameNode = processes.start(NAMENODE, nameNodeCommand(restarted, conf, List.of()));
    awaitDataNodes(new HashSet<>(dataNodes.keySet()), new PrintStream(OutputStream.nullOutputStream()));
  }

  /**
   * Waits until the DataNodes of {@code hosts} have registered with their volumes and the NameNode has left safe
   * mode, printing the count as it grows.
   */
  void awaitDataNodes(Set<String> hosts, PrintStream progress) throws IOException {
    long deadline = System.nanoTime() + DaemonProcesses.START_TIMEOUT.toNanos();
    int reported = -1;
    while (true) {
      if (!nameNode.isAlive()) {
        throw processes.exited("NameNode", NAMENODE);
      }
      for (String host : hosts) {
        Process process = dataNodes.get(host);
        if (process != null && !process.isAlive()) {
          throw processes.exited("DataNode of " + host, host);
        }
      }
      Set<String> ready = readyHosts();
      ready.retainAll(hosts);
      if (ready.size() != reported) {
        reported = ready.size();
        progress.printf("  DataNodes registered with their volumes: %d/%d%n", reported, hosts.size());
      }
      if (reported == hosts.size() && !inSafeMode()) {
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("only " + ready + " of " + hosts + " registered within "
            + DaemonProcesses.START_TIMEOUT);
      }
      Sleeps.sleep(500);
    }
  }

  /** Closes the admin client, stops every DataNode, then the NameNode. */
  @Override
  public void close() {
    try {
      admin.close();
    } catch (IOException e) {
      // the NameNode goes next anyway
    }
    DaemonProcesses.stopAll(dataNodes.values());
    dataNodes.clear();
    DaemonProcesses.stop(nameNode.toHandle());
  }

  /** The live hosts whose capacity the NameNode reports as the spec's, i.e. whose volumes are prepared. */
  private Set<String> readyHosts() {
    Map<String, Long> capacities = new TreeMap<>();
    options.spec().nodes()
        .forEach(n -> capacities.put(n.host(), n.volumes().stream().mapToLong(VolumeSpec::capacityBytes).sum()));
    try {
      return Arrays.stream(admin.getDataNodeStats(DatanodeReportType.LIVE))
          .filter(dn -> capacities.getOrDefault(dn.getHostName(), -1L) == dn.getCapacity())
          .map(DatanodeInfo::getHostName)
          .collect(Collectors.toCollection(HashSet::new));
    } catch (IOException e) {
      return new HashSet<>();
    }
  }

  private Set<String> hostsIn(DatanodeReportType type) {
    try {
      return Arrays.stream(admin.getDataNodeStats(type)).map(DatanodeInfo::getHostName).collect(Collectors.toSet());
    } catch (IOException e) {
      return Set.of();
    }
  }

  private boolean inSafeMode() {
    try {
      return admin.setSafeMode(SafeModeAction.SAFEMODE_GET);
    } catch (IOException e) {
      return true;
    }
  }

  private static void format(HostCluster.Options options, DaemonProcesses processes, Path conf) throws IOException {
    String name = "namenode-format";
    Process format = processes.startUnrecorded(name,
        nameNodeCommand(options, conf, List.of("-format", "-force", "-nonInteractive")));
    try {
      if (!format.waitFor(DaemonProcesses.START_TIMEOUT.toSeconds(), TimeUnit.SECONDS) || format.exitValue() != 0) {
        format.destroyForcibly();
        throw new IOException("formatting the NameNode failed; " + processes.seeLog(name));
      }
    } catch (InterruptedException e) {
      format.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while formatting the NameNode", e);
    }
  }

  /** The stock NameNode with Hadoop's jars, the plugin jar and the conf dir on its class path, nothing else. */
  private static List<String> nameNodeCommand(HostCluster.Options options, Path conf, List<String> args) {
    List<String> classpath = new ArrayList<>();
    classpath.add(conf.toString());
    classpath.add(options.pluginJar().toAbsolutePath().toString());
    options.hadoopJars().forEach(jar -> classpath.add(jar.toAbsolutePath().toString()));
    List<String> command = new ArrayList<>(List.of(DaemonProcesses.javaBinary()));
    command.addAll(NAMENODE_JVM_OPTIONS);
    command.addAll(DaemonProcesses.JAVA_OPENS);
    command.add("-Dhadoop.log.dir=" + options.dir().resolve(DaemonProcesses.LOGS));
    command.addAll(List.of("-cp", String.join(File.pathSeparator, classpath),
        "org.apache.hadoop.hdfs.server.namenode.NameNode"));
    command.addAll(args);
    return command;
  }

  private static void waitFor(Duration timeout, BooleanSupplier condition, String what) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("timed out after " + timeout.toSeconds() + " s waiting for " + what);
      }
      Sleeps.sleep(250);
    }
  }
}
