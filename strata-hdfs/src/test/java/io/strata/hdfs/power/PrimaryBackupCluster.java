package io.strata.hdfs.power;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The embedded HDFS the power ITs run on: one rack of hosts, each with a primary disk and a backup array that spins
 * up in 1 s (the real array's 15 s would only make the tests slower); primary-backup placement under {@code /data},
 * which has HDFS's {@code WARM} policy (one DISK, the rest ARCHIVE, so the Mover agrees with the placement),
 * primary-first reads, and no block scanner, whose reads would wake the backups.
 */
final class PrimaryBackupCluster {
  static final int BLOCK = 1 << 20;

  private PrimaryBackupCluster() {}

  static EmbeddedCluster start(Path dir, String name, List<String> hosts, String primaryCapacity,
      String backupCapacity, Map<String, String> extraConf) throws IOException {
    StringBuilder text = new StringBuilder("""
        name: %s
        devices:
          - {name: quick-array, storageType: ARCHIVE, readMBps: 183, writeMBps: 92, iops: 10500, activeWatts: 40,
             idleWatts: 29.6, standbyWatts: 3.5, spinUpSeconds: 1, spinUpJoules: 26}
        tiers:
          - {name: primary, storageType: DISK}
          - {name: backup, storageType: ARCHIVE}
        racks:
          - name: /rack1
            nodes:
        """.formatted(name));
    for (String host : hosts) {
      text.append("      - host: ").append(host).append("\n        volumes:\n")
          .append("          - {device: primary-disk, capacity: ").append(primaryCapacity).append("}\n")
          .append("          - {device: quick-array, capacity: ").append(backupCapacity).append(", backup: true}\n");
    }
    ClusterSpec spec = SpecParser.parse(name, text.toString());
    Path specFile = dir.resolve("spec.yaml");
    Files.writeString(specFile, text);
    Map<String, String> conf = new LinkedHashMap<>(StrataPlugins.nameNodeConf(specFile, "/data=primary-backup", 500));
    conf.put(StrataKeys.RETRIEVAL_POLICY, "primary-first");
    conf.put("dfs.block.scanner.volume.bytes.per.second", "0");
    conf.putAll(extraConf);
    EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withEmulation(false).withBlockSize(BLOCK).withConf(conf));
    org.apache.hadoop.fs.Path data = new org.apache.hadoop.fs.Path("/data");
    cluster.fileSystem().mkdirs(data);
    cluster.fileSystem().setStoragePolicy(data, "WARM");
    return cluster;
  }

  /** Every volume of the cluster, as the power manager sees it. */
  static List<PoweredVolume> volumes(EmbeddedCluster cluster) {
    List<PoweredVolume> volumes = new ArrayList<>();
    for (EmbeddedCluster.Volume v : cluster.volumes()) {
      volumes.add(new PoweredVolume(v.storageId(), v.host(), v.directory(), v.spec().device(), v.spec().backup()));
    }
    return volumes;
  }
}
