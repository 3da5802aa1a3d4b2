package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as a user meets it: help, exit codes, and refusals before anything starts. */
class StrataCliTest {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();
  private PrintStream oldOut;
  private PrintStream oldErr;

  @BeforeEach
  void capture() {
    oldOut = System.out;
    oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
  }

  @AfterEach
  void restore() {
    System.setOut(oldOut);
    System.setErr(oldErr);
  }

  private String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  private String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }

  @Test
  void helpListsTheSubcommandsAndExitsZero() {
    assertEquals(0, StrataCli.execute("--help"));
    for (String command : new String[] {"demo", "cluster", "report", "devices", "spec", "bench"}) {
      assertTrue(stdout().contains(command), command + " missing from:\n" + stdout());
    }
    assertEquals(0, StrataCli.execute("cluster", "up", "--help"));
    assertTrue(stdout().contains("--preset"));
  }

  @Test
  void unknownOptionsAreUsageErrorsWithExitCodeTwo() {
    assertEquals(2, StrataCli.execute("report", "--colour"));
    assertTrue(stderr().contains("Unknown option: '--colour'"), stderr());
    assertEquals(2, StrataCli.execute("frobnicate"));
    assertEquals(2, StrataCli.execute());
  }

  @Test
  void aBadSpecIsRefusedBeforeAnyDaemonStarts(@TempDir Path dir) throws Exception {
    Path spec = dir.resolve("bad.yaml");
    Files.writeString(spec, "racks:\n  - name: r1\n    nodes:\n      - host: n1\n        volumes:\n          - {device: tape, capacity: 1GiB}\n");
    Path clusterDir = dir.resolve("cluster");
    assertEquals(2, StrataCli.execute("cluster", "up", "--spec", spec.toString(), "--dir", clusterDir.toString()));
    assertTrue(stderr().contains(spec + ":6:"), stderr());
    assertTrue(stderr().contains("unknown device 'tape'"), stderr());
    assertFalse(Files.exists(clusterDir), "nothing may be started or created for a bad spec");
  }

  @Test
  void badSizesAndPresetsAreRefusedWithTheOptionNamed(@TempDir Path dir) {
    assertEquals(2, StrataCli.execute("cluster", "up", "--block-size", "lots", "--dir", dir.resolve("c").toString()));
    assertTrue(stderr().contains("--block-size"), stderr());
    assertEquals(2, StrataCli.execute("spec", "--preset", "hatz"));
    assertTrue(stderr().contains("unknown preset 'hatz'"), stderr());
  }

  @Test
  void specSummaryRanksTiersAndPrintRoundTrips(@TempDir Path dir) throws Exception {
    assertEquals(0, StrataCli.execute("spec", "--preset", "hats"));
    String summary = stdout();
    assertTrue(summary.indexOf("pcie-ssd") < summary.indexOf("sata-ssd") && summary.indexOf("sata-ssd") < summary.indexOf(" hdd "),
        summary);
    out.reset();
    assertEquals(0, StrataCli.execute("spec", "--preset", "energy", "--print"));
    Path copy = dir.resolve("energy.yaml");
    Files.writeString(copy, stdout());
    out.reset();
    assertEquals(0, StrataCli.execute("spec", "--spec", copy.toString()));
    assertTrue(stdout().contains("spec 'energy' is valid: 1 racks, 3 nodes"), stdout());
  }

  @Test
  void devicesPrintsTheProfilesAsJson() throws Exception {
    assertEquals(0, StrataCli.execute("devices", "--json"));
    var tree = new com.fasterxml.jackson.databind.ObjectMapper().readTree(stdout());
    assertTrue(tree.isArray() && tree.size() >= 6);
    boolean found = false;
    for (var device : tree) {
      if (device.get("name").asText().equals("pcie-ssd")) {
        assertEquals(533, device.get("readMBps").asDouble());
        found = true;
      }
    }
    assertTrue(found);
  }

  @Test
  void reportOnAMissingPathFailsWithExitOneNamingIt(@TempDir Path dir) {
    assertEquals(1, StrataCli.execute("report", dir.resolve("nothing-here").toString(), "--fs", "file:///"));
    assertTrue(stderr().contains("nothing-here"), stderr());
  }

  @Test
  void reportOnAMissingConfDirIsABadInput(@TempDir Path dir) {
    assertEquals(2, StrataCli.execute("report", "/", "--conf", dir.resolve("nope").toString()));
    assertTrue(stderr().contains("no such configuration directory"), stderr());
  }
}
