package io.strata.embedded.hosts;

import io.strata.embedded.localdir.IntermediateVolumes;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The YARN and MapReduce configuration of a {@link HostCluster} started with YARN: the ResourceManager's and
 * JobHistoryServer's conf dir in the root namespace, each host's NodeManager keys (beside its DataNode's), the
 * clients' {@code yarn-site.xml} and {@code mapred-site.xml}, and the hosts file every YARN JVM resolves names with.
 *
 * <p>YARN reaches a NodeManager, an application master and a shuffle by host name, and the scheduler matches
 * those names against the DataNode names in block locations ({@code h11}, not an address). The hosts have no DNS
 * and the machine's {@code /etc/hosts} is not ours to change, so every YARN JVM (and every client that submits a
 * job) is given {@code -Djdk.net.hosts.file=DIR/etc-hosts}.
 */
final class HostYarnConf {
  /** Memory a NodeManager offers containers: an application master and a task, or two tasks. */
  static final int NODE_MEMORY_MB = 1024;
  static final int CONTAINER_MEMORY_MB = 512;
  static final int RESOURCE_MANAGER_PORT = 8032;
  static final int RESOURCE_MANAGER_WEB_PORT = 8088;
  static final int JOB_HISTORY_PORT = 10020;
  static final int JOB_HISTORY_WEB_PORT = 19888;
  static final String HOSTS_FILE = "etc-hosts";
  /** The task and application master JVMs: a heap that fits a 512 MB container, and Java 17's opens. */
  private static final String CHILD_OPTS = "-Xmx384m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"
      + " -XX:ActiveProcessorCount=1";

  private HostYarnConf() {}

  /**
   * Writes {@code DIR/etc-hosts}: localhost, every host at its address, and this machine's name at the root address
   * (where the ResourceManager, the history server and the clients run), and returns its path.
   */
  static Path writeHostsFile(Path dir, HostNetwork network) throws IOException {
    StringBuilder lines = new StringBuilder("127.0.0.1 localhost\n::1 ip6-localhost ip6-loopback\n");
    lines.append(network.rootAddress()).append(' ').append(InetAddress.getLocalHost().getHostName()).append('\n');
    for (HostNetworkState.HostEntry host : network.state().hosts()) {
      lines.append(host.address()).append(' ').append(host.name()).append('\n');
    }
    Path file = dir.resolve(HOSTS_FILE);
    Files.writeString(file, lines);
    return file;
  }

  /** The option that makes a JVM resolve names with the cluster's hosts file. */
  static String hostsFileOption(Path dir) {
    return "-Djdk.net.hosts.file=" + dir.resolve(HOSTS_FILE);
  }

  /**
   * Writes the conf dir of the ResourceManager and the JobHistoryServer: core-site.xml (the file system and the
   * racks), yarn-site.xml, mapred-site.xml, capacity-scheduler.xml and log4j.properties.
   */
  static Path writeResourceManager(HostCluster.Options options, HostNetwork network, Path topologyTable,
      Path confDir, Path log4j) throws IOException {
    Files.createDirectories(confDir);
    Map<String, String> core = new LinkedHashMap<>();
    core.put("fs.defaultFS", "hdfs://" + network.rootAddress() + ":" + HostCluster.NAMENODE_RPC_PORT);
    writeXml(core, confDir.resolve("core-site.xml"));
    writeXml(yarnConf(options, network.rootAddress(), topologyTable), confDir.resolve("yarn-site.xml"));
    writeXml(mapredConf(options, network.rootAddress()), confDir.resolve("mapred-site.xml"));
    Map<String, String> scheduler = new LinkedHashMap<>();
    scheduler.put("yarn.scheduler.capacity.root.queues", "default");
    scheduler.put("yarn.scheduler.capacity.root.default.capacity", "100");
    scheduler.put("yarn.scheduler.capacity.root.default.maximum-capacity", "100");
    // The default 10% of a few GB is less than one application master's container.
    scheduler.put("yarn.scheduler.capacity.maximum-am-resource-percent", "0.5");
    // Off-rack no sooner than rack-local: by default, with few maps left, the scheduler gives up a map's rack
    // after fewer missed chances than its host (on the hats preset that sent maps off-rack).
    scheduler.put("yarn.scheduler.capacity.rack-locality-additional-delay", "0");
    writeXml(scheduler, confDir.resolve("capacity-scheduler.xml"));
    Files.copy(log4j, confDir.resolve("log4j.properties"));
    return confDir;
  }

