package io.strata.cli.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.StrataCli;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata cluster up} as its own process, as a user runs it: it must print its addresses, leave a client
 * configuration that a plain Hadoop client and {@code strata report} can use, and stop cleanly on SIGTERM.
 */
class ClusterUpIT {
  @Test
  void clusterUpServesClientsThroughTheConfigurationItWritesAndStopsOnSignal(@TempDir Path dir) throws Exception {
    Path clusterDir = dir.resolve("c");
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), StrataCli.class.getName(),
        "cluster", "up", "--preset", "hdfsh", "--dir", clusterDir.toString(), "--json", "--no-emulation",
        "--retrieval", "hybrid", "-D", "dfs.replication=2", "-D", "dfs.datanode.balance.max.concurrent.moves=7"));
    Process process = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile()).start();
    try {
      BufferedReader stdout = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
      String line = stdout.readLine();
      assertTrue(line != null, "cluster up printed nothing; stderr: " + Files.readString(dir.resolve("stderr.txt")));
      JsonNode ready = new ObjectMapper().readTree(line);
      assertEquals("hdfsh", ready.get("spec").asText());
      assertEquals(4, ready.get("dataNodes").asInt());
      assertTrue(ready.get("fs").asText().startsWith("hdfs://"));
      assertTrue(Files.isRegularFile(clusterDir.resolve("core-site.xml")));
      assertEquals("hybrid", ready.get("retrieval").asText());
      // --retrieval and -D reach the NameNode's configuration, as its own /conf page shows.
      assertEquals("hybrid", ConfPage.value(ready.get("webUi").asText(), "strata.retrieval.policy"));
      assertEquals("7", ConfPage.value(ready.get("webUi").asText(), "dfs.datanode.balance.max.concurrent.moves"));

      // A plain Hadoop client, configured only by the files cluster up wrote.
      Configuration conf = new Configuration(false);
      conf.addResource(new org.apache.hadoop.fs.Path(clusterDir.resolve("core-site.xml").toUri()));
      conf.addResource(new org.apache.hadoop.fs.Path(clusterDir.resolve("hdfs-site.xml").toUri()));
      try (FileSystem fs = FileSystem.newInstance(conf)) {
        assertEquals(ready.get("fs").asText(), fs.getUri().toString());
        try (FSDataOutputStream out = fs.create(new org.apache.hadoop.fs.Path("/up/file"))) {
          out.write(new byte[3 << 20]);
        }
        // -D dfs.replication=2 reached the client configuration too.
        assertEquals(2, fs.getFileStatus(new org.apache.hadoop.fs.Path("/up/file")).getReplication());
      }

      ByteArrayOutputStream reportOut = new ByteArrayOutputStream();
      PrintStream old = System.out;
      System.setOut(new PrintStream(reportOut, true, StandardCharsets.UTF_8));
      int code;
      try {
        code = StrataCli.execute("report", "/up", "--conf", clusterDir.toString(), "--json");
      } finally {
        System.setOut(old);
      }
      assertEquals(0, code);
      JsonNode report = new ObjectMapper().readTree(reportOut.toString(StandardCharsets.UTF_8));
      assertEquals(1, report.get("files").asInt());
      // The spec cluster up copied next to the configuration names the tiers: hdfsh calls DISK "hdd".
      assertEquals("hdd", report.get("tiers").get(0).get("name").asText());
    } finally {
      process.destroy();
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "cluster up did not stop on SIGTERM");
    String stderr = Files.readString(dir.resolve("stderr.txt"));
    assertTrue(stderr.contains("shutting down the embedded cluster"), stderr);
    // The DataNodes stop before the JVM's shutdown, so none is cut short by it (IllegalStateException).
    assertEquals(0, process.exitValue(), stderr);
    assertTrue(!stderr.contains("Exception"), stderr);
    // The read order the NameNode's topology really runs, from its start-up log.
    assertTrue(stderr.contains("Strata read ordering: policy 'hybrid'"), stderr);
  }
}
