package io.strata.hdfs.kat;

import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** The clusters KAT's integration tests run on: one rack of named hosts, one HDD volume each, 1 MiB blocks. */
final class KatClusters {
  private KatClusters() {}

  /** Starts HDFS (no device emulation) on {@code hosts}, each with one DISK volume of {@code capacity}. */
  static EmbeddedCluster oneRack(Path dir, List<String> hosts, String capacity, Map<String, String> conf)
      throws IOException {
    StringBuilder spec = new StringBuilder("""
        name: kat-test
        description: one rack of hosts for KAT's tests
        tiers:
          - {name: hdd, storageType: DISK}
        racks:
          - name: /rack1
            nodes:
        """);
    for (String host : hosts) {
      spec.append("      - {host: ").append(host).append(", volumes: [{device: hdd, capacity: ").append(capacity)
          .append("}]}\n");
    }
    return EmbeddedCluster.start(SpecParser.parse("kat test spec", spec.toString()), EmbeddedCluster.Options
        .defaults(dir).withEmulation(false).withBlockSize(1 << 20).withConf(conf));
  }
}
