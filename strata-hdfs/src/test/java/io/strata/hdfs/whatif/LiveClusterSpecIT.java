package io.strata.hdfs.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.Tier;
import io.strata.embedded.EmbeddedCluster;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live cluster's DataNodes read back as the simulator's spec: an embedded cluster with SSD, DISK and ARCHIVE
 * volumes of different capacities over two racks, and nodes with two and three volumes.
 */
class LiveClusterSpecIT {
  private static final String SPEC = """
      name: live-mixed
      racks:
        - name: /rack1
          nodes:
            - host: a1
              volumes:
                - {device: sata-ssd, capacity: 64MiB}
                - {device: hdd, capacity: 256MiB}
            - host: a2
              volumes:
                - {device: hdd, capacity: 128MiB}
                - {device: nas-filer, capacity: 512MiB}
        - name: /rack2
          nodes:
            - host: b1
              volumes:
                - {device: pcie-ssd, capacity: 32MiB}
                - {device: hdd, capacity: 256MiB}
                - {device: nas-filer, capacity: 384MiB}
      """;

  @TempDir
  Path dir;

  /** Each node as {@code rack host: TYPE capacity, ...} with its volumes sorted, so report order does not matter. */
  private static Map<String, String> layout(ClusterSpec spec) {
    Map<String, String> nodes = new TreeMap<>();
    for (NodeSpec node : spec.nodes()) {
      nodes.put(node.host(), node.rack() + ": " + node.volumes().stream()
          .map(v -> v.storageKind() + " " + v.capacityBytes()).sorted().toList());
    }
    return nodes;
  }

  @Test
  void theLiveDataNodesBecomeTheSpecsNodesRacksTypesAndCapacities() throws Exception {
    ClusterSpec started = SpecParser.parse("live-mixed", SPEC);
    try (EmbeddedCluster cluster = EmbeddedCluster.start(started,
        EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false))) {
      LiveClusterSpec live = LiveClusterSpec.read(new Configuration(cluster.fileSystem().getConf()));
      ClusterSpec spec = live.spec();

      assertEquals(layout(started), layout(spec));
      assertEquals(List.of("/rack1", "/rack2"), spec.racks().stream().map(r -> r.name()).toList());
      assertEquals(Map.of(), live.leftOutVolumes());
      // One profile per storage type, whatever device the volume is: the NameNode knows only the type.
      for (NodeSpec node : spec.nodes()) {
        node.volumes().forEach(v -> assertEquals(LiveClusterSpec.DEVICES.get(v.storageKind()), v.device().name(),
            node.host() + " " + v.storageKind()));
      }
      // The tiers are the storage types, fastest first, as the placement plugin sees a cluster without a spec.
      assertEquals(List.of("ssd", "disk", "archive"), spec.tierMap().tiers().stream().map(Tier::name).toList());
      assertTrue(spec.name().startsWith("hdfs://"), spec.name());
    }
  }
}
