package io.strata.cli.autotier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.placement.StoredRules;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataNodeTestUtils;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsVolumeImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A filer with no room for a block, with `strata autotier run --once` run again and again as from cron: the
 * demotions cannot start, every cold file keeps its three disk replicas and reads back as written, each failed
 * attempt names the full tier, the journal does not gain a plan per run for ever (attempts are counted across
 * runs, and a change is given up after three), and once the filer has room the next run demotes the files.
 */
class AutotierFullFilerIT {
  private static final int MIB = AptstoreCluster.MIB;
  private static final List<String> COLD = List.of("/data/f1", "/data/f2", "/data/f3");

  @Test
  void demotionsToAFullFilerLoseNothingAreGivenUpAndGoThroughOnceThereIsRoom(@TempDir Path dir) throws Exception {
    // Each node's filer share is half a block: no DataNode of the filer tier can take a replica.
    try (AptstoreCluster c = AptstoreCluster.startWithFilerShares(dir, "512KiB")) {
      Map<String, byte[]> written = new HashMap<>();
      for (int i = 0; i < 4; i++) {
        byte[] data = new byte[2 * MIB];
        new Random(i).nextBytes(data);
        c.write("/data/f" + i, data);
        written.put("/data/f" + i, data);
      }
      c.read("/data/f0", 30);
      c.cluster.awaitHealthy(Duration.ofSeconds(60));

      CliRun cli = new CliRun();
      List<JsonNode> demotions = new ArrayList<>();
      for (int run = 1; run <= 4; run++) {
        assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
        List<JsonNode> these = AptstoreCluster.changes(cli.stdout()).stream()
            .filter(change -> "DEMOTE".equals(change.path("kind").asText())).toList();
        assertTrue(!these.isEmpty(), "run " + run + " tried the demotions: " + cli.stdout());
        demotions.addAll(these);
        assertTrue(c.cluster.fsck("/").contains("is HEALTHY"), "run " + run);
        for (String file : COLD) {
          assertEquals(List.of(3, 3), c.replicasOf(file, StorageType.DISK), file + " after run " + run);
        }
      }
      for (JsonNode change : demotions) {
        String outcome = change.get("outcome").asText();
        String detail = change.get("detail").asText();
        assertTrue(outcome.equals("retry") || outcome.equals("failed"), change.toString());
        assertTrue(detail.contains("no DataNode of tier filer") && detail.contains("lack 1048576 bytes of room"),
            change.toString());
      }
      assertTrue(demotions.stream().anyMatch(change -> change.get("outcome").asText().equals("failed")
          && change.get("detail").asText().startsWith("gave up after 3 attempts")), demotions.toString());
      // Runs 1 and 2 each left a plan; run 3 gave up the first, run 4 the second: two open plans, not four.
      assertEquals(2, c.fs.globStatus(new org.apache.hadoop.fs.Path("/.strata/autotier/plans/*.json")).length);
      // The journal command shows the operator the same: two open plans whose demotions are pending and have
      // failed before, and the two given up among the finished ones.
      assertEquals(0, cli.strata("autotier", "journal", "--json", "--conf", c.dir.toString()), cli.stderr());
      JsonNode journal = new ObjectMapper().readTree(cli.stdout());
      assertEquals(2, journal.get("unfinished").size(), journal.toString());
      assertEquals(2, journal.get("finished").size(), journal.toString());
      for (JsonNode plan : journal.get("unfinished")) {
        for (JsonNode change : plan.get("changes")) {
          if (change.get("kind").asText().equals("DEMOTE")) {
            assertTrue(change.get("outcome").isNull() && change.get("failedAttempts").asInt() >= 1,
                change.toString());
          }
        }
      }

      growFilerShares(c.cluster, 16L << 30);
      // These runs demote the three files at once (--files-at-once), on real HDFS: the checks below hold for it too.
      String[] atOnce = Stream.concat(Arrays.stream(c.autotierOnce()),
          Stream.of("--files-at-once", "3")).toArray(String[]::new);
      for (int run = 5; run <= 6; run++) {
        assertEquals(0, cli.strata(atOnce), cli.stderr());
      }
      EmbeddedCluster.waitFor(Duration.ofSeconds(90), () -> COLD.stream().allMatch(c::onOneFilerReplica),
          "the cold files on one filer replica each");
      for (String file : COLD) {
        assertEquals("COLD", c.fs.getStoragePolicy(new org.apache.hadoop.fs.Path(file)).getName(), file);
      }
      // The interim layouts of the demotions (a filer replica beside the disk ones) were rules while they lasted.
      assertEquals(List.of(), new StoredRules(c.fs, c.fs.getConf()).read(), "no rule left behind");
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
      for (Map.Entry<String, byte[]> file : written.entrySet()) {
        try (InputStream in = c.fs.open(new org.apache.hadoop.fs.Path(file.getKey()))) {
          assertArrayEquals(file.getValue(), in.readAllBytes(), file.getKey() + " reads back as written");
        }
      }
    }
  }

  /** What an operator does about a full filer: gives every DataNode's share of it room. */
  private static void growFilerShares(EmbeddedCluster cluster, long bytes) throws Exception {
    for (DataNode dataNode : cluster.miniCluster().getDataNodes()) {
      try (FsDatasetSpi.FsVolumeReferences volumes = dataNode.getFSDataset().getFsVolumeReferences()) {
        for (FsVolumeSpi volume : volumes) {
          if (volume.getStorageType() == StorageType.ARCHIVE) {
            ((FsVolumeImpl) volume).setCapacityForTesting(bytes);
          }
        }
      }
      DataNodeTestUtils.triggerHeartbeat(dataNode);
    }
    long expected = cluster.miniCluster().getDataNodes().size() * bytes;
    EmbeddedCluster.waitFor(Duration.ofSeconds(30),
        () -> cluster.miniCluster().getNamesystem().getCapacityRemaining() > expected / 2,
        "the NameNode sees the filer's new room");
  }
}