  /**
   * Each host's directories for intermediate data, one per volume of the spec's {@code intermediate} tier, beside
   * its DataNode's volumes ({@code DIR/hosts/HOST/TIER-INDEX}), laid out by the in-process cluster's
   * {@link IntermediateVolumes}; no host is listed when the spec names no tier. Not speed-emulated: the task JVMs
   * and NodeManagers of the hosts run Hadoop's jars only.
   */
  static Map<String, List<Path>> intermediateDirs(HostCluster.Options options) throws IOException {
    return IntermediateVolumes.create(options.spec(), options.dir().resolve("hosts"), false, 1.0).dirsByHost();
  }

  /**
   * Adds the NodeManager's keys to {@code host}'s conf dir (which holds its DataNode's core-site.xml) and makes
   * its log dir under the host's dir. Its local dirs ({@code yarn.nodemanager.local-dirs} and
   * {@code mapreduce.cluster.local.dir}) are {@code intermediateDirs} when given (the spec's intermediate tier),
   * else one under the host's dir.
   */
  static void writeNodeManager(HostCluster.Options options, String rootAddress, Path topologyTable, String host,
      Path hostDir, Path confDir, List<Path> intermediateDirs) throws IOException {
    Path logs = hostDir.resolve("yarn").resolve("logs");
    List<Path> local = intermediateDirs.isEmpty() ? List.of(hostDir.resolve("yarn").resolve("local"))
        : intermediateDirs;
    for (Path dir : local) {
      Files.createDirectories(dir);
    }
    Files.createDirectories(logs);
    String localDirs = String.join(",", local.stream().map(Path::toString).toList());
    Map<String, String> yarn = yarnConf(options, rootAddress, topologyTable);
    // The NodeManager's addresses, and so its node id, carry the host's name, as the DataNode's does.
    yarn.put("yarn.nodemanager.hostname", host);
    yarn.put("yarn.nodemanager.local-dirs", localDirs);
    yarn.put("yarn.nodemanager.log-dirs", logs.toString());
    yarn.put("yarn.nodemanager.resource.memory-mb", Integer.toString(NODE_MEMORY_MB));
    yarn.put("yarn.nodemanager.resource.cpu-vcores", "2");
    // All hosts share two cores and one disk: a task's memory or a full disk elsewhere must not fail a node.
    yarn.put("yarn.nodemanager.pmem-check-enabled", "false");
    yarn.put("yarn.nodemanager.vmem-check-enabled", "false");
    yarn.put("yarn.nodemanager.disk-health-checker.max-disk-utilization-per-disk-percentage", "99");
    yarn.put("yarn.nodemanager.aux-services", "mapreduce_shuffle");
    yarn.put("yarn.nodemanager.aux-services.mapreduce_shuffle.class", "org.apache.hadoop.mapred.ShuffleHandler");
    writeXml(yarn, confDir.resolve("yarn-site.xml"));
    Map<String, String> mapred = mapredConf(options, rootAddress);
    if (!intermediateDirs.isEmpty()) {
      // Where MapReduce's own code looks for local dirs outside YARN's containers (MROutputFiles).
      mapred.put("mapreduce.cluster.local.dir", localDirs);
    }
    writeXml(mapred, confDir.resolve("mapred-site.xml"));
  }

  /** Writes the clients' yarn-site.xml and mapred-site.xml into the cluster dir. */
  static void writeClient(HostCluster.Options options, HostNetwork network, Path topologyTable) throws IOException {
    writeXml(yarnConf(options, network.rootAddress(), topologyTable), options.dir().resolve("yarn-site.xml"));
    writeXml(mapredConf(options, network.rootAddress()), options.dir().resolve("mapred-site.xml"));
  }

