package io.strata.cli.ceph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.inplace.ceph.CephInstallation;
import io.strata.inplace.ceph.CephUnavailableException;
import io.strata.inplace.ceph.LocalCephCluster;
import io.strata.inplace.rados.CephClientConfig;
import io.strata.inplace.rados.RadosCluster;
import io.strata.inplace.rados.RadosPool;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** `strata ceph up|status|down` and `strata scan` as a user runs them, against the real cluster they start. */
class CephCommandIT {
  private final CliRun cli = new CliRun();

  /**
   * Hadoop's jars from this test's classpath, none of Strata's (nor JNA, nor Hadoop's test jars, whose log4j
   * settings would log to stdout), plus strata-inplace's fs jar.
   */
  private static String hadoopClasspathWithFsJar() {
    String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
    List<String> entries = new ArrayList<>();
    String fsJar = null;
    for (String entry : classpath.split(File.pathSeparator)) {
      String name = Path.of(entry).getFileName().toString();
      if (name.startsWith("strata-inplace") && name.endsWith("-fs.jar")) {
        fsJar = entry;
      } else if (!entry.contains("strata-") && !entry.endsWith("classes") && !name.startsWith("jna-")
          && !name.endsWith("-tests.jar")) {
        entries.add(entry);
      }
    }
    assertTrue(fsJar != null, "strata-inplace's fs jar is on the test classpath: " + classpath);
    entries.add(0, fsJar);
    return String.join(File.pathSeparator, entries);
  }

  private static String run(List<String> command, String... args) throws Exception {
    List<String> full = new ArrayList<>(command);
    full.addAll(List.of(args));
    Path stderr = Files.createTempFile("fsshell", ".err");
    try {
      Process process = new ProcessBuilder(full).redirectError(stderr.toFile()).start();
      byte[] stdout = process.getInputStream().readAllBytes();
      assertEquals(0, process.waitFor(), String.join(" ", args) + ": " + Files.readString(stderr));
      return new String(stdout, StandardCharsets.UTF_8);
    } finally {
      Files.deleteIfExists(stderr);
    }
  }

  @Test
  void upStatusScanAndDown(@TempDir Path dir) throws Exception {
    try {
      CephInstallation.ensure(System.err);
    } catch (CephUnavailableException e) {
      // Maven shows the process' own stderr on the console; System.out goes to the report file.
      String reason = "SKIPPED: Ceph cannot be installed on this machine: " + e.getMessage();
      new PrintStream(new FileOutputStream(FileDescriptor.err), true).println(reason);
      System.out.println(reason);
      Assumptions.abort(reason);
    }
    Path cluster = dir.resolve("ceph");
    assertEquals(0, cli.strata("ceph", "up", "--dir", cluster.toString(), "--json"), cli.stderr());
    // `ceph up` leaves its daemons running on purpose; if this JVM dies, stop them anyway.
    LocalCephCluster.stopWhenProcessEnds(cluster, ProcessHandle.current().pid());
    try {
      JsonNode up = new ObjectMapper().readTree(cli.stdout());
      assertEquals("strata", up.get("pool").asText());
      assertEquals("[\"node1\",\"node2\",\"node3\"]", up.get("hosts").toString(), "the inplace preset's nodes");
      Path conf = Path.of(up.get("conf").asText());

      assertEquals(0, cli.strata("ceph", "status", "--dir", cluster.toString()), cli.stderr());
      assertTrue(cli.stdout().contains("HEALTH_OK"), cli.stdout());
      for (String host : new String[] {"node1", "node2", "node3"}) {
        assertTrue(cli.stdout().contains(host), host + " missing from\n" + cli.stdout());
      }

      assertEquals(2, cli.strata("ceph", "up", "--dir", cluster.toString()), "a second cluster in the same directory");
      assertTrue(cli.stderr().contains("already running"), cli.stderr());

      try (RadosCluster rados = RadosCluster.connect(CephClientConfig.ofConfFile(conf.toString()));
           RadosPool pool = rados.openPool("strata")) {
        pool.writeFull("logs/day1.txt", "one\n".getBytes(StandardCharsets.UTF_8));
        pool.writeFull("logs/day2.txt", "two\n".getBytes(StandardCharsets.UTF_8));
        pool.writeFull("other.txt", "not under the prefix\n".getBytes(StandardCharsets.UTF_8));
      }
      Path gif = dir.resolve("gif/strata.gif");
      assertEquals(0, cli.strata("scan", "ceph://strata/logs/", "--ceph-conf", conf.toString(), "--out",
          gif.toUri().toString(), "--json"), cli.stderr());
      JsonNode scan = new ObjectMapper().readTree(cli.stdout());
      assertEquals(2, scan.get("objects").asInt());
      String text = Files.readString(gif);
      assertTrue(text.startsWith("#strata-gif\t1\n"), text);
      assertTrue(text.contains("\n/logs/day1.txt\tblk_"), text);

      assertEquals(0, cli.strata("scan", "ceph://strata/logs/", "--ceph-conf", conf.toString(), "--out",
          gif.toUri().toString()), cli.stderr());
      assertTrue(cli.stdout().contains("since the previous GIF: 0 new, 0 changed, 0 deleted, 2 unchanged"),
          cli.stdout());

      // Hadoop's own shell in a fresh JVM, with only the cephgif jar added to Hadoop's jars (found through the jar's
      // service file, no fs.cephgif.impl) and the keys in a core-site.xml: `hadoop fs` with the jar on
      // HADOOP_CLASSPATH.
      Path confDir = Files.createDirectories(dir.resolve("hadoop-conf"));
      Files.writeString(confDir.resolve("core-site.xml"), "<configuration>\n"
          + "<property><name>strata.ceph.conf.file</name><value>" + conf + "</value></property>\n"
          + "<property><name>strata.gif.strata.path</name><value>" + gif.toUri() + "</value></property>\n"
          + "</configuration>\n");
      List<String> shell = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "--add-opens", "java.base/java.lang=ALL-UNNAMED", "-cp",
          confDir + File.pathSeparator + hadoopClasspathWithFsJar(), "org.apache.hadoop.fs.FsShell"));
      assertEquals("one\n", run(shell, "-cat", "cephgif://strata/logs/day1.txt"));
      String listing = run(shell, "-ls", "cephgif://strata/logs");
      assertTrue(listing.contains("Found 2 items") && listing.contains("cephgif://strata/logs/day2.txt"), listing);

      assertEquals(1, cli.strata("scan", "ceph://nosuchpool", "--ceph-conf", conf.toString(), "--out",
          dir.resolve("gif/x.gif").toUri().toString()));
      assertTrue(cli.stderr().contains("cannot open Ceph pool 'nosuchpool'"), cli.stderr());
      assertEquals(2, cli.strata("scan", "ceph://strata", "--ceph-conf", dir.resolve("missing.conf").toString()));
      assertTrue(cli.stderr().contains("--ceph-conf: no such file"), cli.stderr());
    } finally {
      assertEquals(0, cli.strata("ceph", "down", "--dir", cluster.toString()), cli.stderr());
    }
    assertTrue(LocalCephCluster.livePids(cluster).isEmpty(), "no daemon left");
    assertEquals(1, cli.strata("ceph", "status", "--dir", cluster.toString()));
    assertTrue(cli.stderr().contains("is not running"), cli.stderr());
  }
}
