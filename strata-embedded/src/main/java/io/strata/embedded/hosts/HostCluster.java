package io.strata.embedded.hosts;

import io.strata.core.concurrent.Sleeps;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.ClientConfigWriter;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/**
 * A cluster of hosts on one machine: a stock NameNode in its own JVM in the root namespace, run from Hadoop's jars,
 * Strata's plugin jar and a configuration directory only, as docs/install.md tells an operator; and one DataNode
 * JVM ({@link HostDataNode}) per spec node inside that node's namespace of a {@link HostNetwork}, so the NameNode
 * sees every node at its own address, in its own rack, behind links the kernel shapes.
 *
 * <p>Everything lives in the cluster directory: the client configuration at its top (as {@code strata cluster up}
 * writes it), the NameNode's and each host's configuration, data and logs below, and the process ids in
 * {@code pids/}, so {@link #down(Path)} finds what a killed launcher left.
 */
public final class HostCluster implements AutoCloseable {
  public static final int NAMENODE_RPC_PORT = 8020;
  public static final int NAMENODE_HTTP_PORT = 9870;
  /** The JVM options of a DataNode: with these, nine DataNodes and a NameNode fit two cores and a few GB. */
  public static final List<String> DATANODE_JVM_OPTIONS = List.of("-Xms32m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=1", "-XX:MaxMetaspaceSize=128m", "-Xss512k");
  public static final List<String> NAMENODE_JVM_OPTIONS = List.of("-Xms64m", "-Xmx512m", "-XX:+UseSerialGC",
      "-XX:ActiveProcessorCount=2");
  /** What Hadoop needs opened on Java 17 (the same as the project's tests and bin/strata give it). */
  private static final List<String> JAVA_OPENS = Stream.of("java.lang", "java.util", "java.nio", "sun.nio.ch",
      "java.lang.reflect", "java.io", "java.net", "java.util.concurrent")
      .flatMap(p -> Stream.of("--add-opens", "java.base/" + p + "=ALL-UNNAMED")).toList();
  private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
  private static final Duration STOP_GRACE = Duration.ofSeconds(20);
  private static final String PIDS = "pids";
  private static final String NAMENODE = "namenode";
  private static final String RESOURCE_MANAGER = "resourcemanager";
  private static final String HISTORY_SERVER = "historyserver";
  private static final String NODE_MANAGER_PREFIX = "nodemanager-";
  /** The ResourceManager's and the JobHistoryServer's JVM options (besides the opens and the hosts file). */
  public static final List<String> RESOURCE_MANAGER_JVM_OPTIONS = List.of("-Xms64m", "-Xmx384m",
      "-XX:+UseSerialGC", "-XX:ActiveProcessorCount=2");
  public static final List<String> HISTORY_SERVER_JVM_OPTIONS = List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=1");
  /** A NodeManager's JVM options; its containers get {@link HostYarnConf#CONTAINER_MEMORY_MB} each. */
  public static final List<String> NODE_MANAGER_JVM_OPTIONS = List.of("-Xms32m", "-Xmx256m", "-XX:+UseSerialGC",
      "-XX:TieredStopAtLevel=1", "-XX:ActiveProcessorCount=1", "-Xss512k");

