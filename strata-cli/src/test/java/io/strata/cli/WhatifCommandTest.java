package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ExitCodes;
import io.strata.core.whatif.PathAnonymizer;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata whatif} end to end on a small image and audit log: its operator-facing options. */
class WhatifCommandTest {
  private static final String HEADER = "Path\tReplication\tModificationTime\tAccessTime\tPreferredBlockSize\t"
      + "BlocksCount\tFileSize\tNSQUOTA\tDSQUOTA\tPermission\tUserName\tGroupName";
  private static final long MIB = 1 << 20;
  /** Names no output may show under --anonymize: every component of every path the inputs hold. */
  private static final List<String> SECRET_COMPONENTS = List.of("zebracorp", "merger-plans", "target-list-");
  private static final String DIRECTORY = "/zebracorp/merger-plans";

  private final CliRun cli = new CliRun();

  @TempDir
  Path dir;

  private static String record(int second, String cmd, String src) {
    return String.format("2026-03-01 10:%02d:%02d,000 INFO FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)\t"
        + "ip=/10.0.0.1\tcmd=%s\tsrc=%s\tdst=null\tperm=null\tproto=rpc", second / 60, second % 60, cmd, src);
  }

  /** An image of 10 files of 100 MiB under {@link #DIRECTORY}, a log of skewed reads, each with one bad line. */
  private List<String> inputs() throws Exception {
    List<String> image = new ArrayList<>(List.of(HEADER));
    for (String d : List.of("/", "/zebracorp", DIRECTORY)) {
      image.add(d + "\t0\t2026-03-01 09:00\t1970-01-01 00:00\t0\t0\t0\t0\t0\tdrwxr-xr-x\thdfs\tsupergroup");
    }
    for (int i = 0; i < 10; i++) {
      image.add(DIRECTORY + "/target-list-" + i + "\t3\t2026-03-01 09:00\t2026-03-01 09:00\t" + 64 * MIB + "\t2\t"
          + 100 * MIB + "\t0\t0\t-rw-r--r--\thdfs\tsupergroup");
    }
    // An entry the reader refuses, whose message quotes its path.
    image.add("zebracorp/target-list-relative\t3\t2026-03-01 09:00\t2026-03-01 09:00\t" + 64 * MIB + "\t1\t" + MIB
        + "\t0\t0\t-rw-r--r--\thdfs\tsupergroup");
    List<String> log = new ArrayList<>();
    int second = 0;
    for (int i = 0; i < 10; i++) {
      for (int n = 0; n < 20 / (i + 1); n++) {
        log.add(record(second++, "open", DIRECTORY + "/target-list-" + i));
      }
    }
    // A line the parser refuses, whose text holds a path: the skip report would quote it.
    log.add("garbled src=" + DIRECTORY + "/target-list-3");
    Path imageFile = Files.writeString(dir.resolve("image.tsv"), String.join("\n", image) + "\n",
        StandardCharsets.UTF_8);
    Path logFile = Files.writeString(dir.resolve("hdfs-audit.log"), String.join("\n", log) + "\n",
        StandardCharsets.UTF_8);
    return List.of("whatif", "--fsimage", imageFile.toString(), "--audit-log", logFile.toString(), "--preset",
        "hats", "--zone", "UTC", "--no-progress", "--skip-bad", "--try", "tier-aware/hybrid", "--threads", "1");
  }

  private String run(List<String> base, String... extra) {
    List<String> args = new ArrayList<>(base);
    args.addAll(List.of(extra));
    assertEquals(0, cli.strata(args.toArray(String[]::new)), cli.stderr());
    return cli.stdout() + cli.stderr();
  }

  @Test
  void anonymizeLeavesNoPathOfTheInputsInAnyOutput() throws Exception {
    List<String> base = inputs();
    // Without --anonymize the bad line is quoted with its path: the check below can fail.
    String plain = run(base);
    assertTrue(plain.contains("target-list-3"), plain);
    assertTrue(plain.contains("target-list-relative"), plain);

    String table = run(base, "--anonymize");
    String json = run(base, "--anonymize", "--json");
    Path chart = dir.resolve("chart.png");
    String charted = run(base, "--anonymize", "--chart", chart.toString());
    String chartBytes = new String(Files.readAllBytes(chart), StandardCharsets.ISO_8859_1);
    for (String output : List.of(table, json, charted, chartBytes)) {
      for (String secret : SECRET_COMPONENTS) {
        assertFalse(output.contains(secret), secret + " in:\n" + output);
      }
    }
    assertTrue(table.contains("strata policy set " + PathAnonymizer.path("/") + " tier-aware"), table);
    assertTrue(table.contains("hdfs-audit.log: line 57: its text is withheld by --anonymize"), table);
    assertTrue(table.contains("image.tsv: line 15: its text is withheld by --anonymize"), table);
    assertTrue(json.contains("hdfs-audit.log: line 57: its text is withheld by --anonymize"), json);
    // The same inputs give the same report: the tokens are stable from run to run.
    assertEquals(table, run(base, "--anonymize"));
  }

