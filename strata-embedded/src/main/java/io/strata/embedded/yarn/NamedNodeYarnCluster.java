package io.strata.embedded.yarn;

import io.strata.core.concurrent.Sleeps;
import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import io.strata.embedded.localdir.EmulatedLocalFileSystem;
import org.apache.hadoop.mapred.DevicePacedShuffleHandler;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.yarn.api.records.NodeId;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.apache.hadoop.yarn.event.Dispatcher;
import org.apache.hadoop.yarn.server.nodemanager.Context;
import org.apache.hadoop.yarn.server.nodemanager.NodeManager;
import org.apache.hadoop.yarn.server.nodemanager.NodeStatusUpdater;
import org.apache.hadoop.yarn.server.nodemanager.NodeStatusUpdaterImpl;
import org.apache.hadoop.yarn.server.nodemanager.health.NodeHealthCheckerService;
import org.apache.hadoop.yarn.server.resourcemanager.ResourceManager;
import org.apache.hadoop.yarn.server.resourcemanager.rmnode.RMNode;

/**
 * A real YARN cluster (ResourceManager, JobHistoryServer, one NodeManager per host) on one machine, whose
 * NodeManagers carry given host names such as node1..node3, so the scheduler can tell a data-local map task
 * from a remote one and MapReduce's DATA_LOCAL_MAPS counter means what it says.
 *
 * <p>{@link MiniMRYarnCluster} names every NodeManager after this machine, so this starts the ResourceManager
 * and history server through it and adds its own NodeManagers. A NodeManager takes its node id from the reverse
 * lookup of its RPC address, which on one machine is "localhost" for all of them; {@link NamedNodeManager} sets
 * the id to HOST:port just before the node registers with the ResourceManager (and in the token managers that
 * check it). The names resolve to the loopback address: in this JVM through Hadoop's static resolution (as
 * MiniDFSCluster does for DataNode names), and in task JVMs through a hosts file given to Java with
 * {@code -Djdk.net.hosts.file}, since tasks reach NodeManagers by name (container launch, shuffle).
 */
public final class NamedNodeYarnCluster implements AutoCloseable {
  /** Memory YARN may hand out on each node: an application master and a task, or two tasks. */
  private static final int NODE_MEMORY_MB = 1024;
  private static final int CONTAINER_MEMORY_MB = 512;
  private static final String CHILD_OPTS = "-Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
      + " --add-opens java.base/java.lang=ALL-UNNAMED --add-opens java.base/java.util=ALL-UNNAMED"
      + " --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED"
      + " --add-opens java.base/java.lang.reflect=ALL-UNNAMED --add-opens java.base/java.io=ALL-UNNAMED"
      + " --add-opens java.base/java.net=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED";

  /** Jersey and Guice in YARN's web UIs log setup chatter through java.util.logging; held here so it stays quiet. */
  private static final List<java.util.logging.Logger> QUIET = List.of(
      java.util.logging.Logger.getLogger("com.sun.jersey"), java.util.logging.Logger.getLogger("com.google.inject"));

  static {
    QUIET.forEach(logger -> logger.setLevel(java.util.logging.Level.SEVERE));
  }

  private final MiniMRYarnCluster yarn;
  private final List<NodeManager> nodeManagers;
  private final List<String> hosts;
  private final Configuration jobConf;

  private NamedNodeYarnCluster(MiniMRYarnCluster yarn, List<NodeManager> nodeManagers, List<String> hosts,
      Configuration jobConf) {
    this.yarn = yarn;
    this.nodeManagers = nodeManagers;
    this.hosts = hosts;
    this.jobConf = jobConf;
  }

  /**
   * Starts YARN over the file system of {@code base} (its fs.defaultFS holds staging and job history), with one
   * NodeManager per host, working under {@code workDir}.
   */
  public static NamedNodeYarnCluster start(Configuration base, List<String> hosts, Path workDir) throws IOException {
    return start(base, hosts, workDir, Map.of());
  }