  /**
   * How to start: where, what spec, the plugin jar and Hadoop's jars for the NameNode, the NameNode keys that turn
   * the plugin on ({@code dfs.block.replicator.classname} and the rest of docs/install.md), the block size, the
   * factor on every emulated device speed (0 turns the emulation off) and each DataNode's heap.
   */
  public record Options(Path dir, ClusterSpec spec, String specText, Path pluginJar, List<Path> hadoopJars,
      Map<String, String> pluginConf, long blockSize, double speedScale, int dataNodeHeapMb, boolean yarn,
      Map<String, String> hdfsConf) {
    public Options {
      dir = dir.toAbsolutePath().normalize();
      hadoopJars = List.copyOf(hadoopJars);
      pluginConf = Map.copyOf(new LinkedHashMap<>(pluginConf));
      hdfsConf = Map.copyOf(new LinkedHashMap<>(hdfsConf));
      if (speedScale < 0) {
        throw new IllegalArgumentException("speedScale must be >= 0 (0: no emulation), got " + speedScale);
      }
    }

    /** 8 MiB blocks, emulated device speeds, 256 MB DataNode heaps, no YARN. */
    public static Options defaults(Path dir, ClusterSpec spec, String specText, Path pluginJar,
        List<Path> hadoopJars, Map<String, String> pluginConf) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, 8L << 20, 1.0, 256, false,
          Map.of());
    }

    public Options withBlockSize(long bytes) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, bytes, speedScale, dataNodeHeapMb,
          yarn, hdfsConf);
    }

    public Options withSpeedScale(double scale) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, scale, dataNodeHeapMb,
          yarn, hdfsConf);
    }

    public Options withDataNodeHeapMb(int mb) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale, mb, yarn,
          hdfsConf);
    }

    /**
     * With YARN: a ResourceManager and a JobHistoryServer in the root namespace and a NodeManager on every host,
     * for MapReduce jobs submitted from the root namespace.
     */
    public Options withYarn(boolean on) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale,
          dataNodeHeapMb, on, hdfsConf);
    }

    /**
     * HDFS settings (as {@code -D key=value}) for the NameNode, every DataNode and the client configuration, on top
     * of what the cluster sets; the plugin keys come after them.
     */
    public Options withHdfsConf(Map<String, String> conf) {
      Map<String, String> merged = new LinkedHashMap<>(hdfsConf);
      merged.putAll(conf);
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale,
          dataNodeHeapMb, yarn, merged);
    }
  }

  private final Options options;
  private final HostNetwork network;
  private Process nameNode;
  private final Map<String, Process> dataNodes = new TreeMap<>();
  private final DistributedFileSystem admin;
  private final Map<String, Process> yarnDaemons = new LinkedHashMap<>();
  private Duration startupTime = Duration.ZERO;
  private boolean closed;

  private HostCluster(Options options, HostNetwork network, Process nameNode, DistributedFileSystem admin) {
    this.options = options;
    this.network = network;
    this.nameNode = nameNode;
    this.admin = admin;
  }

  /**
   * The jars of this JVM's class path that are not Strata's: Hadoop and what it needs, for a NameNode that must
   * see Strata only through the plugin jar.
   */
  public static List<Path> hadoopJarsOfThisJvm() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> entry.endsWith(".jar"))
        .map(Path::of)
        .filter(jar -> !jar.getFileName().toString().startsWith("strata-") && !jar.toString().contains("/io/strata/")
            && !jar.toString().contains("surefire"))
        .toList();
  }

  /**
   * Starts the cluster in {@code options.dir()}, first removing whatever an earlier cluster of that directory left
   * (processes, namespaces, links and its data), and returns once every DataNode has registered with its volumes.
   * Progress goes to {@code progress}. Needs root: see {@link HostNetwork#unavailableReason()}.
   */
  public static HostCluster start(Options options, PrintStream progress) throws IOException {
    long started = System.nanoTime();
    if (!Files.isRegularFile(options.pluginJar())) {
      throw new IOException("no plugin jar at " + options.pluginJar()
          + " (build it with: mvn -B -ntp package -DskipTests -pl strata-hdfs -am)");
    }
    Path dir = options.dir();
    down(dir);
    deleteRecursively(dir.resolve(NAMENODE));
    deleteRecursively(dir.resolve("hosts"));
    Files.createDirectories(dir.resolve("logs"));
    Files.createDirectories(dir.resolve(PIDS));
    Files.writeString(dir.resolve(ClientConfigWriter.SPEC_FILE), options.specText());

    progress.printf("creating the host network (%d hosts in %d racks)%n", options.spec().nodes().size(),
        options.spec().racks().size());
    HostNetwork network = HostNetwork.create(HostNetwork.clusterId(dir), HostNetworkPlan.from(options.spec()));
    Process nameNode = null;
    HostCluster cluster = null;
    try {
      network.state().writeTo(dir);
      Path nameNodeConf = HostClusterConf.writeNameNode(options, network, dir.resolve(NAMENODE));
      progress.println("formatting and starting the NameNode at " + network.rootAddress() + ":" + NAMENODE_RPC_PORT);
      formatNameNode(options, nameNodeConf);
      nameNode = startProcess(List.of(), nameNodeCommand(options, nameNodeConf, List.of()),
          dir.resolve("logs").resolve("namenode.log"), dir.resolve(PIDS).resolve(NAMENODE));
      URI uri = URI.create("hdfs://" + network.rootAddress() + ":" + NAMENODE_RPC_PORT);
      Configuration adminConf = new Configuration(false);
      adminConf.set("fs.defaultFS", uri.toString());
      adminConf.setInt("ipc.client.connect.max.retries", 3);
      adminConf.setBoolean("fs.hdfs.impl.disable.cache", true);
      DistributedFileSystem admin = (DistributedFileSystem) FileSystem.get(uri, adminConf);
      cluster = new HostCluster(options, network, nameNode, admin);
      for (NodeSpec node : options.spec().nodes()) {
        cluster.launchDataNode(node.host());
      }
      if (options.yarn()) {
        cluster.launchYarn(progress);
      }
      cluster.awaitDataNodes(options.spec().nodes().stream().map(NodeSpec::host).collect(Collectors.toSet()),
          progress);
      HostClusterConf.writeClient(options, cluster.uri(), cluster.webUi());
      if (options.yarn()) {
        cluster.startHistoryServerAndAwaitYarn(progress);
      }
      cluster.startupTime = Duration.ofNanos(System.nanoTime() - started);
      progress.printf("cluster up in %.1f s%n", cluster.startupTime.toMillis() / 1000.0);
      return cluster;
    } catch (IOException | RuntimeException e) {
      try {
        if (cluster != null) {
          cluster.close();
        } else {
          if (nameNode != null) {
            stop(nameNode);
          }
          network.close();
        }
      } catch (RuntimeException cleanup) {
        e.addSuppressed(cleanup);
      }
      throw e;
    }
  }

  /**
   * Removes everything a cluster of {@code dir} made and may have left, also when its launcher was killed: the
   * NameNode process (known by its pid file and a command line naming {@code dir}), every process in the
   * cluster's namespaces, the namespaces, links and bridges. Returns what it stopped or removed.
   */
  public static List<String> down(Path dir) {
    Path absolute = dir.toAbsolutePath().normalize();
    List<String> removed = new ArrayList<>();
    Path pids = absolute.resolve(PIDS);
    if (Files.isDirectory(pids)) {
      try (Stream<Path> files = Files.list(pids)) {
        for (Path file : files.sorted(Comparator.comparing(p -> p.getFileName().toString().equals(NAMENODE)))
            .toList()) {
          ownProcess(file, absolute).ifPresent(process -> {
            stop(process);
            removed.add("process " + process.pid() + " (" + file.getFileName() + ")");
          });
          Files.deleteIfExists(file);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + pids, e);
      }
    }
    String id = HostNetwork.clusterId(absolute);
    List<String> network = HostNetwork.leftovers(id);
    HostNetwork.removeLeftovers(id);
    removed.addAll(network);
    return removed;
  }

  /** The process a pid file names, if it still runs and its command line names the cluster directory. */
  private static Optional<ProcessHandle> ownProcess(Path pidFile, Path dir) throws IOException {
    long pid;
    try {
      pid = Long.parseLong(Files.readString(pidFile).strip());
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    return ProcessHandle.of(pid)
        .filter(ProcessHandle::isAlive)
        .filter(p -> commandLine(p.pid()).contains(dir.toString()));
  }

  /** The kernel's copy of a process's command line (ProcessHandle.Info cuts long ones short). */
  private static String commandLine(long pid) {
    try {
      return Files.readString(Path.of("/proc", Long.toString(pid), "cmdline")).replace('\0', ' ');
    } catch (IOException e) {
      return "";
    }
  }

  public HostNetwork network() {
    return network;
  }

  public Path dir() {
    return options.dir();
  }

  public URI uri() {
    return URI.create("hdfs://" + network.rootAddress() + ":" + NAMENODE_RPC_PORT);
  }

  public String webUi() {
    return "http://" + network.rootAddress() + ":" + NAMENODE_HTTP_PORT;
  }

  /** Whether this cluster runs YARN ({@link Options#withYarn}). */
  public boolean yarn() {
    return options.yarn();
  }

  /** The ResourceManager's client address, {@code ROOT_ADDRESS:8032}. */
  public String resourceManagerAddress() {
    return network.rootAddress() + ":" + HostYarnConf.RESOURCE_MANAGER_PORT;
  }

  public String resourceManagerWebUi() {
    return "http://" + network.rootAddress() + ":" + HostYarnConf.RESOURCE_MANAGER_WEB_PORT;
  }

  public String jobHistoryWebUi() {
    return "http://" + network.rootAddress() + ":" + HostYarnConf.JOB_HISTORY_WEB_PORT;
  }

  /**
   * The JVM option a job client in the root namespace needs: YARN names hosts, which only the cluster's hosts
   * file resolves.
   */
  public String hostsFileOption() {
    return HostYarnConf.hostsFileOption(options.dir());
  }

  /** What Hadoop needs opened on Java 17, as JVM options. */
  static List<String> javaOpens() {
    return JAVA_OPENS;
  }

  /**
   * From {@link #start} until every DataNode had registered with its volumes (and, with YARN, every NodeManager
   * with the ResourceManager and the history server listens).
   */
  public Duration startupTime() {
    return startupTime;
  }

  /** Host names in spec order. */
  public List<String> hosts() {
    return options.spec().nodes().stream().map(NodeSpec::host).toList();
  }

  /**
   * The process ids of the NameNode ({@code namenode}), of each running DataNode (by host) and, with YARN, of the
   * {@code resourcemanager}, the {@code historyserver} and each {@code nodemanager-HOST}.
   */
  public Map<String, Long> pids() {
    Map<String, Long> pids = new LinkedHashMap<>();
    pids.put(NAMENODE, nameNode.pid());
    dataNodes.forEach((host, process) -> pids.put(host, process.pid()));
    yarnDaemons.forEach((name, process) -> pids.put(name, process.pid()));
    return pids;
  }

  /** A client configuration for this cluster: the files {@link #start} wrote into the cluster directory. */
  public Configuration clientConf() {
    Configuration conf = new Configuration();
    conf.addResource(new org.apache.hadoop.fs.Path(options.dir().resolve("core-site.xml").toUri()));
    conf.addResource(new org.apache.hadoop.fs.Path(options.dir().resolve("hdfs-site.xml").toUri()));
    return conf;
  }

  /** The NameNode's file system, as a client in the root namespace sees it. */
  public DistributedFileSystem fileSystem() {
    return admin;
  }

  /**
   * A process builder for {@code command} run inside {@code host}'s namespace, with {@code HADOOP_CONF_DIR} set
   * to the cluster directory so Hadoop's scripts find the client configuration.
   */
  public ProcessBuilder inHost(String host, List<String> command) {
    return inHost(network.execPrefix(host), options.dir(), command);
  }

  /** As {@link #inHost(String, List)}, for a cluster some other process runs in {@code dir}. */
  public static ProcessBuilder inHost(Path dir, String host, List<String> command) {
    HostNetworkState state = HostNetworkState.readFrom(dir);
    String namespace = state.hosts().stream().filter(h -> h.name().equals(host)).findFirst()
        .map(HostNetworkState.HostEntry::namespace)
        .orElseThrow(() -> new NoSuchElementException("no host '" + host + "' in the cluster of " + dir + " (hosts: "
            + state.hosts().stream().map(HostNetworkState.HostEntry::name).collect(Collectors.joining(", ")) + ")"));
    return inHost(List.of("ip", "netns", "exec", namespace), dir, command);
  }

  private static ProcessBuilder inHost(List<String> prefix, Path dir, List<String> command) {
    List<String> full = new ArrayList<>(prefix);
    full.addAll(command);
    ProcessBuilder builder = new ProcessBuilder(full);
    builder.environment().put("HADOOP_CONF_DIR", dir.toString());
    return builder;
  }

  /** The {@code java} command line that runs {@code mainClass} with this JVM's class path and the client conf. */
  public List<String> javaClient(String mainClass, List<String> args) {
    List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xmx256m", "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1"));
    command.addAll(JAVA_OPENS);
    if (options.yarn()) {
      command.add(HostYarnConf.hostsFileOption(options.dir()));
    }
    // Hadoop's log lines to stderr, so stdout holds only what the client prints.
    command.add("-Dlog4j.configuration=" + options.dir().resolve(NAMENODE).resolve("conf").resolve("log4j.properties")
        .toUri());
    command.addAll(List.of("-cp", options.dir() + File.pathSeparator + System.getProperty("java.class.path"),
        mainClass));
    command.addAll(args);
    return command;
  }

  /**
   * Stops {@code host}'s DataNode (SIGTERM, as an operator's {@code hdfs --daemon stop datanode}) and waits until
   * the NameNode counts it dead, which takes its heartbeat expiry (about 15 s here).
   *
   * @throws IllegalArgumentException when the host is not in the spec or its DataNode is already stopped
   */
  public synchronized void stopDataNode(String host) throws IOException {
    requireHost(host);
    Process process = dataNodes.remove(host);
    if (process == null) {
      throw new IllegalArgumentException("the DataNode of " + host + " is already stopped");
    }
    stop(process.toHandle());
    Files.deleteIfExists(options.dir().resolve(PIDS).resolve(host));
    waitFor(Duration.ofMinutes(2), () -> hostsIn(DatanodeReportType.DEAD).contains(host),
        "the NameNode to count " + host + " dead");
  }

  /**
   * Starts {@code host}'s DataNode again on its own volumes and waits until it has registered.
   *
   * @throws IllegalArgumentException when the host is not in the spec or its DataNode runs
   */
  public synchronized void startDataNode(String host) throws IOException {
    requireHost(host);
    if (dataNodes.containsKey(host)) {
      throw new IllegalArgumentException("the DataNode of " + host + " is running");
    }
    launchDataNode(host);
    awaitDataNodes(Set.of(host), new PrintStream(OutputStream.nullOutputStream()));
  }

  /**
   * Restarts the NameNode with {@code overrides} on top of the options' plugin keys, e.g. another
   * {@code strata.retrieval.policy}, which the NameNode reads only when it starts. The DataNodes keep running and
   * register again; returns once all have and the NameNode has left safe mode.
   */
  public synchronized void restartNameNode(Map<String, String> overrides) throws IOException {
    Map<String, String> pluginConf = new LinkedHashMap<>(options.pluginConf());
    pluginConf.putAll(overrides);
    Options restarted = new Options(options.dir(), options.spec(), options.specText(), options.pluginJar(),
        options.hadoopJars(), pluginConf, options.blockSize(), options.speedScale(), options.dataNodeHeapMb(),
        options.yarn(), options.hdfsConf());
    stop(nameNode);
    Path conf = HostClusterConf.writeNameNode(restarted, network, options.dir().resolve(NAMENODE));
    nameNode = startProcess(List.of(), nameNodeCommand(restarted, conf, List.of()),
        options.dir().resolve("logs").resolve("namenode.log"), options.dir().resolve(PIDS).resolve(NAMENODE));
    awaitDataNodes(new HashSet<>(dataNodes.keySet()), new PrintStream(OutputStream.nullOutputStream()));
  }

  /** Stops every process and removes the network; safe to call twice. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      admin.close();
    } catch (IOException e) {
      // the NameNode goes next anyway
    }
    yarnDaemons.values().forEach(p -> p.toHandle().destroy());
    yarnDaemons.values().forEach(p -> stop(p.toHandle()));
    yarnDaemons.clear();
    dataNodes.values().forEach(p -> p.toHandle().destroy());
    dataNodes.values().forEach(p -> stop(p.toHandle()));
    dataNodes.clear();
    stop(nameNode.toHandle());
    network.close();
    deleteRecursively(options.dir().resolve(PIDS));
  }

  private void requireHost(String host) {
    if (!hosts().contains(host)) {
      throw new IllegalArgumentException("no host '" + host + "' in spec '" + options.spec().name() + "' (hosts: "
          + String.join(", ", hosts()) + ")");
    }
  }

  private void launchDataNode(String host) throws IOException {
    Path conf = HostClusterConf.writeDataNode(options, host, network.address(host), uri());
    List<String> command = new ArrayList<>(network.execPrefix(host));
    command.add(javaBinary());
    command.add("-Xmx" + options.dataNodeHeapMb() + "m");
    command.addAll(DATANODE_JVM_OPTIONS);
    command.addAll(JAVA_OPENS);
    command.add("-Dlog4j.configuration=" + conf.resolve("log4j.properties").toUri());
    command.add("-Dstrata.cluster.dir=" + options.dir());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), HostDataNode.class.getName(),
        conf.toString(), options.dir().resolve(ClientConfigWriter.SPEC_FILE).toString(), host,
        Double.toString(options.speedScale())));
    Process process = startProcess(List.of(), command, options.dir().resolve("logs").resolve(host + ".log"),
        options.dir().resolve(PIDS).resolve(host));
    dataNodes.put(host, process);
  }

  /**
   * Writes the hosts file and YARN's conf dirs, starts the ResourceManager in the root namespace and a
   * NodeManager in every host's namespace.
   */
  private void launchYarn(PrintStream progress) throws IOException {
    Path dir = options.dir();
    Path topology = topologyTable();
    HostYarnConf.writeHostsFile(dir, network);
    Path conf = HostYarnConf.writeResourceManager(options, network, topology,
        dir.resolve(RESOURCE_MANAGER).resolve("conf"),
        dir.resolve(NAMENODE).resolve("conf").resolve("log4j.properties"));
    progress.println("starting the ResourceManager at " + resourceManagerAddress());
    launchYarnDaemon(RESOURCE_MANAGER, List.of(), conf, RESOURCE_MANAGER_JVM_OPTIONS,
        "org.apache.hadoop.yarn.server.resourcemanager.ResourceManager", Map.of());
    Map<String, List<Path>> intermediateDirs = HostYarnConf.intermediateDirs(options);
    if (!intermediateDirs.isEmpty()) {
      progress.println("NodeManager local dirs on the '" + options.spec().intermediateTier()
          + "' volumes (the spec's intermediate tier): " + dir.resolve("hosts") + "/HOST/"
          + options.spec().intermediateTier() + "-INDEX");
    }
    for (String host : hosts()) {
      Path hostDir = dir.resolve("hosts").resolve(host);
      Path hostConf = hostDir.resolve("conf");
      HostYarnConf.writeNodeManager(options, network.rootAddress(), topology, host, hostDir, hostConf,
          intermediateDirs.getOrDefault(host, List.of()));
      // Its own UTS namespace gives the host its name, so an application master or a task on it tells others
      // the host's name (hence address), not the machine's.
      List<String> prefix = new ArrayList<>(network.execPrefix(host));
      prefix.addAll(List.of("unshare", "--uts", "sh", "-c", "hostname \"$1\" && shift && exec \"$@\"", "sh", host));
      launchYarnDaemon(NODE_MANAGER_PREFIX + host, prefix, hostConf, NODE_MANAGER_JVM_OPTIONS,
          "org.apache.hadoop.yarn.server.nodemanager.NodeManager",
          Map.of("JAVA_HOME", System.getProperty("java.home"), "HADOOP_CONF_DIR", hostConf.toString()));
    }
  }

  /** Starts the JobHistoryServer (it needs HDFS out of safe mode) and waits for it and every NodeManager. */
  private void startHistoryServerAndAwaitYarn(PrintStream progress) throws IOException {
    launchYarnDaemon(HISTORY_SERVER, List.of(), options.dir().resolve(RESOURCE_MANAGER).resolve("conf"),
        HISTORY_SERVER_JVM_OPTIONS, "org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer", Map.of());
    HostYarnConf.writeClient(options, network, topologyTable());
    awaitNodeManagers(progress);
    progress.println("waiting for the JobHistoryServer at " + network.rootAddress() + ":"
        + HostYarnConf.JOB_HISTORY_PORT);
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    while (!listening(network.rootAddress(), HostYarnConf.JOB_HISTORY_PORT)) {
      requireYarnDaemonsAlive();
      if (System.nanoTime() > deadline) {
        throw new IOException("the JobHistoryServer did not listen within " + START_TIMEOUT);
      }
      Sleeps.sleep(500);
    }
  }

  private void launchYarnDaemon(String name, List<String> prefix, Path conf, List<String> jvmOptions,
      String mainClass, Map<String, String> environment) throws IOException {
    List<String> command = new ArrayList<>(prefix);
    command.add(javaBinary());
    command.addAll(jvmOptions);
    command.addAll(JAVA_OPENS);
    command.add(HostYarnConf.hostsFileOption(options.dir()));
    command.add("-Dhadoop.log.dir=" + options.dir().resolve("logs"));
    command.add("-Dyarn.log.dir=" + options.dir().resolve("logs"));
    command.addAll(List.of("-cp", HostYarnConf.classpath(conf, options), mainClass));
    Path log = options.dir().resolve("logs").resolve(name + ".log");
    ProcessBuilder builder = new ProcessBuilder(command)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
    builder.environment().putAll(environment);
    Process process = builder.start();
    Files.writeString(options.dir().resolve(PIDS).resolve(name), Long.toString(process.pid()));
    yarnDaemons.put(name, process);
  }

  /** Waits until every host's NodeManager runs in the ResourceManager's eyes, printing the count as it grows. */
  private void awaitNodeManagers(PrintStream progress) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("yarn.resourcemanager.address", resourceManagerAddress());
    // Until the ResourceManager listens, a short failure, not YARN's default 15 minutes of retries.
    conf.setLong("yarn.resourcemanager.connect.max-wait.ms", 2000);
    conf.setLong("yarn.resourcemanager.connect.retry-interval.ms", 500);
    conf.setInt("ipc.client.connect.max.retries", 1);
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    int reported = -1;
    try (YarnClient client = YarnClient.createYarnClient()) {
      client.init(conf);
      client.start();
      while (true) {
        requireYarnDaemonsAlive();
        Set<String> running = new HashSet<>();
        try {
          client.getNodeReports(NodeState.RUNNING).forEach(node -> running.add(node.getNodeId().getHost()));
        } catch (IOException | YarnException e) {
          // not listening yet
        }
        running.retainAll(hosts());
        if (running.size() != reported) {
          reported = running.size();
          progress.printf("  NodeManagers registered with the ResourceManager: %d/%d%n", reported, hosts().size());
        }
        if (reported == hosts().size()) {
          return;
        }
        if (System.nanoTime() > deadline) {
          throw new IOException("only " + running + " of " + hosts() + " NodeManagers registered within "
              + START_TIMEOUT);
        }
        Sleeps.sleep(500);
      }
    }
  }

  private void requireYarnDaemonsAlive() throws IOException {
    for (Map.Entry<String, Process> daemon : yarnDaemons.entrySet()) {
      if (!daemon.getValue().isAlive()) {
        Path log = options.dir().resolve("logs").resolve(daemon.getKey() + ".log");
        throw new IOException("the " + daemon.getKey() + " exited; see " + log + ":\n" + tail(log));
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
    return options.dir().resolve(NAMENODE).resolve("conf").resolve("topology.table");
  }

  private static void formatNameNode(Options options, Path conf) throws IOException {
    Path log = options.dir().resolve("logs").resolve("namenode-format.log");
    Process format = startProcess(List.of(), nameNodeCommand(options, conf,
        List.of("-format", "-force", "-nonInteractive")), log, null);
    try {
      if (!format.waitFor(START_TIMEOUT.toSeconds(), TimeUnit.SECONDS) || format.exitValue() != 0) {
        format.destroyForcibly();
        throw new IOException("formatting the NameNode failed; see " + log + ":\n" + tail(log));
      }
    } catch (InterruptedException e) {
      format.destroyForcibly();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while formatting the NameNode", e);
    }
  }

  /** The stock NameNode with Hadoop's jars, the plugin jar and the conf dir on its class path, nothing else. */
  private static List<String> nameNodeCommand(Options options, Path conf, List<String> args) {
    List<String> classpath = new ArrayList<>();
    classpath.add(conf.toString());
    classpath.add(options.pluginJar().toAbsolutePath().toString());
    options.hadoopJars().forEach(jar -> classpath.add(jar.toAbsolutePath().toString()));
    List<String> command = new ArrayList<>(List.of(javaBinary()));
    command.addAll(NAMENODE_JVM_OPTIONS);
    command.addAll(JAVA_OPENS);
    command.add("-Dhadoop.log.dir=" + options.dir().resolve("logs"));
    command.addAll(List.of("-cp", String.join(File.pathSeparator, classpath),
        "org.apache.hadoop.hdfs.server.namenode.NameNode"));
    command.addAll(args);
    return command;
  }

  /**
   * Starts a process logging to {@code log}, with its stdin a pipe this JVM holds open (DataNodes exit when it
   * closes), and records its pid in {@code pidFile}.
   */
  private static Process startProcess(List<String> prefix, List<String> command, Path log, Path pidFile)
      throws IOException {
    List<String> full = new ArrayList<>(prefix);
    full.addAll(command);
    Process process = new ProcessBuilder(full)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
        .start();
    if (pidFile != null) {
      Files.writeString(pidFile, Long.toString(process.pid()));
    }
    return process;
  }

  private void awaitDataNodes(Set<String> hosts, PrintStream progress) throws IOException {
    long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
    int reported = -1;
    while (true) {
      if (!nameNode.isAlive()) {
        Path log = options.dir().resolve("logs").resolve("namenode.log");
        throw new IOException("the NameNode exited; see " + log + ":\n" + tail(log));
      }
      for (String host : hosts) {
        Process process = dataNodes.get(host);
        if (process != null && !process.isAlive()) {
          Path log = options.dir().resolve("logs").resolve(host + ".log");
          throw new IOException("the DataNode of " + host + " exited; see " + log + ":\n" + tail(log));
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
        throw new IOException("only " + ready + " of " + hosts + " registered within " + START_TIMEOUT);
      }
      Sleeps.sleep(500);
    }
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

  /** SIGTERM, then SIGKILL after a grace period; returns once the process is gone. */
  private static void stop(Process process) {
    stop(process.toHandle());
  }

  private static void stop(ProcessHandle process) {
    process.destroy();
    try {
      process.onExit().get(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      process.destroyForcibly();
      process.onExit().completeOnTimeout(process, STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS).join();
    }
  }

  private static String javaBinary() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  private static String tail(Path log) {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
    } catch (IOException e) {
      return "(cannot read " + log + ")";
    }
  }

  private static void waitFor(Duration timeout, BooleanSupplier condition, String what)
      throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("timed out after " + timeout.toSeconds() + " s waiting for " + what);
      }
      Sleeps.sleep(250);
    }
  }

  private static void deleteRecursively(Path path) {
    try {
      FileUtils.deleteDirectory(path.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + path, e);
    }
  }
}
