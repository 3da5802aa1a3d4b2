package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import io.strata.testing.BuiltJars;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster of hosts: the NameNode from the plugin jar in its own JVM, 2 racks x 2 hosts, each host a namespace
 * with its own DataNode JVM, NICs at 1 Gbit/s and rack uplinks at 100 Mbit/s (far below the emulated HDD's
 * 61 MB/s, so a read across racks is limited by the uplink alone). Needs root; skipped with the reason otherwise.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class HostClusterIT {
  private static final double UPLINK_BITS = 100e6;
  private static final String SPEC = """
      name: two-racks
      description: 2 racks x 2 hosts, one HDD each
      network: {nicGbps: 1, rackUplinkGbps: 0.1}
      tiers:
        - {name: hdd, storageType: DISK}
      racks:
        - name: /rack1
          nodes:
            - {host: h11, volumes: [{device: hdd, capacity: 4GiB}]}
            - {host: h12, volumes: [{device: hdd, capacity: 4GiB}]}
        - name: /rack2
          nodes:
            - {host: h21, volumes: [{device: hdd, capacity: 4GiB}]}
            - {host: h22, volumes: [{device: hdd, capacity: 4GiB}]}
      """;
  private static final String SMALL_SPEC = """
      name: one-rack
      description: 1 rack x 1 host
      network: {nicGbps: 1, rackUplinkGbps: 1}
      tiers:
        - {name: hdd, storageType: DISK}
      racks:
        - name: /rack1
          nodes:
            - {host: solo, volumes: [{device: hdd, capacity: 1GiB}]}
      """;

  @TempDir
  static Path temp;
  private static HostCluster cluster;

  @BeforeAll
  static void startTheCluster() throws IOException {
    String reason = HostNetwork.unavailableReason().orElse(null);
    if (reason != null) {
      System.out.println("Skipping HostClusterIT: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
    cluster = HostCluster.start(options(temp.resolve("cluster"), SPEC).withBlockSize(1L << 20), System.out);
  }

  @AfterAll
  static void stopTheCluster() {
    HostClusterTeardown.closeAndCheckClean(cluster);
  }

  @Test
  @Order(1)
  void theNameNodeRunsOnlyHadoopAndThePluginJar() throws IOException {
    // ProcessHandle.Info cuts long command lines short; the kernel's copy is whole.
    List<String> arguments = List.of(Files.readString(Path.of("/proc", cluster.pids().get("namenode").toString(),
        "cmdline")).split("\0"));
    String classpath = arguments.get(arguments.indexOf("-cp") + 1);
    assertEquals("org.apache.hadoop.hdfs.server.namenode.NameNode", arguments.get(arguments.indexOf("-cp") + 2));
    List<String> entries = List.of(classpath.split(":"));
    assertEquals(List.of(cluster.dir().resolve("namenode/conf").toString(), pluginJar().toString()),
        entries.subList(0, 2));
    for (String jar : entries.subList(2, entries.size())) {
      assertTrue(jar.endsWith(".jar") && !Path.of(jar).getFileName().toString().startsWith("strata-")
          && !jar.contains("/io/strata/"), "not a Hadoop jar on the NameNode's class path: " + jar);
    }
    assertTrue(entries.stream().anyMatch(e -> e.endsWith("/hadoop-hdfs-3.4.2.jar")), classpath);
  }

  @Test
  @Order(2)
  void everyHostRegistersAtItsOwnAddressInItsRack() throws IOException {
    Map<String, String> racks = Map.of("h11", "/rack1", "h12", "/rack1", "h21", "/rack2", "h22", "/rack2");
    var live = cluster.fileSystem().getDataNodeStats(DatanodeReportType.LIVE);
    assertEquals(4, live.length);
    for (var dataNode : live) {
      assertEquals(racks.get(dataNode.getHostName()), dataNode.getNetworkLocation(), dataNode.getHostName());
      assertEquals(cluster.network().address(dataNode.getHostName()), dataNode.getIpAddr());
    }
  }

  @Test
  @Order(3)
  void aFileWrittenFromAHostHasItsOnlyReplicaOnThatHost() throws Exception {
    put("h12", 4L << 20, 1, "/from-h12");
    BlockLocation[] blocks = locationsFromRoot("/from-h12");
    assertEquals(4, blocks.length);
    for (BlockLocation block : blocks) {
      assertEquals(List.of("h12"), List.of(block.getHosts()));
    }
  }

  @Test
  @Order(4)
  void aReaderOnAHostGetsItsLocalReplicaFirst() throws Exception {
    put("h11", 2L << 20, 4, "/everywhere");
    for (String host : List.of("h11", "h12", "h21", "h22")) {
      List<String> lines = run(host, HostClient.class.getName(), "locations", "/everywhere");
      assertEquals(2, lines.size(), host + ": " + lines);
      for (String line : lines) {
        List<String> order = List.of(line.split(","));
        assertEquals(4, order.size(), line);
        assertEquals(host, order.get(0), host + " was given " + line);
      }
    }
  }

  @Test
  @Order(5)
  void aReadAcrossRacksRunsAtTheUplinkRate() throws Exception {
    long bytes = 32L << 20;
    put("h21", bytes, 1, "/in-rack2");
    for (BlockLocation block : locationsFromRoot("/in-rack2")) {
      assertEquals(List.of("h21"), List.of(block.getHosts()), "a replica outside rack 2");
    }
    String[] result = run("h11", HostClient.class.getName(), "read", "/in-rack2").get(0).split(" ");
    assertEquals(bytes, Long.parseLong(result[0]));
    double bitsPerSecond = bytes * 8 / (Long.parseLong(result[1]) / 1e9);
    System.out.printf("read across racks: %.1f Mbit/s over a %.0f Mbit/s uplink%n", bitsPerSecond / 1e6,
        UPLINK_BITS / 1e6);
    assertEquals(1.0, bitsPerSecond / UPLINK_BITS, 0.20, "measured " + bitsPerSecond / 1e6 + " Mbit/s");
  }

  @Test
  @Order(6)
  void aStoppedDataNodeIsDeadUntilStartedAgain() throws IOException {
    cluster.stopDataNode("h22");
    List<String> dead = Arrays.stream(cluster.fileSystem().getDataNodeStats(DatanodeReportType.DEAD))
        .map(d -> d.getHostName()).toList();
    assertEquals(List.of("h22"), dead);
    cluster.startDataNode("h22");
    assertEquals(4, cluster.fileSystem().getDataNodeStats(DatanodeReportType.LIVE).length);
  }

  @Test
  @Order(7)
  void downRemovesAnAbandonedClusterAndItsNameNodeWithoutTouchingAnother() throws IOException {
    Path dir = temp.resolve("abandoned");
    HostCluster abandoned = HostCluster.start(options(dir, SMALL_SPEC), System.out);
    Collection<Long> pids = abandoned.pids().values();
    String id = abandoned.network().clusterId();
    assertFalse(HostNetwork.leftovers(id).isEmpty());

    // As after a SIGKILL of its launcher: nothing but the cluster directory tells what to remove.
    List<String> removed = HostCluster.down(dir);

    assertTrue(removed.size() >= pids.size(), "removed " + removed);
    assertEquals(List.of(), HostNetwork.leftovers(id));
    pids.forEach(pid -> assertFalse(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false),
        "process " + pid + " still runs"));
    assertEquals(4, cluster.fileSystem().getDataNodeStats(DatanodeReportType.LIVE).length,
        "the other cluster lost DataNodes");
  }

  @Test
  @Order(8)
  void readersRunInsideTheirHostsAndSeeWhereTheirBytesComeFrom() throws IOException {
    String h11 = cluster.network().state().hosts().stream().filter(h -> h.name().equals("h11")).findFirst()
        .orElseThrow().namespace();
    assertEquals(List.of("ip", "netns", "exec", h11),
        HostReaders.command(cluster, "h11", List.of("/from-h12")).subList(0, 4));

    // /from-h12 has its only replica on h12: local to h12, in h11's rack, across racks for h21.
    HostReaders.Result result = HostReaders.read(cluster, Map.of("h12", List.of("/from-h12"), "h11",
        List.of("/from-h12"), "h21", List.of("/from-h12")), temp.resolve("readers"));

    assertEquals(3, result.reads().size());
    for (HostReaders.FileRead read : result.reads()) {
      assertEquals(4L << 20, read.bytes(), read.host());
      long expectedLocal = read.host().equals("h12") ? read.bytes() : 0;
      long expectedRack = read.host().equals("h11") ? read.bytes() : 0;
      long expectedRemote = read.host().equals("h21") ? read.bytes() : 0;
      assertEquals(List.of(expectedLocal, expectedRack, expectedRemote),
          List.of(read.nodeLocalBytes(), read.rackLocalBytes(), read.remoteBytes()), read.host());
      assertEquals(Map.of("h12", read.bytes()), read.bytesBySource(), read.host());
    }
    assertEquals(3 * (4L << 20), result.bytesServedBy("h12"));
  }

  private static HostCluster.Options options(Path dir, String specText) {
    ClusterSpec spec = SpecParser.parse("test spec", specText);
    // The keys docs/install.md tells an operator to set.
    Map<String, String> plugin = Map.of(
        "dfs.block.replicator.classname", "io.strata.hdfs.placement.StrataBlockPlacementPolicy",
        "strata.spec.file", dir.toAbsolutePath().resolve("strata-spec.yaml").toString(),
        "dfs.net.topology.impl", "io.strata.hdfs.retrieval.StrataNetworkTopology",
        "strata.retrieval.policy", "network");
    return HostCluster.Options.defaults(dir, spec, specText, pluginJar(), HostCluster.hadoopJarsOfThisJvm(), plugin);
  }

  /** The plugin jar that strata-hdfs's `package` phase built before this module's tests run. */
  static Path pluginJar() {
    String given = System.getProperty("strata.plugin.jar");
    if (given != null) {
      return Path.of(given).toAbsolutePath();
    }
    return BuiltJars.find("strata-hdfs", "strata-hdfs-.*-plugin\\.jar");
  }

  private static BlockLocation[] locationsFromRoot(String path) throws IOException {
    FileStatus status = cluster.fileSystem().getFileStatus(new org.apache.hadoop.fs.Path(path));
    return cluster.fileSystem().getFileBlockLocations(status, 0, status.getLen());
  }

  /** Hadoop's own FsShell, run in {@code host}, puts {@code bytes} of random data at {@code path}. */
  private static void put(String host, long bytes, int replication, String path) throws Exception {
    Path local = temp.resolve(path.substring(1));
    byte[] data = new byte[(int) bytes];
    new Random(7).nextBytes(data);
    Files.write(local, data);
    run(host, "org.apache.hadoop.fs.FsShell", "-D", "dfs.replication=" + replication, "-put", local.toString(), path);
  }

  private static List<String> run(String host, String mainClass, String... args) throws Exception {
    Path log = temp.resolve("client-" + System.nanoTime() + ".log");
    Process process = cluster.inHost(host, cluster.javaClient(mainClass, List.of(args)))
        .redirectError(log.toFile())
        .start();
    process.getOutputStream().close();
    byte[] out = process.getInputStream().readAllBytes();
    assertTrue(process.waitFor(3, TimeUnit.MINUTES), mainClass + " in " + host + " did not finish");
    assertEquals(0, process.exitValue(), mainClass + " in " + host + " failed: " + Files.readString(log));
    return new ArrayList<>(new String(out, StandardCharsets.UTF_8).lines().toList());
  }
}
