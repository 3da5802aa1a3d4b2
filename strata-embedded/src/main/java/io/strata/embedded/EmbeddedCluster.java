package io.strata.embedded;

import io.strata.core.concurrent.Sleeps;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.emulation.DataNodePageCache;
import io.strata.embedded.emulation.DeviceSpeedEmulator;
import io.strata.embedded.emulation.VolumeIoGate;
import io.strata.embedded.emulation.VolumeBandwidthEvents.VolumeSpeed;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.DatanodeID;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataNodeTestUtils;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl;
import org.apache.hadoop.hdfs.tools.DFSck;
import org.apache.hadoop.util.ToolRunner;
import org.apache.log4j.Level;
import org.apache.log4j.Logger;

/**
 * A real HDFS (NameNode and DataNodes in this JVM, {@link MiniDFSCluster}) laid out as a {@link ClusterSpec}
 * says: one DataNode per node, registered under the node's host name and rack; one volume per device, with the
 * device's storage type and capacity; and, unless switched off, each volume limited to its device's bandwidth.
 */
public final class EmbeddedCluster implements AutoCloseable {
  private final ClusterSpec spec;
  private final Options options;
  private final MiniDFSCluster cluster;

  /** How to start the cluster. */
  public record Options(
      Path baseDir,
      boolean emulateDeviceSpeed,
      double speedScale,
      long blockSize,
      int nameNodePort,
      int nameNodeHttpPort,
      Map<String, String> extraConf,
      Path auditLog) {

    public Options {
      extraConf = Map.copyOf(extraConf);
      if (speedScale <= 0) {
        throw new IllegalArgumentException("speedScale must be > 0, got " + speedScale);
      }
    }

    /** Emulated speeds, 8 MiB blocks (many blocks from little data), ephemeral ports, no audit log file. */
    public static Options defaults(Path baseDir) {
      return new Options(baseDir, true, 1.0, 8L << 20, 0, 0, Map.of(), null);
    }

    /** Writes the NameNode's audit log to {@code file} in the format a production NameNode uses. */
    public Options withAuditLog(Path file) {
      return new Options(baseDir, emulateDeviceSpeed, speedScale, blockSize, nameNodePort, nameNodeHttpPort, extraConf,
          file);
    }

    public Options withEmulation(boolean emulate) {
      return new Options(baseDir, emulate, speedScale, blockSize, nameNodePort, nameNodeHttpPort, extraConf, auditLog);
    }

    public Options withSpeedScale(double scale) {
      return new Options(baseDir, emulateDeviceSpeed, scale, blockSize, nameNodePort, nameNodeHttpPort, extraConf,
          auditLog);
    }

    public Options withBlockSize(long bytes) {
      return new Options(baseDir, emulateDeviceSpeed, speedScale, bytes, nameNodePort, nameNodeHttpPort, extraConf,
          auditLog);
    }

    public Options withPorts(int rpcPort, int httpPort) {
      return new Options(baseDir, emulateDeviceSpeed, speedScale, blockSize, rpcPort, httpPort, extraConf, auditLog);
    }

    public Options withConf(Map<String, String> conf) {
      Map<String, String> merged = new LinkedHashMap<>(extraConf);
      merged.putAll(conf);
      return new Options(baseDir, emulateDeviceSpeed, speedScale, blockSize, nameNodePort, nameNodeHttpPort, merged,
          auditLog);
    }
  }

  private final Map<String, MiniDFSCluster.DataNodeProperties> stoppedDataNodes = new TreeMap<>();
  private volatile VolumeIoGate ioGate;
  private final Map<String, List<Volume>> volumesByHost = new ConcurrentHashMap<>();
  /** Each emulated node's DataNode page cache, by host; kept across DataNode restarts, as the OS keeps it. */
  private final Map<String, DataNodePageCache> pageCaches = new ConcurrentHashMap<>();

  /** One DataNode volume as the spec laid it out: its host, storage ID, spec volume and directory. */
  public record Volume(String host, String storageId, VolumeSpec spec, Path directory) {}

  private EmbeddedCluster(ClusterSpec spec, Options options, MiniDFSCluster cluster) {
    this.spec = spec;
    this.options = options;
    this.cluster = cluster;
  }

