package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.device.StorageKind;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.placement.StrataBlockPlacementPolicy;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata policy} against a live embedded cluster running the plugin, as an operator would use it. */
class PolicyCommandIT {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  private int strata(String... args) {
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    out.reset();
    err.reset();
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return StrataCli.execute(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  @Test
  void setListShowUnsetAndTheNameNodeFollows(@TempDir Path dir) throws Exception {
    ClusterChoice.Loaded hats = new ClusterChoice().load("hats");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(1 << 20).withConf(ClusterUpCommand.pluginConf(dir, hats, null));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(hats.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, hats.text());
      String conf = dir.toString();

      assertEquals(2, strata("policy", "set", "/hot", "ratio:3", "--conf", conf));
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("P must be within [0, 1]"), err.toString());
      assertEquals(2, strata("policy", "set", "hot", "hybrid", "--conf", conf));
      assertTrue(err.toString(StandardCharsets.UTF_8).contains("must be absolute"));

      assertEquals(0, strata("policy", "set", "/hot", "tier-aware", "--conf", conf));
      assertEquals(0, strata("policy", "set", "/hot/deeper", "hybrid", "--conf", conf));
      assertEquals(0, strata("policy", "list", "--json", "--conf", conf));
      JsonNode rules = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
      assertEquals(2, rules.size());
      assertEquals("/hot", rules.get(0).get("path").asText());
      assertEquals("hdfs", rules.get(0).get("source").asText());
      assertEquals(0, strata("policy", "show", "/hot/deeper/f", "--conf", conf));
      assertTrue(out.toString(StandardCharsets.UTF_8).contains("'hybrid' (rule for /hot/deeper)"), out.toString());

      StrataBlockPlacementPolicy plugin = (StrataBlockPlacementPolicy)
          cluster.miniCluster().getNamesystem().getBlockManager().getBlockPlacementPolicy();
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
      org.apache.hadoop.hdfs.DFSTestUtil.waitReplication(cluster.fileSystem(), file, (short) 3);
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
      for (long until = System.currentTimeMillis() + 20_000; counted == 0 && System.currentTimeMillis() < until; ) {
        assertEquals(0, strata("report", "--reads", "--json", "--conf", conf), err.toString(StandardCharsets.UTF_8));
        JsonNode reads = new ObjectMapper().readTree(out.toString(StandardCharsets.UTF_8));
        counted = 0;
        for (JsonNode n : reads.get("byLocality")) {
          counted += n.asLong();
        }
        Thread.sleep(500);
      }
      assertTrue(counted > 0, "reads counted by the NameNode plugin");
      assertEquals(0, strata("report", "--reads", "--conf", conf));
      assertTrue(out.toString(StandardCharsets.UTF_8).contains("node-local"), out.toString());

      assertEquals(0, strata("policy", "unset", "/hot/deeper", "--conf", conf));
      assertEquals(2, strata("policy", "unset", "/nowhere", "--conf", conf));
      assertEquals(0, strata("policy", "list", "--conf", conf));
      assertTrue(!out.toString(StandardCharsets.UTF_8).contains("/hot/deeper"), out.toString());
    }
  }

  @Test
  void theDemoRunsEndToEndAndComparesThePolicies() {
    assertEquals(0, strata("demo", "--size", "16MiB", "--files", "2"));
    String text = out.toString(StandardCharsets.UTF_8);
    for (String policy : DemoCommand.POLICIES) {
      assertTrue(text.contains("\n  " + policy + " "), policy + " missing:\n" + text);
    }
    // Stock HDFS keeps every replica on HDD; tier-aware spreads each file over all three tiers.
    assertTrue(text.matches("(?s).*\\n  default +0\\.0% +0\\.0% +100\\.0%.*"), text);
    assertTrue(text.matches("(?s).*\\n  tier-aware +33\\.3% +33\\.3% +33\\.3% +0 +0 +0 .*"), text);
  }
}
