package io.strata.cli.autotier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.CliRun;
import java.io.IOException;
import java.io.InputStream;
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
  @Test
  void aDemotedFileReadOftenIsPromotedBackToTheDisks(@TempDir Path dir) throws Exception {
    try (AptstoreCluster c = AptstoreCluster.start(dir)) {
      FileSystem fs = c.fs;
      byte[] data = new byte[2 * AptstoreCluster.MIB];
      new Random(7).nextBytes(data);
      for (int i = 0; i < 4; i++) {
        c.write("/data/f" + i, data);
      }
      c.read("/data/f0", 30);
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
      CliRun cli = new CliRun();
      assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
      org.apache.hadoop.fs.Path f1 = new org.apache.hadoop.fs.Path("/data/f1");
      assertTrue(applied(cli.stdout(), "/data/f1", "DEMOTE"), cli.stdout() + cli.stderr());
      assertEquals("COLD", fs.getStoragePolicy(f1).getName());
      assertEquals(List.of(StorageType.ARCHIVE), types(fs, f1));

      // f1 turns hot: read it often over the next reference times, then let the daemon plan again.
      for (int round = 0; round < 3; round++) {
        c.read("/data/f1", 40);
        Thread.sleep(5_000);
      }
      assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
      assertTrue(applied(cli.stdout(), "/data/f1", "PROMOTE"), cli.stdout() + cli.stderr());
      assertEquals("HOT", fs.getStoragePolicy(f1).getName());
      short replication = fs.getFileStatus(f1).getReplication();
      assertTrue(replication >= 3, "back to at least 3 replicas, got " + replication);
      waitFor(Duration.ofSeconds(60), () -> types(fs, f1).equals(disks(replication)),
          "every replica of /data/f1 on the disks");
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
      try (InputStream in = fs.open(f1)) {
        assertArrayEquals(data, in.readAllBytes());
      }
    }
  }

  /** True when the run printed {@code kind} of {@code path} as applied. */
  private static boolean applied(String output, String path, String kind) throws Exception {
    return AptstoreCluster.changes(output).stream().anyMatch(change -> change.get("path").asText().equals(path)
        && change.get("kind").asText().equals(kind) && change.get("outcome").asText().equals("applied"));
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
    } catch (IOException e) {
      return List.of();
    }
  }
}
