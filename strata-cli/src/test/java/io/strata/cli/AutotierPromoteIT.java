package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.embedded.ClientConfigWriter;
import io.strata.embedded.EmbeddedCluster;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.StorageType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file `strata autotier run` demoted to the filer comes back to the disks when it turns popular: the daemon
 * promotes it, HDFS's storage policy goes from COLD to HOT, and no replica is left on the filer.
 */
class AutotierPromoteIT {
  private static final int MIB = 1 << 20;

  @Test
  void aDemotedFileReadOftenIsPromotedBackToTheDisks(@TempDir Path dir) throws Exception {
    ClusterChoice.Loaded aptstore = new ClusterChoice().load("aptstore");
    Path audit = dir.resolve("hdfs-audit.log");
    EmbeddedCluster.Options options = EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(MIB).withAuditLog(audit).withConf(ClusterUpCommand.pluginConf(dir, aptstore, null));
    try (EmbeddedCluster cluster = EmbeddedCluster.start(aptstore.spec(), options)) {
      ClientConfigWriter.write(cluster, dir, aptstore.text());
      FileSystem fs = cluster.fileSystem();
      byte[] data = new byte[2 * MIB];
      new Random(7).nextBytes(data);
      for (int i = 0; i < 4; i++) {
        try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path("/data/f" + i), (short) 3)) {
          out.write(data);
        }
      }
      read(fs, "/data/f0", 30);
      cluster.awaitHealthy(Duration.ofSeconds(60));
      CliRun cli = new CliRun();
      String[] once = {"autotier", "run", "--once", "--json", "--audit-log", audit.toString(), "--path", "/data",
          "--conf", dir.toString(), "--reference-time", "5s"};
      assertEquals(0, cli.strata(once), cli.stderr());
      org.apache.hadoop.fs.Path f1 = new org.apache.hadoop.fs.Path("/data/f1");
      assertTrue(changes(cli.stdout()).stream().anyMatch(c -> c.get("path").asText().equals("/data/f1")
          && c.get("kind").asText().equals("DEMOTE") && c.get("outcome").asText().equals("applied")),
          cli.stdout() + cli.stderr());
      assertEquals("COLD", fs.getStoragePolicy(f1).getName());
      assertEquals(List.of(StorageType.ARCHIVE), types(fs, f1));

      // f1 turns hot: read it often over the next reference times, then let the daemon plan again.
      for (int round = 0; round < 3; round++) {
        read(fs, "/data/f1", 40);
        Thread.sleep(5_000);
      }
      assertEquals(0, cli.strata(once), cli.stderr());
      assertTrue(changes(cli.stdout()).stream().anyMatch(c -> c.get("path").asText().equals("/data/f1")
          && c.get("kind").asText().equals("PROMOTE") && c.get("outcome").asText().equals("applied")),
          cli.stdout() + cli.stderr());
      assertEquals("HOT", fs.getStoragePolicy(f1).getName());
      short replication = fs.getFileStatus(f1).getReplication();
      assertTrue(replication >= 3, "back to at least 3 replicas, got " + replication);
      org.apache.hadoop.fs.Path file = f1;
      EmbeddedClusterWait.until(Duration.ofSeconds(60), () -> types(fs, file).equals(disks(replication)),
          "every replica of /data/f1 on the disks");
      cluster.awaitHealthy(Duration.ofSeconds(60));
      try (InputStream in = fs.open(f1)) {
        assertArrayEquals(data, in.readAllBytes());
      }
    }
  }

  private static List<StorageType> disks(int replicas) {
    List<StorageType> types = new ArrayList<>();
    for (int i = 0; i < replicas; i++) {
      types.add(StorageType.DISK);
    }
    return types;
  }

  /**
   * The storage types of the replicas, sorted, when every block has the same; from a listing, which the NameNode
   * does not audit as a read of the file.
   */
  private static List<StorageType> types(FileSystem fs, org.apache.hadoop.fs.Path file) {
    try {
      BlockLocation[] blocks = fs.listLocatedStatus(file).next().getBlockLocations();
      List<StorageType> types = new ArrayList<>();
      for (BlockLocation block : blocks) {
        List<StorageType> these = new ArrayList<>(List.of(block.getStorageTypes()));
        these.sort(null);
        if (!types.isEmpty() && !types.equals(these)) {
          return List.of(); // blocks differ: not settled
        }
        types = these;
      }
      return types;
    } catch (java.io.IOException e) {
      return List.of();
    }
  }

  private static void read(FileSystem fs, String path, int times) throws Exception {
    for (int i = 0; i < times; i++) {
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
        in.read();
      }
    }
  }

  private static List<JsonNode> changes(String output) throws Exception {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> changes = new ArrayList<>();
    for (String line : output.lines().filter(l -> l.startsWith("{")).toList()) {
      JsonNode event = json.readTree(line);
      if ("change".equals(event.path("event").asText())) {
        changes.add(event);
      }
    }
    return changes;
  }

  /** Polls until a condition holds. */
  private static final class EmbeddedClusterWait {
    static void until(Duration timeout, java.util.function.BooleanSupplier condition, String what)
        throws InterruptedException {
      long deadline = System.nanoTime() + timeout.toNanos();
      while (!condition.getAsBoolean()) {
        if (System.nanoTime() > deadline) {
          throw new AssertionError("timed out waiting for " + what);
        }
        Thread.sleep(200);
      }
    }
  }
}
