package io.strata.embedded.hosts;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.embedded.ClientConfigWriter;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.apache.commons.io.FileUtils;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * A cluster of hosts on one machine: the HDFS daemons ({@link HdfsDaemons}: a stock NameNode in the root namespace,
 * run as docs/install.md tells an operator, and a DataNode JVM per spec node inside that node's namespace of a
 * {@link HostNetwork}), so the NameNode sees every node at its own address, in its own rack, behind links the kernel
 * shapes; and, when asked, the YARN daemons ({@link YarnDaemons}).
 *
 * <p>Everything lives in the cluster directory: the client configuration at its top (as {@code strata cluster up}
 * writes it), the NameNode's and each host's configuration, data and logs below, and the process ids in
 * {@code pids/} ({@link DaemonProcesses}), so {@link #down(Path)} finds what a killed launcher left.
 */
public final class HostCluster implements AutoCloseable {
  public static final int NAMENODE_RPC_PORT = 8020;
  public static final int NAMENODE_HTTP_PORT = 9870;

  /**
   * How to start: where, what spec, the plugin jar and Hadoop's jars for the NameNode, the NameNode keys that turn
   * the plugin on ({@code dfs.block.replicator.classname} and the rest of docs/install.md), the block size, the
   * factor on every emulated device speed (0 turns the emulation off) and each DataNode's heap.
   */
  public record Options(Path dir, ClusterSpec spec, String specText, Path pluginJar, List<Path> hadoopJars,
      Map<String, String> pluginConf, long blockSize, double speedScale, int dataNodeHeapMb, boolean yarn,
      Map<String, String> hdfsConf, Map<String, Double> hostSpeedFactors) {
    public Options {
      dir = dir.toAbsolutePath().normalize();
      hadoopJars = List.copyOf(hadoopJars);
      pluginConf = Map.copyOf(new LinkedHashMap<>(pluginConf));
      hdfsConf = Map.copyOf(new LinkedHashMap<>(hdfsConf));
      hostSpeedFactors = Map.copyOf(hostSpeedFactors);
      if (speedScale < 0) {
        throw new IllegalArgumentException("speedScale must be >= 0 (0: no emulation), got " + speedScale);
      }
      for (Map.Entry<String, Double> factor : hostSpeedFactors.entrySet()) {
        if (spec.nodes().stream().noneMatch(n -> n.host().equals(factor.getKey()))) {
          throw new IllegalArgumentException("a speed factor for " + factor.getKey() + ", a host not in the spec");
        }
        if (!(factor.getValue() > 0)) {
          throw new IllegalArgumentException("the speed factor of " + factor.getKey() + " must be > 0, got "
              + factor.getValue());
        }
      }
    }

    /** 8 MiB blocks, emulated device speeds, 256 MB DataNode heaps, no YARN. */
    public static Options defaults(Path dir, ClusterSpec spec, String specText, Path pluginJar,
        List<Path> hadoopJars, Map<String, String> pluginConf) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, 8L << 20, 1.0, 256, false,
          Map.of(), Map.of());
    }

    public Options withBlockSize(long bytes) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, bytes, speedScale, dataNodeHeapMb,
          yarn, hdfsConf, hostSpeedFactors);
    }

    public Options withSpeedScale(double scale) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, scale, dataNodeHeapMb,
          yarn, hdfsConf, hostSpeedFactors);
    }

    public Options withDataNodeHeapMb(int mb) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale, mb, yarn,
          hdfsConf, hostSpeedFactors);
    }

    /**
     * With YARN: a ResourceManager and a JobHistoryServer in the root namespace and a NodeManager on every host,
     * for MapReduce jobs submitted from the root namespace.
     */
    public Options withYarn(boolean on) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale,
          dataNodeHeapMb, on, hdfsConf, hostSpeedFactors);
    }

    /**
     * HDFS settings (as {@code -D key=value}) for the NameNode, every DataNode and the client configuration, on top
     * of what the cluster sets; the plugin keys come after them.
     */
    public Options withHdfsConf(Map<String, String> conf) {
      Map<String, String> merged = new LinkedHashMap<>(hdfsConf);
      merged.putAll(conf);
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale,
          dataNodeHeapMb, yarn, merged, hostSpeedFactors);
    }

    /**
     * {@code host}'s DataNode emulates its devices at {@code factor} times the speed every other host's run at,
     * while the spec (and so the NameNode) still names the same devices: a slow or overloaded node that only its
     * live load gives away.
     */
    public Options withHostSpeedFactor(String host, double factor) {
      Map<String, Double> factors = new LinkedHashMap<>(hostSpeedFactors);
      factors.put(host, factor);
      return new Options(dir, spec, specText, pluginJar, hadoopJars, pluginConf, blockSize, speedScale,
          dataNodeHeapMb, yarn, hdfsConf, factors);
    }

    /** The plugin keys replaced by {@code conf}: with none of Strata's keys in it, a stock NameNode. */
    public Options withPluginConf(Map<String, String> conf) {
      return new Options(dir, spec, specText, pluginJar, hadoopJars, conf, blockSize, speedScale, dataNodeHeapMb,
          yarn, hdfsConf, hostSpeedFactors);
    }

    /** The factor on {@code host}'s device speeds: the options' speed scale times its own factor, if any. */
    public double speedScaleOf(String host) {
      return speedScale * hostSpeedFactors.getOrDefault(host, 1.0);
    }
  }

  private final Options options;
  private final HostNetwork network;
  private final HdfsDaemons hdfs;
  private final YarnDaemons yarn;
  private Duration startupTime = Duration.ZERO;
  private boolean closed;
  private Thread exitHook;

  private HostCluster(Options options, HostNetwork network, HdfsDaemons hdfs, YarnDaemons yarn) {
    this.options = options;
    this.network = network;
    this.hdfs = hdfs;
    this.yarn = yarn;
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
    deleteRecursively(dir.resolve(HdfsDaemons.NAMENODE));
    deleteRecursively(dir.resolve("hosts"));
    Files.createDirectories(dir.resolve(DaemonProcesses.LOGS));
    Files.createDirectories(dir.resolve(DaemonProcesses.PIDS));
    Files.writeString(dir.resolve(ClientConfigWriter.SPEC_FILE), options.specText());

    progress.printf("creating the host network (%d hosts in %d racks)%n", options.spec().nodes().size(),
        options.spec().racks().size());
    // A launcher stopped by SIGTERM or Ctrl-C (a bench cut short) must not leave namespaces, links or daemons:
    // until close() the JVM's exit takes the cluster down.
    AtomicReference<HostCluster> launched = new AtomicReference<>();
    Thread exitHook = new Thread(() -> {
      HostCluster running = launched.get();
      if (running != null) {
        running.close();
      } else {
        down(dir);
      }
    }, "strata-host-cluster-exit");
    Runtime.getRuntime().addShutdownHook(exitHook);
    HostNetwork network;
    try {
      network = HostNetwork.create(HostNetwork.clusterId(dir), HostNetworkPlan.from(options.spec()));
    } catch (RuntimeException e) {
      removeHook(exitHook);
      throw e;
    }
    HostCluster cluster = null;
    try {
      network.state().writeTo(dir);
      DaemonProcesses processes = new DaemonProcesses(dir);
      HdfsDaemons hdfs = HdfsDaemons.startNameNode(options, network, processes, progress);
      List<String> hosts = options.spec().nodes().stream().map(NodeSpec::host).toList();
      cluster = new HostCluster(options, network, hdfs, new YarnDaemons(options, network, processes, hosts));
      cluster.exitHook = exitHook;
      launched.set(cluster);
      for (String host : hosts) {
        hdfs.launchDataNode(host);
      }
      if (options.yarn()) {
        cluster.yarn.launch(progress);
      }
      hdfs.awaitDataNodes(Set.copyOf(hosts), progress);
      HostClusterConf.writeClient(options, cluster.uri(), cluster.webUi());
      if (options.yarn()) {
        cluster.yarn.startHistoryServerAndAwait(progress);
      }
      cluster.startupTime = Duration.ofNanos(System.nanoTime() - started);
      progress.printf("cluster up in %.1f s%n", cluster.startupTime.toMillis() / 1000.0);
      return cluster;
    } catch (IOException | RuntimeException e) {
      try {
        if (cluster != null) {
          cluster.close();
        } else {
          removeHook(exitHook);
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
    List<String> removed = new ArrayList<>(DaemonProcesses.stopRecorded(absolute, HdfsDaemons.NAMENODE));
    String id = HostNetwork.clusterId(absolute);
    List<String> network = HostNetwork.leftovers(id);
    HostNetwork.removeLeftovers(id);
    removed.addAll(network);
    return removed;
  }

  public HostNetwork network() {
    return network;
  }

  public Path dir() {
    return options.dir();
  }

  public URI uri() {
    return HdfsDaemons.uri(network);
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
    return yarn.resourceManagerAddress();
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
    hdfs.addPids(pids);
    yarn.addPids(pids);
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
    return hdfs.fileSystem();
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
    List<String> command = new ArrayList<>(List.of(DaemonProcesses.javaBinary(), "-Xmx256m", "-XX:+UseSerialGC",
        "-XX:TieredStopAtLevel=1"));
    command.addAll(DaemonProcesses.JAVA_OPENS);
    if (options.yarn()) {
      command.add(HostYarnConf.hostsFileOption(options.dir()));
    }
    // Hadoop's log lines to stderr, so stdout holds only what the client prints.
    command.add("-Dlog4j.configuration=" + HdfsDaemons.nameNodeConf(options.dir()).resolve("log4j.properties")
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
    hdfs.stopDataNode(host);
  }

  /**
   * Starts {@code host}'s DataNode again on its own volumes and waits until it has registered.
   *
   * @throws IllegalArgumentException when the host is not in the spec or its DataNode runs
   */
  public synchronized void startDataNode(String host) throws IOException {
    requireHost(host);
    hdfs.startDataNode(host);
  }

  /**
   * Restarts the NameNode with {@code overrides} on top of the options' plugin keys, e.g. another
   * {@code strata.retrieval.policy}, which the NameNode reads only when it starts. The DataNodes keep running and
   * register again; returns once all have and the NameNode has left safe mode.
   */
  public synchronized void restartNameNode(Map<String, String> overrides) throws IOException {
    Map<String, String> pluginConf = new LinkedHashMap<>(options.pluginConf());
    pluginConf.putAll(overrides);
    hdfs.restartNameNode(pluginConf);
  }

  /**
   * Restarts the NameNode as stock HDFS: none of the plugin keys, only {@code conf} (e.g. HDFS's own read-ordering
   * switches) on top of the cluster's settings; the plugin jar stays on its class path, unused. Waits as
   * {@link #restartNameNode} does.
   */
  public synchronized void restartStockNameNode(Map<String, String> conf) throws IOException {
    hdfs.restartNameNode(conf);
  }

  /** Stops every process and removes the network; safe to call twice. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (exitHook != null && Thread.currentThread() != exitHook) {
      removeHook(exitHook);
    }
    yarn.close();
    hdfs.close();
    network.close();
    deleteRecursively(options.dir().resolve(DaemonProcesses.PIDS));
  }

  /** Removes {@code hook}; while the JVM is exiting it stays (and runs, or has run). */
  private static void removeHook(Thread hook) {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException exiting) {
      // the JVM is shutting down: the hook takes the cluster down
    }
  }

  private void requireHost(String host) {
    if (!hosts().contains(host)) {
      throw new IllegalArgumentException("no host '" + host + "' in spec '" + options.spec().name() + "' (hosts: "
          + String.join(", ", hosts()) + ")");
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
