package io.strata.cli.tier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.StrataCli;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.PluginConf;
import io.strata.core.device.StorageKind;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata tier} and {@code strata monitor} against a live embedded hats cluster, as an operator runs them. */
class TierCommandIT {
  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static ClusterChoice.Loaded hats;
  static FileSystem fs;
  static String conf;
  private final CliRun cli = new CliRun();

  @BeforeAll
  static void start() throws Exception {
    hats = new ClusterChoice().load("hats");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(1 << 20).withConf(PluginConf.forSpec(dir, hats, null));
    cluster = EmbeddedCluster.start(hats.spec(), options);
    ClientConfigWriter.write(cluster, dir, hats.text());
    conf = dir.toString();
    fs = cluster.fileSystem();
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private static byte[] write(String path, int blocks) throws Exception {
    byte[] data = new byte[blocks << 20];
    new Random(path.hashCode()).nextBytes(data);
    try (OutputStream stream = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
      stream.write(data);
    }
    return data;
  }

  private static byte[] read(String path) throws Exception {
    try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
      return in.readAllBytes();
    }
  }

  /** Blocks of the file with a replica on {@code tier}. */
  private static int blocksOn(String path, String tier) throws Exception {
    int count = 0;
    for (BlockLocation block : fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, Long.MAX_VALUE)) {
      List<String> tiers = new ArrayList<>();
      for (int i = 0; i < block.getHosts().length; i++) {
        tiers.add(hats.spec().tierMap().tierName(block.getHosts()[i],
            StorageKind.valueOf(block.getStorageTypes()[i].name()), null));
      }
      count += tiers.contains(tier) ? 1 : 0;
    }
    return count;
  }

  @Test
  void tierCommandsMoveListAndRefuseBadInputWithTheRightExitCodes() throws Exception {
    write("/cli/move/f", 4);

    assertEquals(0, cli.strata("tier", "list", "--json", "--conf", conf));
    JsonNode tiers = new ObjectMapper().readTree(cli.stdout());
    assertEquals(3, tiers.size());
    assertEquals("pcie-ssd", tiers.get(0).get("tier").asText());
    assertEquals(3, tiers.get(0).get("dataNodes").asInt());
    assertEquals(9, tiers.get(2).get("volumes").asInt());
    assertEquals(0, cli.strata("tier", "tiers", "--conf", conf));
    assertTrue(cli.stdout().contains("sata-ssd"), cli.stdout());

    assertEquals(0, cli.strata("tier", "move", "/cli/move/f", "hdd", "pcie-ssd", "--conf", conf, "--json"));
    assertEquals("", cli.stderr(), "this NameNode runs the placement plugin: no warning");
    JsonNode moved = new ObjectMapper().readTree(cli.stdout());
    assertTrue(moved.get("success").asBoolean(), cli.stdout());
    assertEquals("layout:pcie-ssd+hdd+hdd", moved.get("layout").asText());
    assertEquals(4, moved.get("moves").asInt());
    assertEquals(4, blocksOn("/cli/move/f", "pcie-ssd"));

    assertEquals(2, cli.strata("tier", "move", "/cli/move/f", "hdd", "nvme", "--conf", conf));
    assertTrue(cli.stderr().startsWith("strata tier move: ") && cli.stderr().contains("unknown tier 'nvme'"),
        cli.stderr());
    assertEquals("", cli.stdout(), "a refusal goes to standard error");
    assertEquals(1, cli.strata("tier", "create", "/cli/nowhere", "hdd", "--conf", conf, "--json"));
    assertEquals("NOT_FOUND", new ObjectMapper().readTree(cli.stdout()).get("failure").asText());
    assertEquals(2, cli.strata("tier", "set-policy", "/cli/move/f", "tier-aware", "--conf", conf));
    assertTrue(cli.stderr().contains("give the number of replicas"), cli.stderr());
    assertEquals(0, cli.strata("policy", "show", "/cli/move/f", "--conf", conf));
    assertTrue(cli.stdout().contains("layout:pcie-ssd+hdd+hdd"),
        "strata policy shows the recorded layout: " + cli.stdout());

    assertEquals(0, cli.strata("monitor", "--once", "--json", "--path", "/cli/move", "--conf", conf));
    JsonNode cycle = new ObjectMapper()
        .readTree(cli.stdout().lines().filter(l -> l.startsWith("{")).findFirst().orElseThrow());
    assertEquals(1, cycle.get("filesChecked").asInt(), cli.stdout());
    assertEquals(0, cycle.get("offLayout").asInt());
    assertEquals(2, cli.strata("monitor", "--once", "--high-water", "50", "--low-water", "60", "--conf", conf));
  }

  /**
   * The commands that read storage reports, block keys or lost blocks need the HDFS superuser, as the Balancer
   * and the Mover do. Anyone else gets exit code 1 and one line that says so, with HDFS's own reason and without
   * the NameNode's stack trace, and nothing moves.
   */
  @Test
  void aUserWhoIsNotTheSuperuserIsToldSoInOneLineAndNothingMoves() throws Exception {
    byte[] data = write("/cli/denied/f", 2);
    List<List<String>> commands = List.of(
        List.of("tier", "list"),
        List.of("tier", "move", "/cli/denied/f", "hdd", "pcie-ssd"),
        List.of("tier", "rescue", "/cli", "--shares", dir.resolve("hdfs").toString()),
        List.of("monitor", "--once", "--path", "/cli/denied"));
    UserGroupInformation alice = UserGroupInformation.createUserForTesting("alice", new String[] {"users"});
    for (List<String> command : commands) {
      List<String> args = new ArrayList<>(command);
      args.addAll(List.of("--conf", conf));
      int exit = alice.doAs((PrivilegedExceptionAction<Integer>) () -> cli.strata(args.toArray(String[]::new)));
      String said = "strata " + String.join(" ", command) + ": " + cli.stderr();
      assertEquals(1, exit, said);
      List<String> lines = cli.stderr().lines().toList();
      assertEquals(1, lines.size(), said);
      assertTrue(lines.get(0).startsWith("strata " + command.get(0)), said);
      assertTrue(lines.get(0).contains("needs the HDFS superuser")
          && lines.get(0).contains("Access denied for user alice"), said);
    }
    assertEquals(0, blocksOn("/cli/denied/f", "pcie-ssd"), "the refused move moved nothing");
    // The placement report needs no more than reading the files: it goes without the DataNode report's racks.
    assertEquals(0, alice.doAs((PrivilegedExceptionAction<Integer>) () -> cli.strata("report", "/cli/denied",
        "--json", "--conf", conf)), cli.stderr());
    assertEquals(2, new ObjectMapper().readTree(cli.stdout()).get("blocks").asInt(), cli.stdout());
    assertArrayEquals(data, read("/cli/denied/f"));
  }

  @Test
  void aStrataProcessKilledMidMoveLeavesEveryBlockReadableAndTheSameCommandFinishes() throws Exception {
    byte[] data = write("/cli/killed/f", 24);
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "--add-opens", "java.base/java.nio=ALL-UNNAMED", "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), StrataCli.class.getName(),
        "tier", "move", "/cli/killed/f", "hdd", "sata-ssd", "--replicas", "2", "--parallel", "1", "--conf", conf));
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dir.resolve("killed.txt").toFile()).start();
    long deadline = System.currentTimeMillis() + 120_000;
    while (blocksOn("/cli/killed/f", "sata-ssd") < 3 && process.isAlive() && System.currentTimeMillis() < deadline) {
      Thread.sleep(50);
    }
    assertTrue(process.isAlive(), "still moving when killed: " + Files.readString(dir.resolve("killed.txt")));
    process.destroyForcibly(); // SIGKILL: no cleanup of any kind
    assertTrue(process.waitFor(30, TimeUnit.SECONDS));
    assertArrayEquals(data, read("/cli/killed/f"), "readable right after the kill");
    assertTrue(blocksOn("/cli/killed/f", "sata-ssd") < 24 || !stdoutOfKilled().contains("ok:"), "killed halfway");

    assertEquals(0, cli.strata("tier", "move", "/cli/killed/f", "hdd", "sata-ssd", "--replicas", "2", "--conf", conf),
        cli.stdout() + cli.stderr());
    assertTrue(cli.stdout().contains("resumed the interrupted call"), cli.stdout());
    assertArrayEquals(data, read("/cli/killed/f"));
    assertEquals(24, blocksOn("/cli/killed/f", "sata-ssd"));

    assertEquals(0, cli.strata("report", "/cli/killed", "--json", "--conf", conf));
    JsonNode report = new ObjectMapper().readTree(cli.stdout());
    assertEquals(0, report.get("wholeFileViolations").get("total").asInt(), cli.stdout());
    assertEquals(0, report.get("underReplicatedBlocks").get("total").asInt(), cli.stdout());
    String fsck = cluster.fsck("/cli/killed");
    assertTrue(fsck.contains("is HEALTHY"), fsck);
    assertFalse(fsck.contains("CORRUPT"), fsck);
  }

  private static String stdoutOfKilled() throws Exception {
    return Files.readString(dir.resolve("killed.txt"));
  }
}
