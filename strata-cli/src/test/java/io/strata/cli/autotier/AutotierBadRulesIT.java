package io.strata.cli.autotier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.cli.CliRun;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A placement rules file someone broke does not stop `strata autotier run`: the cycle fails with an error naming
 * the file and the place in it, nothing is moved, every block stays readable, and the next run after the file is
 * repaired applies the plan.
 */
class AutotierBadRulesIT {
  private static final int MIB = AptstoreCluster.MIB;

  @Test
  void aMalformedRulesFileFailsTheCycleNotTheDaemonAndARepairedOneLetsThePlanThrough(@TempDir Path dir)
      throws Exception {
    try (AptstoreCluster c = AptstoreCluster.start(dir)) {
      FileSystem fs = c.fs;
      for (int i = 0; i < 4; i++) {
        c.write("/data/f" + i, new byte[2 * MIB]);
      }
      c.read("/data/f0", 30);
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
      org.apache.hadoop.fs.Path rules = new org.apache.hadoop.fs.Path("/.strata/placement-rules.yaml");
      try (OutputStream out = fs.create(rules, true)) {
        out.write("rules: [ {path: /data, policy: ".getBytes(StandardCharsets.UTF_8));
      }

      CliRun cli = new CliRun();
      assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
      assertTrue(cli.stderr().contains("cycle failed, trying again next reference time")
          && cli.stderr().contains("placement rules cannot be read")
          && cli.stderr().contains("placement-rules.yaml:1:32: not valid YAML"), cli.stderr());
      assertEquals(List.of(), demotions(cli.stdout()), "nothing applied: " + cli.stdout());
      for (int i = 1; i < 4; i++) {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/data/f" + i);
        assertEquals(3, fs.getFileStatus(file).getReplication(), file + " left as it was");
        assertEquals(3, c.listedBlocks("/data/f" + i)[0].getHosts().length);
      }
      assertTrue(c.cluster.fsck("/").contains("is HEALTHY"));

      fs.delete(rules, false);
      assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
      List<JsonNode> retried = demotions(cli.stdout());
      assertTrue(!retried.isEmpty(), "the unread files go to the filer now: " + cli.stdout() + cli.stderr());
      for (JsonNode change : retried) {
        assertEquals("applied", change.get("outcome").asText(), change.toString());
        assertEquals("COLD", fs.getStoragePolicy(new org.apache.hadoop.fs.Path(change.get("path").asText()))
            .getName());
      }
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
    }
  }

  private static List<JsonNode> demotions(String output) throws Exception {
    return AptstoreCluster.changes(output).stream().filter(c -> "DEMOTE".equals(c.path("kind").asText())).toList();
  }
}
