package io.strata.cli.autotier;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import io.strata.cli.shared.ExitCodes;
import io.strata.core.spec.VolumeSpec;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.rescue.ShareVolume;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.BlockMissingException;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What one filer replica means in stock HDFS, and {@code strata tier rescue}: a demoted file's replica is reached
 * through the one DataNode whose share of the filer holds it. When that DataNode is down the block is missing to
 * HDFS, though its bytes are safe on the filer; the auto-tiering daemon leaves such a file alone. The rescue reads
 * the block from the down DataNode's share and gives it to a live DataNode's filer volume: refused while the file on
 * the share is damaged, done once it is whole, and the file reads as written. When the DataNode is back, HDFS drops
 * the replica that is one too many and the file still reads as written.
 */
class AutotierFilerDataNodeDownIT {
  private static final int MIB = AptstoreCluster.MIB;
  private final ObjectMapper json = new ObjectMapper();

  @Test
  void aDemotedFileIsMissingWhileItsFilerDataNodeIsDownUntilTheRescueWritesItThroughALiveOne(@TempDir Path dir)
      throws Exception {
    // With block access tokens on, as on a secure cluster: the rescue's writes need WRITE tokens of its own making.
    try (AptstoreCluster c = AptstoreCluster.startWithConf(dir, Map.of("dfs.block.access.token.enable", "true"))) {
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

      // Every DataNode holding a block of the file goes down, so the file lacks both its blocks.
      Set<String> holders = new TreeSet<>();
      for (BlockLocation block : c.listedBlocks("/data/cold")) {
        holders.add(block.getHosts()[0]);
      }
      String host = c.listedBlocks("/data/cold")[0].getHosts()[0];
      List<Path> filerShares = c.cluster.volumeDirectories().get(StorageType.ARCHIVE);
      Path holderShare = filerShares.get(c.cluster.hosts().indexOf(host));
      for (String holder : holders) {
        c.cluster.stopDataNode(holder);
      }
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

      // strata tier rescue, with the filer as this host mounts it: every DataNode's filer volume.
      Path missingShare = dir.resolve("no-such-share");
      CliRun bad = new CliRun();
      assertEquals(ExitCodes.BAD_INPUT, bad.strata(rescue(dir, List.of(missingShare))), bad.stderr());
      assertTrue(bad.stderr().contains(missingShare + ": no such directory"), bad.stderr());

      ExtendedBlock block = c.fs.getClient().getLocatedBlocks("/data/cold", 0).get(0).getBlock();
      ShareVolume.BlockFiles onShare = ShareVolume.find(List.of(holderShare)).get(0)
          .locate(block.getBlockPoolId(), block.getBlockId(), block.getGenerationStamp()).orElseThrow();
      byte[] whole = Files.readAllBytes(onShare.data());
      byte[] damaged = whole.clone();
      damaged[MIB / 2 + 3] ^= 0x10;
      Files.write(onShare.data(), damaged);
      CliRun refused = new CliRun();
      assertEquals(ExitCodes.FAILED, refused.strata(rescue(dir, filerShares)), refused.stderr());
      JsonNode report = json.readTree(refused.stdout());
      // The NameNode lists the file once per missing block; each block is written once.
      assertEquals(2, report.get("blocks").size(), report.toString());
      assertEquals(1, report.get("counts").get("recovered").asInt(), "the whole block went through: " + report);
      JsonNode refusal = report.get("blocks").get(0);
      assertEquals(block.getBlockName() + "_" + block.getGenerationStamp(), refusal.get("block").asText());
      assertEquals("failed", refusal.get("outcome").asText(), refusal.toString());
      String detail = refusal.get("detail").asText();
      assertTrue(detail.contains("Checksum") && detail.contains("file " + onShare.data() + " at position "
          + MIB / 2), refusal.toString());
      assertEquals(0, c.listedBlocks("/data/cold")[0].getHosts().length, "the damaged copy was not given to HDFS");

      Files.write(onShare.data(), whole);
      CliRun rescued = new CliRun();
      assertEquals(0, rescued.strata(rescue(dir, filerShares)), rescued.stdout() + rescued.stderr());
      report = json.readTree(rescued.stdout());
      assertEquals(1, report.get("blocks").size(), report.toString());
      assertEquals(1, report.get("counts").get("recovered").asInt(), report.toString());
      assertEquals(onShare.data().toString(), report.get("blocks").get(0).get("source").asText());
      assertEquals(holders.size(), report.get("searched").size(), report.toString());
      assertEquals(6 - holders.size(), report.get("liveVolumesSkipped").asInt(), "live DataNodes' volumes not read");
      assertTrue(c.onOneFilerReplica("/data/cold"), Arrays.toString(c.listedBlocks("/data/cold")));
      assertTrue(!holders.contains(c.listedBlocks("/data/cold")[0].getHosts()[0]), "on a live DataNode");
      assertTrue(c.cluster.fsck("/data/cold").contains("is HEALTHY"));
      try (InputStream in = c.fs.open(cold)) {
        assertArrayEquals(data, in.readAllBytes(), "the rescued file reads back as written");
      }
      assertArrayEquals(whole, Files.readAllBytes(onShare.data()), "the share is left as it was");
      CliRun again = new CliRun();
      assertEquals(0, again.strata(rescue(dir, filerShares)), again.stderr());
      assertEquals(0, json.readTree(again.stdout()).get("blocks").size(), "nothing missing any more");

      for (String holder : holders) {
        c.cluster.restartDataNode(holder);
      }
      long specCapacity = c.cluster.spec().nodes().stream().flatMap(n -> n.volumes().stream())
          .mapToLong(VolumeSpec::capacityBytes).sum();
      EmbeddedCluster.waitFor(Duration.ofSeconds(30),
          () -> c.cluster.miniCluster().getNamesystem().getCapacityTotal() == specCapacity,
          "the restarted DataNodes' volumes at the spec's capacities");
      c.cluster.awaitHealthy(Duration.ofSeconds(90));
      // The returned DataNode's replica and the rescued one: HDFS keeps one of the two.
      EmbeddedCluster.waitFor(Duration.ofSeconds(60), () -> c.onOneFilerReplica("/data/cold"),
          "/data/cold back to one filer replica");
      try (InputStream in = c.fs.open(cold)) {
        assertArrayEquals(data, in.readAllBytes(), "the demoted file reads back as written");
      }

      // The daemon with --filer-shares: the holders go down again, and it rescues before it touches the file.
      Set<String> downAgain = new TreeSet<>();
      for (BlockLocation listed : c.listedBlocks("/data/cold")) {
        downAgain.add(listed.getHosts()[0]);
      }
      for (String holder : downAgain) {
        c.cluster.stopDataNode(holder);
      }
      List<String> daemonArgs = new ArrayList<>(List.of(c.autotierOnce()));
      daemonArgs.addAll(List.of("--filer-shares", String.join(",", filerShares.stream().map(Path::toString)
          .toList())));
      CliRun daemon = new CliRun();
      assertEquals(0, daemon.strata(daemonArgs.toArray(String[]::new)), daemon.stderr());
      System.out.println("daemon with --filer-shares:\n" + daemon.stdout());
      List<JsonNode> rescues = AptstoreCluster.events(daemon.stdout(), "rescue");
      assertEquals(2, rescues.size(), daemon.stdout());
      for (JsonNode rescue : rescues) {
        assertEquals("recovered", rescue.get("outcome").asText(), rescue.toString());
        assertEquals("/data/cold", rescue.get("file").asText(), "keys as tier rescue --json names them: " + rescue);
        assertEquals(MIB, rescue.get("bytes").asLong(), rescue.toString());
      }
      // The change to the file that waited in the journal for its block now finds every block live. It goes
      // through unless it wants more disk replicas than there are live DataNodes: it was planned while one or two
      // of the six were down, and one or two are down now.
      List<JsonNode> ofColdNow = AptstoreCluster.changes(daemon.stdout()).stream()
          .filter(change -> change.get("path").asText().equals("/data/cold")).toList();
      assertTrue(!ofColdNow.isEmpty(), daemon.stdout());
      int live = 6 - downAgain.size();
      for (JsonNode change : ofColdNow) {
        String why = change.get("detail").asText();
        assertTrue(!why.contains("has no live replica"), change.toString());
        int wanted = Integer.parseInt(change.get("to").asText().split("x")[0]);
        if (wanted <= live) {
          assertTrue(Set.of("applied", "in-place").contains(change.get("outcome").asText()), change.toString());
        } else {
          assertEquals("retry", change.get("outcome").asText(), change.toString());
          assertTrue(why.contains("which have " + live + " live DataNode(s)"), change.toString());
        }
      }
      JsonNode totals = AptstoreCluster.events(daemon.stdout(), "cycle").get(0).get("totals");
      assertEquals(2, totals.get("blocksRescued").asInt(), totals.toString());
      assertEquals(0, totals.get("blocksNotRescued").asInt(), totals.toString());
      try (InputStream in = c.fs.open(cold)) {
        assertArrayEquals(data, in.readAllBytes(), "read back after the daemon's rescue");
      }
    }
  }

  private static String[] rescue(Path conf, List<Path> shares) {
    List<String> args = new ArrayList<>(List.of("tier", "rescue", "/data", "--json", "--conf", conf.toString()));
    shares.forEach(share -> args.addAll(List.of("--shares", share.toString())));
    return args.toArray(String[]::new);
  }
}
