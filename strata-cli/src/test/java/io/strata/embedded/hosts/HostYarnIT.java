package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.yarn.api.records.NodeReport;
import org.apache.hadoop.yarn.api.records.NodeState;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster of hosts with YARN: 2 racks x 2 hosts, each host a namespace with its own DataNode and NodeManager,
 * the ResourceManager and the history server in the root namespace. Hadoop's WordCount, submitted from the root
 * namespace, counts the words of four files, each written on one host with a single replica, with maps on the
 * hosts that hold their files. Needs root; skipped with the reason otherwise.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("long")
class HostYarnIT {
  private static final String SPEC = """
      name: two-racks
      description: 2 racks x 2 hosts, one HDD each
      network: {nicGbps: 1, rackUplinkGbps: 1}
      tiers:
        - {name: hdd, storageType: DISK}
      intermediate: hdd
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
  private static final Map<String, String> RACKS = Map.of("h11", "/rack1", "h12", "/rack1", "h21", "/rack2",
      "h22", "/rack2");
  private static final List<String> WORDS = List.of("alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
      "theta", "iota", "kappa");

  @TempDir
  static Path temp;
  private static HostCluster cluster;

  @BeforeAll
  static void startTheCluster() throws IOException {
    String reason = HostNetwork.unavailableReason().orElse(null);
    if (reason != null) {
      System.out.println("Skipping HostYarnIT: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
    ClusterSpec spec = SpecParser.parse("test spec", SPEC);
    Path dir = temp.resolve("cluster");
    cluster = HostCluster.start(HostCluster.Options.defaults(dir, spec, SPEC, HostClusterIT.pluginJar(),
        HostCluster.hadoopJarsOfThisJvm(), Map.of()).withBlockSize(1L << 20).withSpeedScale(0).withYarn(true),
        System.out);
  }

  @AfterAll
  static void stopTheCluster() {
    HostClusterTeardown.closeAndCheckClean(cluster);
  }

  @Test
  @Order(1)
  void everyNodeManagerRunsUnderItsHostNameInItsRack() throws Exception {
    Configuration conf = new YarnConfiguration();
    conf.addResource(new org.apache.hadoop.fs.Path(cluster.dir().resolve("yarn-site.xml").toUri()));
    conf.setLong(YarnConfiguration.RESOURCEMANAGER_CONNECT_MAX_WAIT_MS, 10_000);
    try (YarnClient client = YarnClient.createYarnClient()) {
      client.init(conf);
      client.start();
      Map<String, String> racks = new TreeMap<>();
      for (NodeReport node : client.getNodeReports(NodeState.RUNNING)) {
        racks.put(node.getNodeId().getHost(), node.getRackName());
      }
      assertEquals(new TreeMap<>(RACKS), racks);
    }
    assertTrue(cluster.pids().keySet().containsAll(List.of("resourcemanager", "historyserver", "nodemanager-h11")),
        cluster.pids().toString());
    // The spec's intermediate tier: each NodeManager set up its local dirs on the host's HDD volume.
    for (String host : RACKS.keySet()) {
      Path localDir = cluster.dir().resolve("hosts").resolve(host).resolve("hdd-0");
      assertTrue(Files.isDirectory(localDir.resolve("usercache")) && Files.isDirectory(localDir.resolve(
          "nmPrivate")), host + ": no NodeManager local dir in " + localDir);
    }
  }

  @Test
  @Order(2)
  void wordCountFromTheRootNamespaceCountsRightWithEveryMapOnItsDataHost() throws Exception {
    Map<String, Long> expected = new TreeMap<>();
    Map<String, String> fileHosts = new HashMap<>();
    int seed = 0;
    for (String host : List.of("h11", "h12", "h21", "h22")) {
      String path = "/words/" + host + ".txt";
      writeWords(host, path, ++seed, expected);
      fileHosts.put(path, host);
    }
    for (Map.Entry<String, String> file : fileHosts.entrySet()) {
      FileStatus status = cluster.fileSystem().getFileStatus(new org.apache.hadoop.fs.Path(file.getKey()));
      BlockLocation[] blocks = cluster.fileSystem().getFileBlockLocations(status, 0, status.getLen());
      assertEquals(1, blocks.length, file.getKey());
      assertEquals(List.of(file.getValue()), List.of(blocks[0].getHosts()), file.getKey());
    }

    List<String> lines = runFromRoot(HostWordCount.class.getName(), "/words", "/counts");

    Map<String, Long> counts = new TreeMap<>();
    for (FileStatus part : cluster.fileSystem().listStatus(new org.apache.hadoop.fs.Path("/counts"),
        p -> p.getName().startsWith("part-"))) {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(
          cluster.fileSystem().open(part.getPath()), StandardCharsets.UTF_8))) {
        reader.lines().map(line -> line.split("\t")).forEach(f -> counts.put(f[0], Long.parseLong(f[1])));
      }
    }
    assertEquals(expected, counts);
    System.out.println("WordCount: " + lines);
    assertTrue(lines.contains("TOTAL_LAUNCHED_MAPS 4"), lines.toString());
    // A data-local map needs the NodeManager's node id to be the DataNode's name: with addresses or the
    // machine's name there would be none. Not all four are guaranteed: on four nodes the capacity scheduler waits
    // at most four missed chances for a map's own host (in two runs: 3 data-local, 1 rack-local or off-rack).
    assertTrue(counter(lines, "DATA_LOCAL_MAPS") >= 1, lines.toString());
    List<String> mapHosts = lines.stream().filter(l -> l.startsWith("map ")).map(l -> l.substring(4)).toList();
    assertEquals(4, mapHosts.size(), lines.toString());
    assertTrue(RACKS.keySet().containsAll(mapHosts), "maps ran on hosts not named as hosts: " + mapHosts);
    List<String> reduceHosts = lines.stream().filter(l -> l.startsWith("reduce ")).map(l -> l.substring(7))
        .toList();
    assertEquals(counter(lines, "TOTAL_LAUNCHED_REDUCES"), reduceHosts.size(), lines.toString());
    assertTrue(RACKS.keySet().containsAll(reduceHosts), "reduces ran on hosts not named as hosts: " + reduceHosts);
  }

  private static long counter(List<String> lines, String name) {
    return lines.stream().filter(l -> l.startsWith(name + " ")).mapToLong(l -> Long.parseLong(l.split(" ")[1]))
        .findFirst().orElseThrow(() -> new AssertionError("no " + name + " in " + lines));
  }

  /** Hadoop's FsShell, run in {@code host}, puts about 600 KB of words there with one replica, on that host. */
  private static void writeWords(String host, String path, int seed, Map<String, Long> counts) throws Exception {
    Random random = new Random(seed);
    StringBuilder text = new StringBuilder();
    while (text.length() < 600_000) {
      for (int i = 0; i < 12; i++) {
        String word = WORDS.get(random.nextInt(WORDS.size()));
        counts.merge(word, 1L, Long::sum);
        text.append(word).append(i == 11 ? '\n' : ' ');
      }
    }
    Path local = temp.resolve(host + ".txt");
    Files.writeString(local, text);
    run(cluster.inHost(host, cluster.javaClient("org.apache.hadoop.fs.FsShell", List.of("-D", "dfs.replication=1",
        "-mkdir", "-p", "/words"))), "mkdir in " + host);
    run(cluster.inHost(host, cluster.javaClient("org.apache.hadoop.fs.FsShell", List.of("-D", "dfs.replication=1",
        "-put", local.toString(), path))), "put in " + host);
  }

  private static List<String> runFromRoot(String mainClass, String... args) throws Exception {
    return run(new ProcessBuilder(cluster.javaClient(mainClass, List.of(args))), mainClass);
  }

  private static List<String> run(ProcessBuilder builder, String what) throws Exception {
    long id = System.nanoTime();
    Path log = temp.resolve("client-" + id + ".log");
    Path out = temp.resolve("client-" + id + ".out");
    Process process = builder.redirectError(log.toFile()).redirectOutput(out.toFile()).start();
    process.getOutputStream().close();
    if (!process.waitFor(5, TimeUnit.MINUTES)) {
      process.destroyForcibly().waitFor();
      throw new AssertionError(what + " did not finish within 5 minutes: " + Files.readString(log));
    }
    assertEquals(0, process.exitValue(), what + " failed: " + Files.readString(log));
    return new ArrayList<>(Files.readAllLines(out, StandardCharsets.UTF_8));
  }
}