  /** Starts the cluster and waits until every DataNode has reported its volumes. */
  public static EmbeddedCluster start(ClusterSpec spec, Options options) throws IOException {
    Configuration conf = configuration(spec, options);
    if (options.auditLog() != null) {
      AuditLogFile.attach(options.auditLog());
    }
    List<NodeSpec> nodes = spec.nodes();
    int count = nodes.size();
    StorageType[][] types = new StorageType[count][];
    String[] racks = new String[count];
    String[] hosts = new String[count];
    for (int i = 0; i < count; i++) {
      NodeSpec node = nodes.get(i);
      types[i] = node.volumes().stream().map(v -> StorageType.valueOf(v.storageKind().name()))
          .toArray(StorageType[]::new);
      racks[i] = node.rack();
      hosts[i] = node.host();
    }
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, options.baseDir().toFile())
        .numDataNodes(count)
        // Nodes may have different numbers of volumes: MiniDFSCluster makes as many dirs as each row of
        // storageTypes has, up to this maximum. Capacities are set below, per volume, for the same reason.
        .storagesPerDatanode(spec.maxVolumesPerNode())
        .storageTypes(types)
        .racks(racks)
        .hosts(hosts)
        .nameNodePort(options.nameNodePort())
        .nameNodeHttpPort(options.nameNodeHttpPort())
        .format(true)
        .build();
    EmbeddedCluster embedded = new EmbeddedCluster(spec, options, cluster);
    try {
      for (int i = 0; i < count; i++) {
        embedded.prepareDataNode(i, cluster.getDataNodes().get(i));
      }
      cluster.waitActive();
      cluster.triggerHeartbeats();
      embedded.waitForCapacities();
    } catch (IOException | RuntimeException e) {
      cluster.shutdown();
      throw e;
    }
    return embedded;
  }

  static Configuration configuration(ClusterSpec spec, Options options) {
    Configuration conf = new HdfsConfiguration();
    conf.setLong("dfs.blocksize", options.blockSize());
    // Small blocks let a laptop-sized dataset span many blocks and tiers.
    conf.setLong("dfs.namenode.fs-limits.min-block-size", 64 * 1024);
    conf.setInt("dfs.replication", Math.min(3, spec.nodes().size()));
    conf.setLong("dfs.heartbeat.interval", 1);
    conf.setInt("dfs.namenode.redundancy.interval.seconds", 1);
    conf.setInt("dfs.namenode.heartbeat.recheck-interval", 2000);
    // A copy scheduled to a DataNode that then stops counts as pending until this times out (300 s by default),
    // and only then is scheduled elsewhere; on a cluster whose heartbeats run at second scale, seconds too.
    conf.setInt("dfs.namenode.reconstruction.pending.timeout-sec", 30);
    // Emulated HDDs are slow on purpose; keep the DataNode from logging every packet as a slow disk.
    conf.setLong("dfs.datanode.slow.io.warning.threshold.ms", 60_000);
    conf.setBoolean("dfs.storage.policy.enabled", true);
    conf.setBoolean("dfs.namenode.audit.log.async", false);
    options.extraConf().forEach(conf::set);
    return conf;
  }

  /**
   * Restarts the NameNode with {@code unset} removed from its configuration and {@code set} added, e.g. without
   * Strata's plugin keys to run stock HDFS on the same blocks; returns once it is active and every DataNode has
   * registered again. The DataNodes keep running.
   */
  public synchronized void restartNameNode(Map<String, String> set, Collection<String> unset) throws IOException {
    Configuration conf = cluster.getConfiguration(0);
    unset.forEach(conf::unset);
    set.forEach(conf::set);
    cluster.restartNameNode(0, true);
    cluster.waitActive();
    cluster.triggerHeartbeats();
  }

  /** Sets each volume's capacity and installs its emulated bandwidth, for spec node {@code index}. */
  private void prepareDataNode(int index, DataNode dataNode) throws IOException {
    NodeSpec node = spec.nodes().get(index);
    try {
      cluster.waitDatanodeFullyStarted(dataNode, 60_000);
    } catch (TimeoutException | InterruptedException e) {
      throw new IOException("DataNode of " + node.host() + " did not start", e);
    }
    Map<String, VolumeSpeed> speeds = new HashMap<>();
    Map<String, Volume> found = new TreeMap<>();
    try (FsDatasetSpi.FsVolumeReferences volumes = dataNode.getFSDataset().getFsVolumeReferences()) {
      for (FsVolumeSpi volume : volumes) {
        int volumeIndex = volumeIndex(index, volume);
        VolumeSpec device = node.volumes().get(volumeIndex);
        ((FsVolumeImpl) volume).setCapacityForTesting(device.capacityBytes());
        found.put(volume.getStorageID(), new Volume(node.host(), volume.getStorageID(), device,
            new File(volume.getBaseURI()).toPath()));
        speeds.put(volume.getStorageID(), VolumeSpeed.ofDataNodeVolume(device.device(), options.speedScale()));
      }
    }
    volumesByHost.put(node.host(), List.copyOf(found.values()));
    VolumeIoGate gate = ioGate;
    DataNodePageCache pageCache = options.emulateDeviceSpeed() && node.pageCacheBytes() > 0
        ? pageCaches.computeIfAbsent(node.host(), h -> new DataNodePageCache(node.pageCacheBytes()))
        : null;
    if (options.emulateDeviceSpeed() || gate != null || DeviceSpeedEmulator.isInstalled(dataNode)) {
      DeviceSpeedEmulator.install(dataNode, options.emulateDeviceSpeed() ? speeds : Map.of(), gate, pageCache);
    }
    DataNodeTestUtils.triggerHeartbeat(dataNode);
  }

  /** Which spec volume a DataNode volume is, from the directory MiniDFSCluster made for it. */
  private int volumeIndex(int dataNodeIndex, FsVolumeSpi volume) throws IOException {
    File base = new File(volume.getBaseURI()).getCanonicalFile();
    int volumes = spec.nodes().get(dataNodeIndex).volumes().size();
    for (int j = 0; j < volumes; j++) {
      if (cluster.getInstanceStorageDir(dataNodeIndex, j).getCanonicalFile().equals(base)) {
        return j;
      }
    }
    throw new IOException("volume " + base + " of DataNode " + dataNodeIndex + " is not one the spec asked for");
  }

  /** The NameNode learns capacities from heartbeats; wait until it reports the spec's total. */
  private void waitForCapacities() throws IOException {
    long expected = spec.nodes().stream().flatMap(n -> n.volumes().stream()).mapToLong(VolumeSpec::capacityBytes).sum();
    long deadline = System.currentTimeMillis() + 30_000;
    while (true) {
      long reported = cluster.getNamesystem().getCapacityTotal();
      if (reported == expected) {
        return;
      }
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("NameNode reports capacity " + reported + " bytes, spec says " + expected);
      }
      cluster.triggerHeartbeats();
      Sleeps.sleep(100, e -> new IOException("interrupted while waiting for DataNode capacities", e));
    }
  }

  public ClusterSpec spec() {
    return spec;
  }

  /**
   * Has {@code gate} see every data read and write of every DataNode, now and after DataNode restarts (the
   * emulated power manager's hook); null removes it.
   */
  public synchronized void setIoGate(VolumeIoGate gate) throws IOException {
    ioGate = gate;
    for (DataNode dataNode : cluster.getDataNodes()) {
      int index = hosts().indexOf(dataNode.getDatanodeId().getHostName());
      if (index >= 0) {
        prepareDataNode(index, dataNode);
      }
    }
  }

  /** Every volume of every DataNode started so far, in spec order of hosts. */
  public List<Volume> volumes() {
    List<Volume> all = new ArrayList<>();
    for (String host : hosts()) {
      all.addAll(volumesByHost.getOrDefault(host, List.of()));
    }
    return all;
  }

  public MiniDFSCluster miniCluster() {
    return cluster;
  }

  public URI uri() {
    return cluster.getURI();
  }

  /** The NameNode web UI, {@code http://host:port}. */
  public String webUi() {
    return "http://" + cluster.getNameNode().getHttpAddress().getHostString() + ":"
        + cluster.getNameNode().getHttpAddress().getPort();
  }

  /** A client configuration pointing at this cluster. */
  public Configuration clientConf() {
    Configuration conf = new Configuration(cluster.getConfiguration(0));
    conf.set("fs.defaultFS", uri().toString());
    return conf;
  }

  public DistributedFileSystem fileSystem() throws IOException {
    return cluster.getFileSystem();
  }

  /** What {@code hdfs fsck PATH} prints for this cluster. */
  public String fsck(String path) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      ToolRunner.run(clientConf(), new DFSck(clientConf(), new PrintStream(out, true, StandardCharsets.UTF_8)),
          new String[] {path});
    } catch (IOException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("fsck " + path + " failed", e);
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  /**
   * Waits until {@code hdfs fsck /} finds the file system HEALTHY with no block under-, over- or mis-replicated,
   * and returns that report; when {@code timeout} passes first, throws with the last report.
   */
  public String awaitHealthy(Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      String last;
      try {
        last = fsck("/");
      } catch (IOException e) {
        last = "fsck failed: " + e;
      }
      if (last.contains("is HEALTHY") && last.contains("Under-replicated blocks:\t0")
          && last.contains("Over-replicated blocks:\t0") && last.contains("Mis-replicated blocks:\t\t0")) {
        return last;
      }
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("fsck / was not HEALTHY with nothing under-, over- or mis-replicated within "
            + timeout + "; last report:\n" + last);
      }
      Thread.sleep(200);
    }
  }

  /**
   * Polls {@code condition} every 100 ms until it holds, as tests and tools do while the cluster catches up;
   * throws, naming {@code what}, when {@code timeout} passes first or the thread is interrupted.
   */
  public static void waitFor(Duration timeout, BooleanSupplier condition, String what) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new IllegalStateException("timed out waiting for " + what);
      }
      Sleeps.sleep(100, e -> new IllegalStateException("interrupted waiting for " + what));
    }
  }

  /** The running DataNode of a spec host (empty when the host is unknown or its DataNode is stopped). */
  public Optional<DataNode> dataNode(String host) {
    return cluster.getDataNodes().stream()
        .filter(dn -> dn.getDatanodeId() != null && dn.getDatanodeId().getHostName().equals(host)).findFirst();
  }

  /**
   * Stops the DataNode of a spec host and has the NameNode count it dead at once, as it would once the node's
   * heartbeats had been missing for ten minutes.
   *
   * @throws IllegalArgumentException when the host is not in the spec or its DataNode is already stopped
   */
  public synchronized void stopDataNode(String host) throws IOException {
    specIndex(host);
    DataNode node = dataNode(host).orElseThrow(() -> new IllegalArgumentException(
        "the DataNode of " + host + " is already stopped"));
    DatanodeID id = node.getDatanodeId();
    stoppedDataNodes.put(host, cluster.stopDataNode(id.getXferAddr()));
    cluster.setDataNodeDead(id);
  }

  /**
   * Starts a DataNode stopped by {@link #stopDataNode} again, on its own volumes and ports, with its volumes'
   * capacities and emulated speeds as at the cluster's start.
   *
   * @throws IllegalArgumentException when the host is not in the spec or its DataNode is not stopped
   */
  public synchronized void restartDataNode(String host) throws IOException {
    int index = specIndex(host);
    MiniDFSCluster.DataNodeProperties stopped = stoppedDataNodes.get(host);
    if (stopped == null) {
      throw new IllegalArgumentException("the DataNode of " + host + " is running");
    }
    if (!cluster.restartDataNode(stopped, true)) {
      throw new IOException("the DataNode of " + host + " did not restart");
    }
    stoppedDataNodes.remove(host);
    // MiniDFSCluster lists a restarted DataNode last; it has no id until it has registered.
    List<DataNode> running = cluster.getDataNodes();
    prepareDataNode(index, running.get(running.size() - 1));
    cluster.waitActive();
  }

  /**
   * Empties every DataNode's page cache, as a benchmark runs {@code echo 3 > /proc/sys/vm/drop_caches} between
   * writing and reading so that reads come from the devices (cold). Nodes without a page cache are left alone.
   */
  public void dropPageCaches() {
    pageCaches.values().forEach(DataNodePageCache::drop);
  }

  /** The page cache of a host's DataNode, when its spec gives it one and device speeds are emulated. */
  public Optional<DataNodePageCache> pageCache(String host) {
    return Optional.ofNullable(pageCaches.get(host));
  }

  /** Each storage type's volume directories, in spec order: where a DataNode keeps its replicas. */
  public Map<StorageType, List<Path>> volumeDirectories() {
    Map<StorageType, List<Path>> dirs = new TreeMap<>();
    List<NodeSpec> nodes = spec.nodes();
    for (int i = 0; i < nodes.size(); i++) {
      List<VolumeSpec> volumes = nodes.get(i).volumes();
      for (int j = 0; j < volumes.size(); j++) {
        dirs.computeIfAbsent(StorageType.valueOf(volumes.get(j).storageKind().name()), t -> new ArrayList<>())
            .add(cluster.getInstanceStorageDir(i, j).toPath());
      }
    }
    return dirs;
  }

  private int specIndex(String host) {
    List<String> hosts = hosts();
    int index = hosts.indexOf(host);
    if (index < 0) {
      throw new IllegalArgumentException("no host '" + host + "' in spec '" + spec.name() + "' (hosts: "
          + String.join(", ", hosts) + ")");
    }
    return index;
  }

  /** Host names in spec order, which is also DataNode order. */
  public List<String> hosts() {
    List<String> hosts = new ArrayList<>();
    spec.nodes().forEach(n -> hosts.add(n.host()));
    return hosts;
  }

  @Override
  public void close() {
    // DataNode command threads log an ERROR when shutdown interrupts them, which is expected here.
    Logger.getLogger(DataNode.class).setLevel(Level.FATAL);
    cluster.shutdown();
  }
}
