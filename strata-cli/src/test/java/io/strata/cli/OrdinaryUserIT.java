package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.shared.ClusterChoice;
import io.strata.cli.shared.ExitCodes;
import io.strata.cli.shared.PluginConf;
import io.strata.core.device.StorageKind;
import io.strata.core.placement.PlacementRules;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.placement.StoredRules;
import java.nio.file.Path;
import java.security.PrivilegedExceptionAction;
import java.util.List;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An ordinary user on a cluster with HDFS's permissions on (the embedded cluster's default, as in production):
 * it cannot change where anyone's data lives through Strata's tools, nor look into another user's private
 * directory; the superuser (the NameNode's own user, this test's) can do each.
 */
class OrdinaryUserIT {
  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static ClusterChoice.Loaded hats;
  static FileSystem fs;
  static String conf;
  static UserGroupInformation alice;
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
    alice = UserGroupInformation.createUserForTesting("alice", new String[] {"users"});
    UserGroupInformation.createUserForTesting("bob", new String[] {"users"});
    OtherUsersData.bobsPrivateFile(fs, 1 << 20);
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  private int asAlice(String... args) throws Exception {
    return alice.doAs((PrivilegedExceptionAction<Integer>) () -> cli.strata(args));
  }

  /** One line on standard error naming the command, exit code 1 (a refusal, not bad input). */
  private void refusedInOneLine(int exit, String command, String reason) {
    assertEquals(ExitCodes.FAILED, exit, cli.stderr());
    List<String> lines = cli.stderr().lines().toList();
    assertEquals(1, lines.size(), cli.stderr());
    assertTrue(lines.get(0).startsWith(command + ": ") && lines.get(0).contains(reason), cli.stderr());
  }

  @Test
  void onlyTheSuperuserChangesThePlacementRules() throws Exception {
    List<PlacementRules.Rule> before = new StoredRules(fs, fs.getConf()).read();
    refusedInOneLine(asAlice("policy", "set", "/users", "hybrid", "--conf", conf), "strata policy set",
        "only the HDFS superuser or a member of supergroup may change the placement rules in hdfs://");
    assertTrue(cli.stderr().contains("alice (groups: users) is neither"), cli.stderr());
    refusedInOneLine(asAlice("policy", "unset", "/users", "--conf", conf), "strata policy unset",
        "only the HDFS superuser");
    assertEquals(before, new StoredRules(fs, fs.getConf()).read(), "nothing was written");

    assertEquals(0, cli.strata("policy", "set", "/users/shared", "hybrid", "--conf", conf), cli.stderr());
    assertEquals(0, asAlice("policy", "list", "--json", "--conf", conf), "anyone may read the rules");
    assertTrue(cli.stdout().contains("\"/users/shared\""), cli.stdout());
    assertEquals(0, cli.strata("policy", "unset", "/users/shared", "--conf", conf), cli.stderr());
  }

  @Test
  void onlyTheSuperuserMovesAnotherUsersFileBetweenTiers() throws Exception {
    // Refused at bob's door (in a directory alice may read, for want of the superuser: TierCommandIT).
    refusedInOneLine(asAlice("tier", "move", "/users/bob/f", "hdd", "pcie-ssd", "--conf", conf), "strata tier move",
        "Permission denied: user=alice, access=EXECUTE, inode=\"/users/bob\"");
    assertEquals(0, blocksOn("/users/bob/f", "pcie-ssd"), "nothing moved");
    assertEquals(0, cli.strata("tier", "move", "/users/bob/f", "hdd", "pcie-ssd", "--conf", conf), cli.stderr());
    assertEquals(2, blocksOn("/users/bob/f", "pcie-ssd"));
  }

  @Test
  void onlyTheSuperuserReadsThePlacementOfFilesInADirectoryAUserCannotList() throws Exception {
    refusedInOneLine(asAlice("report", "/users/bob", "--json", "--conf", conf), "strata report",
        "Permission denied: user=alice, access=READ_EXECUTE, inode=\"/users/bob\"");
    assertEquals("", cli.stdout(), "nothing of bob's files is shown");
    assertEquals(0, cli.strata("report", "/users/bob", "--json", "--conf", conf), cli.stderr());
    JsonNode report = new ObjectMapper().readTree(cli.stdout());
    assertEquals(2, report.get("blocks").asInt(), cli.stdout());
  }

  @Test
  void onlyTheSuperuserHealsKatDataOfAnotherUser() throws Exception {
    assertEquals(0, cli.strata("kat", "ingest", OtherUsersData.katLines(dir).toString(), OtherUsersData.CAROLS_KAT,
        "--key", "field:3: ", "--partitions", "4", "--conf", conf), cli.stderr());
    OtherUsersData.giveToCarol(fs);

    refusedInOneLine(asAlice("kat", "heal", "/users/carol/kat", "--conf", conf), "strata kat heal",
        "Access denied for user alice. Superuser privilege is required");
    assertEquals(0, cli.strata("kat", "heal", "/users/carol/kat", "--conf", conf), cli.stderr());
  }

  /** Blocks of the file with a replica on {@code tier}. */
  private static int blocksOn(String path, String tier) throws Exception {
    int count = 0;
    for (BlockLocation block : fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, Long.MAX_VALUE)) {
      boolean on = false;
      for (int i = 0; i < block.getHosts().length; i++) {
        on |= tier.equals(hats.spec().tierMap().tierName(block.getHosts()[i],
            StorageKind.valueOf(block.getStorageTypes()[i].name()), null));
      }
      count += on ? 1 : 0;
    }
    return count;
  }
}
