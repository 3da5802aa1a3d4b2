package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.strata.embedded.EmbeddedCluster;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hdfs.BlockMissingException;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What one filer replica means in stock HDFS: a demoted file's replica is reached through the one DataNode whose
 * share of the filer holds it. When that DataNode is down the block is missing to HDFS, though its bytes are safe
 * on the filer; the auto-tiering daemon leaves such a file alone, and once the DataNode is back the file reads as
 * written. (The README's known limits say so; declare the filer not internally redundant to keep two replicas.)
 */
class AutotierFilerDataNodeDownIT {
  private static final int MIB = AptstoreCluster.MIB;

  @Test
  void aDemotedFileIsUnavailableWhileItsFilerDataNodeIsDownAndWholeWhenItReturns(@TempDir Path dir)
      throws Exception {
    try (AptstoreCluster c = AptstoreCluster.start(dir)) {
      byte[] data = new byte[2 * MIB];
      new Random(7).nextBytes(data);
      c.write("/data/cold", data);
      c.write("/data/hot", new byte[2 * MIB]);
      c.read("/data/hot", 30);
      c.cluster.awaitHealthy(Duration.ofSeconds(60));
      CliRun cli = new CliRun();
      assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
      org.apache.hadoop.fs.Path cold = new org.apache.hadoop.fs.Path("/data/cold");
      EmbeddedCluster.waitFor(Duration.ofSeconds(60), () -> c.onOneFilerReplica("/data/cold"), "/data/cold demoted");

      String host = c.listedBlocks("/data/cold")[0].getHosts()[0];
      MiniDFSCluster mini = c.cluster.miniCluster();
      DataNode holder = mini.getDataNodes().stream().filter(dn -> dn.getDatanodeId().getHostName().equals(host))
          .findFirst().orElseThrow();
      MiniDFSCluster.DataNodeProperties stopped = mini.stopDataNode(holder.getDatanodeId().getXferAddr());
      mini.setDataNodeDead(holder.getDatanodeId());
      String fsck = c.cluster.fsck("/data/cold");
      assertTrue(fsck.contains("MISSING") || fsck.contains("CORRUPT"), fsck);
      assertThrows(BlockMissingException.class, () -> {
        try (InputStream in = c.fs.open(cold)) {
          in.readAllBytes();
        }
      });

      // The daemon runs with the holder down. The failed read's retries were audited as opens, so it may plan to
      // promote the file; a change to a file with a block no live DataNode holds is tried again later, not
      // reported applied (setReplication would only be recorded).
      assertEquals(0, cli.strata(c.autotierOnce()), cli.stderr());
      List<JsonNode> ofCold = AptstoreCluster.changes(cli.stdout()).stream()
          .filter(change -> change.get("path").asText().equals("/data/cold")).toList();
      assertEquals(1, ofCold.size(), cli.stdout());
      assertEquals("retry", ofCold.get(0).get("outcome").asText(), ofCold.toString());
      assertTrue(ofCold.get(0).get("detail").asText().contains("block 0 has no live replica"), ofCold.toString());
      assertEquals(1, c.fs.getFileStatus(cold).getReplication(), "the file's replication is left as it was");

      assertTrue(mini.restartDataNode(stopped, true));
      mini.waitActive();
      c.cluster.awaitHealthy(Duration.ofSeconds(90));
      assertTrue(c.onOneFilerReplica("/data/cold"), Arrays.toString(c.listedBlocks("/data/cold")));
      try (InputStream in = c.fs.open(cold)) {
        assertArrayEquals(data, in.readAllBytes(), "the demoted file reads back as written");
      }
    }
  }
}
