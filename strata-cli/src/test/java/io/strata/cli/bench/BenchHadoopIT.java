package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.cli.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata bench hadoop} end to end at a tiny size on the in-process cluster with YARN: Hadoop's TeraGen,
 * TeraSort and TeraValidate under HD and SSD placement and under the stock peers (the NameNode restarted without the
 * plugin, ONE_SSD and ALL_SSD on their directories); the outputs must validate and the ratios, CSV and charts be
 * there. Bad options fail before any cluster starts.
 */
@Tag("long")
class BenchHadoopIT {
  @Test
  void teraSortUnderTwoPlacementsValidatesAndReportsRatios(@TempDir Path dir) throws Exception {
    CliRun cli = new CliRun();
    Path out = dir.resolve("out");
    int code = cli.strata("bench", "hadoop", "--preset", "hdfsh", "--ratios", "0,1", "--sort-sizes", "1MiB",
        "--reducers", "1", "--block-size", "256KiB", "--speed-scale", "1", "--rounds", "1", "--json", "--csv",
        out.toString());
    assertEquals(0, code, cli.stderr());
    JsonNode report = new ObjectMapper().readTree(cli.stdout());
    assertTrue(report.get("validated").asBoolean());
    assertEquals(12, report.get("runs").size(), cli.stdout());
    for (JsonNode summary : report.get("summaries")) {
      assertEquals("HD", summary.get("baseline").asText());
      assertTrue(summary.get("ratio").asDouble() > 0, summary.toString());
      if (summary.get("config").asText().equals("HD")) {
        assertEquals(1.0, summary.get("ratio").asDouble(), 1e-9);
      }
    }
    // TeraValidate's checksum of the same TeraGen rows, sorted under either placement.
    List<String> checksums = report.get("runs").findValues("run").stream()
        .filter(run -> run.get("job").asText().equals("teravalidate")).map(run -> run.get("outputDigest").asText())
        .toList();
    assertEquals(4, checksums.size());
    assertEquals(1, checksums.stream().distinct().count(), checksums.toString());
    // What each share came to on the devices: HD wrote no block to SSD, SSD every block.
    JsonNode shares = report.get("ssdShares");
    assertEquals(4, shares.size(), report.toString());
    assertEquals("HD", shares.get(0).get("config").asText());
    assertEquals(0, shares.get(0).get("ssdBlocks").asLong(), shares.toString());
    assertTrue(shares.get(0).get("blocks").asLong() >= 4, shares.toString());
    assertEquals(shares.get(1).get("blocks").asLong(), shares.get(1).get("ssdBlocks").asLong(), shares.toString());
    // Stock HDFS honoured the storage policies: ONE_SSD put a replica of every block on SSD and the rest on HDD
    // (TeraSort's output has one replica), ALL_SSD every replica.
    assertEquals("stock ONE_SSD", shares.get(2).get("config").asText());
    assertEquals(shares.get(2).get("blocks").asLong(), shares.get(2).get("anySsdBlocks").asLong(), shares.toString());
    assertTrue(shares.get(2).get("ssdReplicas").asLong() < shares.get(2).get("replicas").asLong(), shares.toString());
    assertEquals("stock ALL_SSD", shares.get(3).get("config").asText());
    assertEquals(shares.get(3).get("blocks").asLong(), shares.get(3).get("ssdBlocks").asLong(), shares.toString());
    assertTrue(report.get("stockPeers").get("stockBest").get("terasort 1MiB").asText().startsWith("stock "),
        report.get("stockPeers").toString());
    assertEquals("terasort 1MiB: 20/80 (declared) did not run", report.get("targets").get(0).asText(),
        "the target names the declared share, never the best one that ran");
    assertTrue(cli.stderr().contains("[12/12] teravalidate 1MiB"), cli.stderr());
    assertEquals(13, Files.readAllLines(out.resolve("runs.csv")).size());
    assertTrue(Files.size(out.resolve("in-process-terasort.png")) > 0);
  }
}
