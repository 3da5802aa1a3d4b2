package io.strata.bench.retrieval;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.hosts.HostCluster;
import io.strata.embedded.hosts.HostNetwork;
import io.strata.embedded.hosts.HostReaders;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import io.strata.testing.BuiltJars;
import io.strata.workloads.dataset.DatasetWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The recommended retrieval policy steers reads away from a DataNode that is slower than the spec says, which only
 * its live load gives away. One rack: three data hosts holding every block (replication 3) and two reader hosts
 * whose volumes are too small for a block, so every read is off-host and every replica is at the same distance;
 * the third data host's DataNode runs its HDD at a fifth of its speed. Under {@code network} HDFS shuffles replicas
 * at one distance, so the slow node serves about a third of the bytes; {@code rate-aware} must send it less than a
 * quarter. (Every replica is capped at one rate by the links here, 1 Gbit/s shared by 10 streams; the policy then
 * prefers the device with the most share left, which the slow node's longer transfers lower.)
 * Readers open their files two at a time, so later opens see the load of earlier reads.
 */
@Tag("long")
class SlowDataNodeSteeringIT {
  private static final String SPEC = """
      name: slow-node
      description: one rack, three data hosts (HDD) and two reader hosts with no room for a block
      network: {nicGbps: 1, rackUplinkGbps: 1}
      tiers:
        - {name: hdd, storageType: DISK}
      racks:
        - name: /rack1
          nodes:
            - {host: d1, volumes: [{device: hdd, capacity: 2GiB}]}
            - {host: d2, volumes: [{device: hdd, capacity: 2GiB}]}
            - {host: d3, volumes: [{device: hdd, capacity: 2GiB}]}
            - {host: reader1, volumes: [{device: hdd, capacity: 4MiB}]}
            - {host: reader2, volumes: [{device: hdd, capacity: 4MiB}]}
      """;
  private static final String SLOW = "d3";
  private static final int FILES_PER_READER = 36;
  private static final int ROUNDS = 2;

  @TempDir
  Path temp;

  @Test
  void rateAwareSendsTheSlowDataNodeLessThanNetworkDoes() throws Exception {
    String reason = HostNetwork.unavailableReason().orElse(null);
    Assumptions.assumeTrue(reason == null, reason);
    Path dir = temp.resolve("cluster");
    Files.createDirectories(dir);
    Path specFile = dir.resolve(ClientConfigWriter.SPEC_FILE);
    Files.writeString(specFile, SPEC);
    ClusterSpec spec = SpecParser.parse("slow-node", SPEC);
    HostCluster.Options options = HostCluster.Options.defaults(dir, spec, SPEC,
        BuiltJars.find("strata-hdfs", "strata-hdfs-.*-plugin\\.jar"), HostCluster.hadoopJarsOfThisJvm(),
        StrataPlugins.nameNodeConf(specFile, null, 1000)).withHostSpeedFactor(SLOW, 0.2);

    Map<String, Long> servedBySlow = new LinkedHashMap<>(Map.of("network", 0L, "rate-aware", 0L));
    Map<String, Long> served = new LinkedHashMap<>(Map.of("network", 0L, "rate-aware", 0L));
    try (HostCluster cluster = HostCluster.start(options, System.out);
         FileSystem fs = FileSystem.newInstance(cluster.uri(), cluster.clientConf())) {
      DatasetWriter.Result written = DatasetWriter.write(fs, new org.apache.hadoop.fs.Path("/bench/data"),
          2 * FILES_PER_READER, 8L << 20, 3, 7, n -> {});
      // A pipeline may leave the slow node out; the NameNode then copies the missing replica there.
      EmbeddedCluster.waitFor(Duration.ofMinutes(3), () -> onEveryDataHost(fs, written.files()),
          "every block on d1, d2 and d3");
      Map<String, List<String>> filesByHost = new LinkedHashMap<>();
      for (int i = 0; i < written.files().size(); i++) {
        org.apache.hadoop.fs.Path file = written.files().get(i);
        filesByHost.computeIfAbsent(i % 2 == 0 ? "reader1" : "reader2", h -> new ArrayList<>())
            .add(file.toUri().getPath());
      }
      for (int round = 0; round < ROUNDS; round++) {
        for (String policy : round % 2 == 0 ? List.of("network", "rate-aware") : List.of("rate-aware", "network")) {
          cluster.restartNameNode(Map.of(StrataKeys.RETRIEVAL_POLICY, policy));
          HostReaders.Result read = HostReaders.read(cluster, filesByHost, 2, temp.resolve("readers"));
          System.out.printf("round %d %-10s %.1f MB/s, %s served %.1f%%%n", round + 1, policy,
              read.megabytesPerSecond(), SLOW, 100.0 * read.bytesServedBy(SLOW) / read.bytes());
          servedBySlow.merge(policy, read.bytesServedBy(SLOW), Long::sum);
          served.merge(policy, read.bytes(), Long::sum);
        }
      }
    }
    double network = servedBySlow.get("network") / (double) served.get("network");
    double rateAware = servedBySlow.get("rate-aware") / (double) served.get("rate-aware");
    // Shuffled replicas give the slow node a third of the blocks under network (144 draws: 0.33 +- 0.04).
    assertTrue(rateAware < 0.25 && rateAware < network,
        "the slow node served " + rateAware + " of the bytes under rate-aware, " + network + " under network");
  }

  private static boolean onEveryDataHost(FileSystem fs, List<org.apache.hadoop.fs.Path> files) {
    try {
      for (org.apache.hadoop.fs.Path file : files) {
        for (BlockLocation block : fs.getFileBlockLocations(fs.getFileStatus(file), 0, Long.MAX_VALUE)) {
          if (!List.of(block.getHosts()).stream().sorted().toList().equals(List.of("d1", "d2", "d3"))) {
            return false;
          }
        }
      }
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
