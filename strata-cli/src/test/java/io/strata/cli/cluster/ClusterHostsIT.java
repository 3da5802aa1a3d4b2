package io.strata.cli.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.HostSpecs;
import io.strata.cli.StrataCli;
import io.strata.embedded.hosts.HostNetwork;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata cluster up --hosts} as its own process, driven by the other {@code strata cluster} commands, then
 * killed with SIGKILL: {@code strata cluster down} must remove its NameNode, DataNodes and network. Needs root;
 * skipped with the reason otherwise.
 */
class ClusterHostsIT {
  @Test
  void theCommandsDriveAClusterOfHostsAndDownCleansUpAfterSigkill(@TempDir Path temp) throws Exception {
    String reason = HostNetwork.unavailableReason().orElse(null);
    if (reason != null) {
      System.out.println("Skipping ClusterHostsIT: " + reason);
    }
    Assumptions.assumeTrue(reason == null, reason);
    Path spec = Files.writeString(temp.resolve("spec.yaml"), HostSpecs.TWO_HOSTS);
    Path dir = temp.resolve("c");
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), StrataCli.class.getName(),
        "cluster", "up", "--hosts", "--spec", spec.toString(), "--dir", dir.toString(), "--json",
        "--retrieval", "adaptive", "-D", "dfs.replication=1", "-D", "dfs.datanode.balance.max.concurrent.moves=7"));
    Process launcher = new ProcessBuilder(command).redirectError(temp.resolve("stderr.txt").toFile()).start();
    String id = HostNetwork.clusterId(dir);
    long nameNodePid;
    CliRun cli = new CliRun();
    try {
      String line = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))
          .readLine();
      assertTrue(line != null, "cluster up --hosts printed nothing; stderr: "
          + Files.readString(temp.resolve("stderr.txt")));
      JsonNode ready = new ObjectMapper().readTree(line);
      assertEquals(2, ready.get("dataNodes").asInt());
      assertEquals("adaptive", ready.get("retrieval").asText());
      String h1Address = ready.get("hosts").get(0).get("address").asText();
      // --retrieval and -D reach the NameNode's JVM, and -D every DataNode's, as their own /conf pages show.
      assertEquals("adaptive", ConfPage.value(ready.get("webUi").asText(), "strata.retrieval.policy"));
      assertEquals("1", ConfPage.value(ready.get("webUi").asText(), "dfs.replication"));
      for (JsonNode host : ready.get("hosts")) {
        assertEquals("7", ConfPage.value("http://" + host.get("address").asText() + ":9864",
            "dfs.datanode.balance.max.concurrent.moves"));
      }
      nameNodePid = Long.parseLong(Files.readString(dir.resolve("pids").resolve("namenode")).strip());

      // A stock client in the root namespace, configured only by the files cluster up wrote, and strata report.
      Configuration conf = new Configuration(false);
      conf.addResource(new org.apache.hadoop.fs.Path(dir.resolve("core-site.xml").toUri()));
      conf.addResource(new org.apache.hadoop.fs.Path(dir.resolve("hdfs-site.xml").toUri()));
      try (FileSystem fs = FileSystem.newInstance(conf);
           FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/up/file"))) {
        out.write(new byte[3 << 20]);
      }
      assertEquals(0, cli.strata("report", "/up", "--conf", dir.toString(), "--json"), cli.stderr());
      assertEquals(1, new ObjectMapper().readTree(cli.stdout()).get("files").asInt());

      Path seen = temp.resolve("addr.txt");
      assertEquals(0, cli.strata("cluster", "exec", "h1", "--dir", dir.toString(), "--", "sh", "-c",
          "ip -4 -o addr show eth0 > " + seen), cli.stderr());
      assertTrue(Files.readString(seen).contains(" " + h1Address + "/24"), Files.readString(seen));
      assertEquals(2, cli.strata("cluster", "exec", "nohost", "--dir", dir.toString(), "--", "true"));
      assertTrue(cli.stderr().contains("no host 'nohost'"), cli.stderr());

      assertEquals(0, cli.strata("cluster", "link", "rate", "--rack", "/rack1", "50Mbit", "--dir", dir.toString()),
          cli.stderr());
      assertTrue(cli.stdout().contains("the uplink of rack /rack1 runs at 50 Mbit/s"), cli.stdout());
      // h1 opens a connection to h2's DataNode across the racks' uplinks, or gives up after 3 s.
      String[] connectToH2 = {"cluster", "exec", "h1", "--dir", dir.toString(), "--", "timeout", "3", "bash", "-c",
          "echo > /dev/tcp/" + ready.get("hosts").get(1).get("address").asText() + "/9866"};
      assertEquals(0, cli.strata(connectToH2), "h1 did not reach h2");
      assertEquals(0, cli.strata("cluster", "link", "cut", "--rack", "/rack1", "--dir", dir.toString()),
          cli.stderr());
      assertEquals(124, cli.strata(connectToH2), "h1 reached h2 over a cut uplink");
      assertEquals(0, cli.strata("cluster", "link", "restore", "--rack", "/rack1", "--dir", dir.toString()),
          cli.stderr());
      assertEquals(0, cli.strata(connectToH2), "h1 did not reach h2 once the uplink was back");
      assertEquals(2, cli.strata("cluster", "link", "cut", "--rack", "/nope", "--dir", dir.toString()));
      assertTrue(cli.stderr().contains("no rack /nope"), cli.stderr());
      assertEquals(2, cli.strata("cluster", "link", "rate", "--host", "h1", "fast", "--dir", dir.toString()));

      assertEquals(0, cli.strata("cluster", "datanode", "stop", "h2", "--dir", dir.toString()), cli.stderr());
      assertEquals(0, cli.strata("cluster", "datanode", "start", "h2", "--dir", dir.toString()), cli.stderr());
    } finally {
      launcher.destroyForcibly();
      launcher.waitFor();
    }
    // The launcher is gone without cleaning up: its NameNode runs on, its DataNodes exit with its pipe.
    assertTrue(ProcessHandle.of(nameNodePid).map(ProcessHandle::isAlive).orElse(false));
    assertFalse(HostNetwork.leftovers(id).isEmpty());

    assertEquals(0, cli.strata("cluster", "down", "--dir", dir.toString()), cli.stderr());
    assertTrue(cli.stdout().contains("is down"), cli.stdout());
    assertEquals(List.of(), HostNetwork.leftovers(id));
    assertFalse(ProcessHandle.of(nameNodePid).map(ProcessHandle::isAlive).orElse(false), "the NameNode runs on");
    assertEquals(0, cli.strata("cluster", "down", "--dir", dir.toString()));
    assertTrue(cli.stdout().contains("nothing of a cluster"), cli.stdout());
  }
}