  /** Keys the ResourceManager, the NodeManagers and the clients share. */
  private static Map<String, String> yarnConf(HostCluster.Options options, String rootAddress,
      Path topologyTable) {
    Map<String, String> yarn = new LinkedHashMap<>();
    yarn.put("yarn.resourcemanager.hostname", rootAddress);
    yarn.put("yarn.resourcemanager.webapp.address", rootAddress + ":" + RESOURCE_MANAGER_WEB_PORT);
    yarn.put("yarn.scheduler.minimum-allocation-mb", "256");
    yarn.put("yarn.scheduler.maximum-allocation-mb", Integer.toString(NODE_MEMORY_MB));
    // The racks the NameNode knows, for the scheduler's and the application master's rack-local choices.
    yarn.put("net.topology.node.switch.mapping.impl", "org.apache.hadoop.net.TableMapping");
    yarn.put("net.topology.table.file.name", topologyTable.toString());
    // There is no Hadoop installation to take the containers' class path from: Hadoop's jars themselves.
    yarn.put("yarn.application.classpath", applicationClasspath(options));
    yarn.put("yarn.log-aggregation-enable", "false");
    yarn.put("yarn.timeline-service.enabled", "false");
    return yarn;
  }

  /** What a job submitted to this cluster runs with. */
  private static Map<String, String> mapredConf(HostCluster.Options options, String rootAddress) {
    String childOpts = CHILD_OPTS + " " + String.join(" ", DaemonProcesses.JAVA_OPENS) + " "
        + hostsFileOption(options.dir());
    Map<String, String> mapred = new LinkedHashMap<>();
    mapred.put("mapreduce.framework.name", "yarn");
    mapred.put("mapreduce.jobhistory.address", rootAddress + ":" + JOB_HISTORY_PORT);
    mapred.put("mapreduce.jobhistory.webapp.address", rootAddress + ":" + JOB_HISTORY_WEB_PORT);
    mapred.put("mapreduce.jobhistory.admin.address", rootAddress + ":10033");
    mapred.put("mapreduce.application.classpath", applicationClasspath(options));
    mapred.put("yarn.app.mapreduce.am.resource.mb", Integer.toString(CONTAINER_MEMORY_MB));
    mapred.put("mapreduce.map.memory.mb", Integer.toString(CONTAINER_MEMORY_MB));
    mapred.put("mapreduce.reduce.memory.mb", Integer.toString(CONTAINER_MEMORY_MB));
    mapred.put("yarn.app.mapreduce.am.command-opts", childOpts);
    mapred.put("mapreduce.map.java.opts", childOpts);
    mapred.put("mapreduce.reduce.java.opts", childOpts);
    // On two shared cores a busy moment looks like a straggler: speculative attempts would only add load.
    mapred.put("mapreduce.map.speculative", "false");
    mapred.put("mapreduce.reduce.speculative", "false");
    // Reducers only once the maps are done: a reducer started early takes the container a map needs on the
    // host that holds its block, and a small cluster's delay scheduling then runs that map elsewhere.
    mapred.put("mapreduce.job.reduce.slowstart.completedmaps", "1.0");
    // The job client polls every 5 s by default, a large share of a small job's time.
    mapred.put("mapreduce.client.completion.pollinterval", "500");
    return mapred;
  }

  /** The host's conf dir (for the container's core-site.xml and racks) and Hadoop's jars. */
  private static String applicationClasspath(HostCluster.Options options) {
    List<String> entries = new ArrayList<>();
    entries.add("$HADOOP_CONF_DIR");
    options.hadoopJars().forEach(jar -> entries.add(jar.toAbsolutePath().toString()));
    return String.join(",", entries);
  }

  /** Hadoop's jars as one class path, after {@code first}. */
  static String classpath(Path first, HostCluster.Options options) {
    List<String> entries = new ArrayList<>();
    entries.add(first.toString());
    options.hadoopJars().forEach(jar -> entries.add(jar.toAbsolutePath().toString()));
    return String.join(File.pathSeparator, entries);
  }

  private static void writeXml(Map<String, String> values, Path file) throws IOException {
    Configuration conf = new Configuration(false);
    values.forEach(conf::set);
    try (OutputStream out = Files.newOutputStream(file)) {
      conf.writeXml(out);
    }
  }
}