  /** The modeled read throughput of tier-aware/hybrid (placement on the fastest tier) with {@code extra}. */
  private double tierAwareThroughput(List<String> base, String... extra) throws Exception {
    List<String> args = new ArrayList<>(base);
    args.add("--json");
    args.addAll(List.of(extra));
    assertEquals(0, cli.strata(args.toArray(String[]::new)), cli.stderr());
    JsonNode tierAware = new ObjectMapper().readTree(cli.stdout()).get(1);
    assertEquals("tier-aware/hybrid", tierAware.get("candidate").asText());
    return tierAware.get("readThroughputMBps").asDouble();
  }

  @Test
  void devicesOverrideTheProfilesTheReplayModels() throws Exception {
    List<String> base = inputs();
    double hats = tierAwareThroughput(base);
    // The files fit the SSDs, PCIe (533 MB/s) and SATA (191 MB/s) ones: all PCIe is faster, all SATA slower.
    double allPcie = tierAwareThroughput(base, "--devices", "SSD=pcie-ssd");
    double pcieAsSata = tierAwareThroughput(base, "--devices", "pcie-ssd=sata-ssd");
    assertTrue(allPcie > hats * 1.05, allPcie + " vs " + hats);
    assertTrue(pcieAsSata < hats * 0.95, pcieAsSata + " vs " + hats);
  }

  @Test
  void aBadDeviceAssignmentNamesTheOptionAndTheValue() throws Exception {
    List<String> args = new ArrayList<>(inputs());
    args.addAll(List.of("--devices", "SSD=hdd"));
    assertEquals(ExitCodes.BAD_INPUT, cli.strata(args.toArray(String[]::new)));
    assertEquals("strata: --devices 'SSD=hdd': device 'hdd' models DISK volumes, not SSD\n", cli.stderr());
  }

  @Test
  void theClusterIsGivenExactlyOnce() throws Exception {
    List<String> args = new ArrayList<>(inputs());
    args.addAll(List.of("--conf", dir.toString()));
    assertEquals(ExitCodes.BAD_INPUT, cli.strata(args.toArray(String[]::new)));
    assertTrue(cli.stderr().contains("give the cluster once: --spec/--preset or --conf, not both"), cli.stderr());
    args = new ArrayList<>(inputs());
    args.remove("--preset");
    args.remove("hats");
    assertEquals(ExitCodes.BAD_INPUT, cli.strata(args.toArray(String[]::new)));
    assertTrue(cli.stderr().contains("give the cluster: --spec FILE, --preset NAME or"), cli.stderr());
  }

  @Test
  void anUnreachableNameNodeIsNamedWithoutAStackTrace() throws Exception {
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Path conf = Files.createDirectories(dir.resolve("conf"));
    Files.writeString(conf.resolve("core-site.xml"), "<configuration>"
        + "<property><name>fs.defaultFS</name><value>hdfs://127.0.0.1:" + port + "</value></property>"
        // One attempt: the test need not wait for Hadoop's ten.
        + "<property><name>ipc.client.connect.max.retries</name><value>0</value></property></configuration>");
    List<String> args = new ArrayList<>(inputs());
    args.set(args.indexOf("--preset"), "--conf");
    args.set(args.indexOf("hats"), conf.toString());
    assertEquals(ExitCodes.FAILED, cli.strata(args.toArray(String[]::new)));
    String err = cli.stderr();
    assertTrue(err.startsWith("strata whatif: --conf " + conf + ": the NameNode at hdfs://127.0.0.1:" + port
        + " (fs.defaultFS) cannot be reached: Connection refused"), err);
    assertFalse(err.contains("\tat "), err);
  }

  @Test
  void progressBarsRunOverTheLogsReadAndTheReplayUnlessSwitchedOff() throws Exception {
    List<String> args = new ArrayList<>(inputs());
    args.remove("--no-progress");
    assertEquals(0, cli.strata(args.toArray(String[]::new)), cli.stderr());
    assertTrue(cli.stderr().contains("reading audit log 100%"), cli.stderr());
    assertTrue(cli.stderr().contains("simulating 100%"), cli.stderr());
    args.add("--json");
    assertEquals(0, cli.strata(args.toArray(String[]::new)), cli.stderr());
    assertFalse(cli.stderr().contains("reading audit log"), cli.stderr());
    assertFalse(run(inputs()).contains("reading audit log"));
  }
}