  /**
   * As {@link #start(Configuration, List, Path)}, with each listed host's NodeManager keeping its intermediate data
   * ({@code yarn.nodemanager.local-dirs}: spills, map outputs, what the shuffle serves) in the given directories,
   * e.g. {@code IntermediateVolumes.dirsByHost()}. Directories that are emulated devices
   * ({@code io.strata.embedded.localdir}) run at their device's speed: the task JVMs get a local file system that
   * paces them, and the NodeManagers a ShuffleHandler that does. Hosts not listed work under {@code workDir}.
   */
  public static NamedNodeYarnCluster start(Configuration base, List<String> hosts, Path workDir,
      Map<String, List<Path>> localDirsByHost) throws IOException {
    Files.createDirectories(workDir);
    Path hostsFile = writeHostsFile(workDir, hosts);
    for (String host : hosts) {
      NetUtils.addStaticResolution(host, "localhost");
    }
    String classpath = String.join(",", classpathEntries());
    String childOpts = CHILD_OPTS + " -Djdk.net.hosts.file=" + hostsFile;

    Configuration conf = new YarnConfiguration(base);
    conf.set(YarnConfiguration.YARN_APPLICATION_CLASSPATH, classpath);
    conf.set(MRJobConfig.MAPREDUCE_APPLICATION_CLASSPATH, classpath);
    conf.setInt(YarnConfiguration.RM_SCHEDULER_MINIMUM_ALLOCATION_MB, 256);
    conf.setInt(YarnConfiguration.NM_PMEM_MB, NODE_MEMORY_MB);
    conf.setInt(MRJobConfig.MR_AM_VMEM_MB, CONTAINER_MEMORY_MB);
    conf.setInt(MRJobConfig.MAP_MEMORY_MB, CONTAINER_MEMORY_MB);
    conf.setInt(MRJobConfig.REDUCE_MEMORY_MB, CONTAINER_MEMORY_MB);
    conf.set(MRJobConfig.MR_AM_COMMAND_OPTS, childOpts);
    conf.set(MRJobConfig.MAP_JAVA_OPTS, childOpts);
    conf.set(MRJobConfig.REDUCE_JAVA_OPTS, childOpts);
    // Every map in its own container (no uber task): where maps run is what is measured.
    conf.setBoolean(MRJobConfig.JOB_UBERTASK_ENABLE, false);
    // On two cores a busy moment looks like a straggler: no speculative attempts (they would also be counted as
    // launched maps), and reducers only after the maps, so they do not hold containers maps could use.
    conf.setBoolean(MRJobConfig.MAP_SPECULATIVE, false);
    conf.setBoolean(MRJobConfig.REDUCE_SPECULATIVE, false);
    conf.setFloat(MRJobConfig.COMPLETED_MAPS_FOR_REDUCE_SLOWSTART, 1.0f);
    // The job client polls for completion every 5 s by default, a sizeable share of a small job's time.
    conf.setInt("mapreduce.client.completion.pollinterval", 200);
    conf.setInt("mapreduce.client.progressmonitor.pollinterval", 200);
    conf.setBoolean("yarn.nodemanager.recovery.enabled", false);
    conf.setBoolean(YarnConfiguration.TIMELINE_SERVICE_ENABLED, false);
    conf.set("yarn.log-aggregation-enable", "false");
    if (!localDirsByHost.isEmpty()) {
      // Reaches the task JVMs through the job's configuration; they create their local file system from it.
      conf.set("fs.file.impl", EmulatedLocalFileSystem.class.getName());
    }

    MiniMRYarnCluster yarn = new MiniMRYarnCluster("strata-yarn-" + workDir.getFileName(), 0);
    yarn.init(conf);
    yarn.start();
    List<NodeManager> nodeManagers = new ArrayList<>();
    try {
      for (String host : hosts) {
        nodeManagers.add(startNodeManager(yarn.getConfig(), host, workDir.resolve("nm-" + host),
            localDirsByHost.getOrDefault(host, List.of())));
      }
      waitForNodes(yarn.getResourceManager(), hosts, 60_000);
    } catch (IOException | RuntimeException e) {
      nodeManagers.forEach(NodeManager::stop);
      yarn.stop();
      throw e;
    }
    Configuration jobConf = new Configuration(yarn.getConfig());
    return new NamedNodeYarnCluster(yarn, nodeManagers, List.copyOf(hosts), jobConf);
  }

