package io.strata.embedded.localdir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.embedded.yarn.ExampleJobs;
import io.strata.embedded.yarn.NamedNodeYarnCluster;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hadoop's WordCount on real HDFS and YARN, one node of the hybrid-node preset with intermediate data on its SSD
 * (the reverse split): the map outputs and the shuffle go through the SSD device's directory.
 */
@Tag("long")
class IntermediateDataOnTierIT {
  @TempDir
  static Path dir;
  static EmbeddedCluster hdfs;
  static NamedNodeYarnCluster yarn;
  static IntermediateVolumes volumes;
  /** One node of the hybrid-node preset, so that the job needs few task JVMs; intermediate data on its SSD. */
  static ClusterSpec spec = SpecParser.parse("one-node", """
      name: one-node
      tiers: [{name: ssd, storageType: SSD}, {name: hdd, storageType: DISK}]
      intermediate: ssd
      racks:
        - name: /rack1
          nodes:
            - host: n1
              volumes: [{device: sata-ssd, capacity: 1GiB}, {device: hdd, capacity: 2GiB}]
      """);

  @BeforeAll
  static void start() throws Exception {
    hdfs = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs")));
    volumes = IntermediateVolumes.create(spec, dir.resolve("intermediate"), true, 1.0);
    yarn = NamedNodeYarnCluster.start(hdfs.clientConf(), spec.nodes().stream().map(n -> n.host()).toList(),
        dir.resolve("yarn"), volumes.dirsByHost());
  }

  @AfterAll
  static void stop() {
    if (yarn != null) {
      yarn.close();
    }
    if (hdfs != null) {
      hdfs.close();
    }
  }

  @Test
  void mapOutputsAndTheShuffleGoThroughTheChosenTiersDevices() throws Exception {
    assertEquals(List.of("n1"), List.copyOf(volumes.dirsByHost().keySet()));
    assertTrue(volumes.volumes().stream().allMatch(v -> v.tier().equals("ssd") && v.dir().endsWith("ssd-0")));
    Configuration conf = yarn.jobConf();
    FileSystem fs = FileSystem.get(conf);
    org.apache.hadoop.fs.Path input = new org.apache.hadoop.fs.Path("/in");
    Random random = new Random(3);
    for (int file = 0; file < 1; file++) {
      try (Writer out = new OutputStreamWriter(fs.create(new org.apache.hadoop.fs.Path(input, "part-" + file)),
          StandardCharsets.UTF_8)) {
        for (int line = 0; line < 12000; line++) {
          out.write("w" + random.nextInt(5000) + " w" + random.nextInt(5000) + " tiered storage\n");
        }
      }
    }
    ExampleJobs.Outcome wordCount = ExampleJobs.wordCount(conf, input, new org.apache.hadoop.fs.Path("/out"));
    assertTrue(ExampleJobs.outputLines(fs, new org.apache.hadoop.fs.Path("/out")).contains("tiered\t12000"));

    Map<String, LocalDevice.Usage> usage = volumes.usageByTier();
    LocalDevice.Usage ssd = usage.get("ssd");
    ExampleJobs.IntermediateBytes counted = wordCount.intermediate();
    assertTrue(counted.mapOutputMaterialized() > 0 && counted.shuffled() > 0, counted.toString());
    // The task JVMs wrote every map output through the devices, and the ShuffleHandler read every fetched segment.
    assertTrue(ssd.bytesWritten() >= counted.mapOutputMaterialized(), ssd + " vs " + counted);
    assertTrue(ssd.bytesRead() >= counted.shuffled(), ssd + " vs " + counted);
    assertEquals(Map.of("ssd", usage.get("ssd")), usage, "no other tier holds intermediate data");
    for (IntermediateVolumes.Volume volume : volumes.volumes()) {
      assertTrue(Files.isDirectory(volume.dir().resolve("usercache")), "YARN used " + volume.dir());
    }
  }
}
