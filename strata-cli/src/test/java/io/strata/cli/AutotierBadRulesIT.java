package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
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
  private static final int MIB = 1 << 20;

  @Test
  void aMalformedRulesFileFailsTheCycleNotTheDaemonAndARepairedOneLetsThePlanThrough(@TempDir Path dir)
      throws Exception {
    ClusterChoice.Loaded aptstore = new ClusterChoice().load("aptstore");
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(ClusterUpCommand.pluginConf(dir, aptstore, null));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(aptstore.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, aptstore.text());
      FileSystem fs = cluster.fileSystem();
      for (int i = 0; i < 4; i++) {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f" + i), (short) 3)) {
          out.write(new byte[2 * MIB]);
        }
      }
      for (int round = 0; round < 30; round++) {
        try (var in = fs.open(new org.apache.hadoop.fs.Path("/data/f0"))) {
          in.read();
        }
      }
      cluster.awaitHealthy(Duration.ofSeconds(60));
      org.apache.hadoop.fs.Path rules = new org.apache.hadoop.fs.Path("/.strata/placement-rules.yaml");
      try (OutputStream out = fs.create(rules, true)) {
        out.write("rules: [ {path: /data, policy: ".getBytes(StandardCharsets.UTF_8));
      }

      CliRun cli = new CliRun();
      String[] once = {"autotier", "run", "--once", "--json", "--audit-log", audit.toString(), "--path", "/data",
          "--conf", dir.toString(), "--reference-time", "5s"};
      assertEquals(0, cli.strata(once), cli.stderr());
      assertTrue(cli.stderr().contains("cycle failed, trying again next reference time")
          && cli.stderr().contains("placement rules cannot be read")
          && cli.stderr().contains("placement-rules.yaml:1:32: not valid YAML"), cli.stderr());
      assertEquals(List.of(), changes(cli.stdout(), "DEMOTE"), "nothing applied: " + cli.stdout());
      for (int i = 1; i < 4; i++) {
        org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/data/f" + i);
        assertEquals(3, fs.getFileStatus(file).getReplication(), file + " left as it was");
        // A listing, not getFileBlockLocations: the NameNode audits the latter as a read of the file.
        assertEquals(3, fs.listLocatedStatus(file).next().getBlockLocations()[0].getHosts().length);
      }
      assertTrue(cluster.fsck("/").contains("is HEALTHY"));

      fs.delete(rules, false);
      assertEquals(0, cli.strata(once), cli.stderr());
      List<JsonNode> retried = changes(cli.stdout(), "DEMOTE");
      assertTrue(!retried.isEmpty(), "the unread files go to the filer now: " + cli.stdout() + cli.stderr());
      for (JsonNode change : retried) {
        assertEquals("applied", change.get("outcome").asText(), change.toString());
        assertEquals("COLD", fs.getStoragePolicy(new org.apache.hadoop.fs.Path(change.get("path").asText()))
            .getName());
      }
      cluster.awaitHealthy(Duration.ofSeconds(60));
    }
  }

  private static List<JsonNode> changes(String output, String kind) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> changes = new ArrayList<>();
    for (String line : output.lines().filter(l -> l.startsWith("{")).toList()) {
      JsonNode event = json.readTree(line);
      if ("change".equals(event.path("event").asText()) && kind.equals(event.path("kind").asText())) {
        changes.add(event);
      }
    }
    return changes;
  }
}