  private static NodeManager startNodeManager(Configuration clusterConf, String host, Path dir, List<Path> localDirs)
      throws IOException {
    Files.createDirectories(dir.resolve("local"));
    Files.createDirectories(dir.resolve("log"));
    Files.createDirectories(dir.resolve("remote-log"));
    for (Path localDir : localDirs) {
      Files.createDirectories(localDir);
    }
    Configuration conf = new YarnConfiguration(clusterConf);
    // The NodeManager's own file system stays Hadoop's: its localizer copies job files at the machine's speed.
    conf.unset("fs.file.impl");
    conf.set(YarnConfiguration.NM_ADDRESS, "127.0.0.1:0");
    conf.set(YarnConfiguration.NM_LOCALIZER_ADDRESS, "127.0.0.1:0");
    conf.set(YarnConfiguration.NM_WEBAPP_ADDRESS, "127.0.0.1:0");
    conf.set(YarnConfiguration.NM_LOCAL_DIRS, localDirs.isEmpty() ? dir.resolve("local").toString()
        : localDirs.stream().map(p -> p.toAbsolutePath().toString()).collect(Collectors.joining(",")));
    if (!localDirs.isEmpty()) {
      conf.set(String.format(YarnConfiguration.NM_AUX_SERVICE_FMT, "mapreduce_shuffle"),
          DevicePacedShuffleHandler.class.getName());
    }
    conf.set(YarnConfiguration.NM_LOG_DIRS, dir.resolve("log").toString());
    conf.set(YarnConfiguration.NM_REMOTE_APP_LOG_DIR, dir.resolve("remote-log").toString());
    conf.setInt(YarnConfiguration.NM_PMEM_MB, NODE_MEMORY_MB);
    conf.setInt(YarnConfiguration.NM_VCORES, 2);
    conf.setBoolean(YarnConfiguration.NM_PMEM_CHECK_ENABLED, false);
    conf.setBoolean(YarnConfiguration.NM_VMEM_CHECK_ENABLED, false);
    NodeManager nodeManager = new NamedNodeManager(host);
    nodeManager.init(conf);
    nodeManager.start();
    return nodeManager;
  }

  /** A NodeManager that registers under a given host name instead of its address' reverse lookup. */
  private static final class NamedNodeManager extends NodeManager {
    private final String host;

    NamedNodeManager(String host) {
      this.host = host;
    }

    @Override
    protected NodeStatusUpdater createNodeStatusUpdater(Context context, Dispatcher dispatcher,
        NodeHealthCheckerService healthChecker) {
      // Started after the container manager (which set the node id from the RPC address), before registration.
      return new NodeStatusUpdaterImpl(context, dispatcher, healthChecker, metrics) {
        @Override
        protected void serviceStart() throws Exception {
          NodeId named = NodeId.newInstance(host, context.getNodeId().getPort());
          ((NodeManager.NMContext) context).setNodeId(named);
          context.getNMTokenSecretManager().setNodeId(named);
          context.getContainerTokenSecretManager().setNodeId(named);
          super.serviceStart();
        }
      };
    }
  }

  private static void waitForNodes(ResourceManager rm, List<String> hosts, long timeoutMillis) throws IOException {
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (System.currentTimeMillis() < deadline) {
      Set<String> running = new LinkedHashSet<>();
      for (RMNode node : rm.getRMContext().getRMNodes().values()) {
        if (node.getState() == NodeState.RUNNING) {
          running.add(node.getNodeID().getHost());
        }
      }
      if (running.containsAll(hosts)) {
        return;
      }
      Sleeps.sleep(200, e -> new IOException("interrupted while waiting for NodeManagers", e));
    }
    throw new IOException("NodeManagers " + hosts + " did not register with the ResourceManager within "
        + timeoutMillis / 1000 + " s");
  }

  /** Names the task JVMs must resolve: this machine, localhost and the node names, all on the loopback address. */
  private static Path writeHostsFile(Path workDir, List<String> hosts) throws IOException {
    Set<String> names = new LinkedHashSet<>();
    names.add("localhost");
    names.add(InetAddress.getLocalHost().getHostName());
    names.addAll(hosts);
    Path file = workDir.resolve("hosts");
    Files.writeString(file, "127.0.0.1 " + String.join(" ", names) + "\n::1 ip6-localhost ip6-loopback\n");
    return file.toAbsolutePath();
  }

  /** This JVM's classpath, expanded, for the task JVMs (Maven's surefire hides it behind a manifest jar). */
  static List<String> classpathEntries() {
    String classpath = System.getProperty("surefire.test.class.path");
    if (classpath == null || classpath.isBlank()) {
      classpath = System.getProperty("java.class.path");
    }
    List<String> entries = new ArrayList<>();
    for (String entry : classpath.split(File.pathSeparator)) {
      if (!entry.isBlank()) {
        entries.add(new File(entry).getAbsolutePath());
      }
    }
    return entries;
  }

  /** A configuration to submit jobs with (YARN, this cluster's ResourceManager and history server). */
  public Configuration jobConf() {
    return new Configuration(jobConf);
  }

  public List<String> hosts() {
    return hosts;
  }

  @Override
  public void close() {
    // Stopping interrupts YARN's dispatcher and token threads, which log that at ERROR; it is expected here.
    for (String logger : List.of("org.apache.hadoop.yarn", "org.apache.hadoop.security.token.delegation")) {
      org.apache.log4j.Logger.getLogger(logger).setLevel(org.apache.log4j.Level.FATAL);
    }
    for (NodeManager nodeManager : nodeManagers) {
      nodeManager.stop();
    }
    yarn.stop();
  }
}
