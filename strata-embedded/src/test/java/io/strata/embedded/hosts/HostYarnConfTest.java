package io.strata.embedded.hosts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The NodeManager configuration a cluster of hosts writes for each host: its local dirs on the volumes of the
 * spec's intermediate tier, as the in-process cluster lays them out, and YARN's own place without that key.
 */
class HostYarnConfTest {
  @TempDir
  Path dir;

  private HostCluster.Options options(ClusterSpec spec) {
    return HostCluster.Options.defaults(dir.resolve("cluster"), spec, "", dir.resolve("plugin.jar"), List.of(),
        Map.of()).withYarn(true);
  }

  /** Writes host {@code host}'s NodeManager conf as {@code HostCluster} does and reads it back. */
  private Configuration nodeManagerConf(HostCluster.Options options, String host) throws IOException {
    Path hostDir = options.dir().resolve("hosts").resolve(host);
    Path confDir = hostDir.resolve("conf");
    Files.createDirectories(confDir);
    HostYarnConf.writeNodeManager(options, "10.0.0.1", dir.resolve("topology"), host, hostDir, confDir,
        HostYarnConf.intermediateDirs(options).getOrDefault(host, List.of()));
    Configuration conf = new Configuration(false);
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("yarn-site.xml").toUri()));
    conf.addResource(new org.apache.hadoop.fs.Path(confDir.resolve("mapred-site.xml").toUri()));
    return conf;
  }

  @Test
  void theHybridNodesNodeManagersKeepIntermediateDataOnTheirHddVolume() throws IOException {
    HostCluster.Options options = options(Presets.load("hybrid-node"));
    for (String host : List.of("n1", "n2", "n3")) {
      Configuration conf = nodeManagerConf(options, host);
      // The HDD is the node's second volume (index 1), beside the DataNode's hosts/HOST/data/v1.
      Path hdd = options.dir().resolve("hosts").resolve(host).resolve("hdd-1");
      assertEquals(hdd.toString(), conf.get("yarn.nodemanager.local-dirs"), host);
      assertEquals(hdd.toString(), conf.get("mapreduce.cluster.local.dir"), host);
      assertTrue(Files.isDirectory(hdd), hdd.toString());
      assertEquals(host, conf.get("yarn.nodemanager.hostname"));
    }
  }

  @Test
  void theReverseSplitPutsThemOnTheSsdVolume() throws IOException {
    HostCluster.Options options = options(Presets.load("hybrid-node").withIntermediateTier("ssd"));
    Configuration conf = nodeManagerConf(options, "n2");
    Path ssd = options.dir().resolve("hosts").resolve("n2").resolve("ssd-0");
    assertEquals(ssd.toString(), conf.get("yarn.nodemanager.local-dirs"));
    assertEquals(ssd.toString(), conf.get("mapreduce.cluster.local.dir"));
  }

  @Test
  void withoutTheKeyEachNodeManagerWorksUnderItsHostDirAsBefore() throws IOException {
    HostCluster.Options options = options(Presets.load("hybrid-node").withIntermediateTier(null));
    assertTrue(HostYarnConf.intermediateDirs(options).isEmpty());
    Configuration conf = nodeManagerConf(options, "n1");
    assertEquals(options.dir().resolve("hosts").resolve("n1").resolve("yarn").resolve("local").toString(),
        conf.get("yarn.nodemanager.local-dirs"));
    assertNull(conf.get("mapreduce.cluster.local.dir"));
  }
}
