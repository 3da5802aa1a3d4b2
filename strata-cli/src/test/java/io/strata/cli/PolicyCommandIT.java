package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.PluginConf;
import io.strata.core.device.StorageKind;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.placement.StrataBlockPlacementPolicy;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata policy} against a live embedded cluster running the plugin, as an operator would use it. */
class PolicyCommandIT {
  private final CliRun cli = new CliRun();

  @Test
  void setListShowUnsetAndTheNameNodeFollows(@TempDir Path dir) throws Exception {
    ClusterChoice.Loaded hats = new ClusterChoice().load("hats");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(1 << 20).withConf(PluginConf.forSpec(dir, hats, null));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(hats.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, hats.text());
      String conf = dir.toString();

      assertEquals(2, cli.strata("policy", "set", "/hot", "ratio:3", "--conf", conf));
      assertTrue(cli.stderr().contains("P must be within [0, 1]"), cli.stderr());
      assertEquals(2, cli.strata("policy", "set", "hot", "hybrid", "--conf", conf));
      assertTrue(cli.stderr().contains("must be absolute"));

      assertEquals(0, cli.strata("policy", "set", "/hot", "tier-aware", "--conf", conf));
      assertEquals(0, cli.strata("policy", "set", "/hot/deeper", "hybrid", "--conf", conf));
      assertEquals(0, cli.strata("policy", "list", "--json", "--conf", conf));
      JsonNode rules = new ObjectMapper().readTree(cli.stdout());
      assertEquals(2, rules.size());
      assertEquals("/hot", rules.get(0).get("path").asText());
      assertEquals("hdfs", rules.get(0).get("source").asText());
      assertEquals(0, cli.strata("policy", "show", "/hot/deeper/f", "--conf", conf));
      assertTrue(cli.stdout().contains("'hybrid' (rule for /hot/deeper)"), cli.stdout());

      StrataBlockPlacementPolicy plugin = (StrataBlockPlacementPolicy) cluster.miniCluster().getNamesystem()
          .getBlockManager().getBlockPlacementPolicy();
      long deadline = System.currentTimeMillis() + 10_000;
      while (!plugin.rules().ruleFor("/hot/f").policy().equals("tier-aware") && System.currentTimeMillis() < deadline) {
        Thread.sleep(100);
      }
      assertEquals("tier-aware", plugin.rules().ruleFor("/hot/f").policy(), "the NameNode picked up the rule");
      org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/hot/f");
      try (OutputStream stream = cluster.fileSystem().create(file)) {
        stream.write(new byte[2 << 20]);
      }
      // The third replica may be reported a moment after the write returns.
      DFSTestUtil.waitReplication(cluster.fileSystem(), file, (short) 3);
      for (BlockLocation block : cluster.fileSystem().getFileBlockLocations(file, 0, Long.MAX_VALUE)) {
        Set<String> tiers = new HashSet<>();
        for (int i = 0; i < block.getHosts().length; i++) {
          tiers.add(hats.spec().tierMap().tierName(block.getHosts()[i],
              StorageKind.valueOf(block.getStorageTypes()[i].name()), null));
        }
        assertEquals(Set.of("pcie-ssd", "sata-ssd", "hdd"), tiers);
      }

      // The read-ordering plugin counted the reads; `strata report --reads` fetches them over the NameNode's JMX.
      try (var in = cluster.fileSystem().open(file)) {
        in.readAllBytes();
      }
      long counted = 0;
      for (long until = System.currentTimeMillis() + 20_000; counted == 0 && System.currentTimeMillis() < until;) {
        assertEquals(0, cli.strata("report", "--reads", "--json", "--conf", conf), cli.stderr());
        JsonNode reads = new ObjectMapper().readTree(cli.stdout());
        counted = 0;
        for (JsonNode n : reads.get("byLocality")) {
          counted += n.asLong();
        }
        Thread.sleep(500);
      }
      assertTrue(counted > 0, "reads counted by the NameNode plugin");
      assertEquals(0, cli.strata("report", "--reads", "--conf", conf));
      assertTrue(cli.stdout().contains("node-local"), cli.stdout());

      assertEquals(0, cli.strata("policy", "unset", "/hot/deeper", "--conf", conf));
      assertEquals(2, cli.strata("policy", "unset", "/nowhere", "--conf", conf));
      assertEquals(0, cli.strata("policy", "list", "--conf", conf));
      assertTrue(!cli.stdout().contains("/hot/deeper"), cli.stdout());
    }
  }

  @Test
  void theDemoRunsEndToEndAndComparesThePolicies() {
    assertEquals(0, cli.strata("demo", "--size", "16MiB", "--files", "2"));
    String text = cli.stdout();
    for (String policy : DemoCommand.POLICIES) {
      assertTrue(text.contains("\n  " + policy + " "), policy + " missing:\n" + text);
    }
    // Stock HDFS keeps every replica on HDD; tier-aware spreads each file over all three tiers.
    assertTrue(text.matches("(?s).*\\n  default +0\\.0% +0\\.0% +100\\.0%.*"), text);
    assertTrue(text.matches("(?s).*\\n  tier-aware +33\\.3% +33\\.3% +33\\.3% +0 +0 +0 .*"), text);
  }
}
