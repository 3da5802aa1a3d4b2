package io.strata.bench.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HostTopologyTest {
  private static final String HATS = Presets.text("hats");

  @Test
  void hddOnlyKeepsEveryNodeWithItsDisksAndTheLinksOfTheTopology() {
    HostTopology hddOnly = HostTopology.named(List.of("hdd-only")).get(0);
    ClusterSpec spec = SpecParser.parse("t", hddOnly.specText("hats", HATS));

    assertEquals(9, spec.nodes().size());
    spec.nodes().forEach(n -> assertTrue(n.volumes().stream().allMatch(v -> v.storageKind() == StorageKind.DISK)
        && !n.volumes().isEmpty(), n.host()));
    assertEquals(1.0, spec.network().nicGbps());
    assertEquals(0.25, spec.network().rackUplinkGbps());
  }

  @Test
  void slowUplinksChangeOnlyTheRatesAndSlowNodeSlowsTheFirstNode() {
    ClusterSpec hats = SpecParser.parse("hats", HATS);
    HostTopology slowUplinks = HostTopology.named(List.of("slow-uplinks")).get(0);
    ClusterSpec spec = SpecParser.parse("t", slowUplinks.specText("hats", HATS));
    assertEquals(0.1, spec.network().rackUplinkGbps());
    assertEquals(hats.nodes(), spec.nodes());
    assertEquals(null, slowUplinks.slowHost(spec));
    assertEquals("r1n1", HostTopology.named(List.of("slow-node")).get(0).slowHost(spec));
  }

  @Test
  void anUnknownTopologyIsNamedWithTheKnownOnes() {
    ConfigException e = assertThrows(ConfigException.class, () -> HostTopology.named(List.of("tiers", "fast")));
    assertTrue(e.getMessage().contains("'fast'") && e.getMessage().contains("slow-node"), e.getMessage());
  }

  private static RetrievalBenchmark.Result result(String contender, double bound, double... rounds) {
    RetrievalBenchmark.Result r = new RetrievalBenchmark.Result(contender);
    r.boundMBps = bound;
    for (double mbps : rounds) {
      r.addRound(mbps, 0.5);
    }
    return r;
  }

  private static List<String> lines(HostTopology topology, List<RetrievalBenchmark.Result> results) {
    return HostRetrievalBenchmark.targets(topology, results).stream().map(HostRetrievalBenchmark.Judged::line)
        .toList();
  }

  @Test
  void targetsAreJudgedOnTheDeclaredPolicysWorstRoundAgainstStockBest() {
    HostTopology slowNode = HostTopology.named(List.of("slow-node")).get(0);
    List<RetrievalBenchmark.Result> results = List.of(result("stock-best", 300, 50, 60, 55),
        result("network", 300, 40, 40, 40), result("rate-aware", 300, 60, 70, 57));
    List<String> lines = lines(slowNode, results);

    assertEquals(2, lines.size());
    // worst round 57/55 = 1.036: at least 0.97x, not 1.10x
    assertTrue(lines.get(0).contains("worst round 1.036x") && lines.get(0).endsWith(": met"), lines.get(0));
    assertTrue(lines.get(1).contains("target >= 1.10x") && lines.get(1).endsWith(": MISSED"), lines.get(1));
  }

  @Test
  void onTiersAStockBestNearTheBoundIsJudgedByShareOfTheBound() {
    HostTopology tiers = HostTopology.named(List.of("tiers")).get(0);
    List<String> nearBound = lines(tiers, List.of(result("stock-best", 100, 80, 80, 80),
        result("rate-aware", 100, 92, 91, 95)));
    assertTrue(nearBound.get(1).contains("share of the bound") && nearBound.get(1).endsWith(": met"),
        nearBound.get(1));
    List<String> farFromBound = lines(tiers, List.of(
        result("stock-best", 300, 80, 80, 80), result("rate-aware", 300, 92, 91, 95)));
    assertTrue(farFromBound.get(1).contains("target >= 1.20x") && farFromBound.get(1).endsWith(": MISSED"),
        farFromBound.get(1));
  }

  @Test
  void theSweepChartIsAPng(@TempDir Path dir) throws Exception {
    TopologySweepChart chart = new TopologySweepChart();
    chart.add("tiers", List.of(result("stock-best", 300, 50, 60, 55), result("rate-aware", 300, 60, 70, 57)));
    chart.add("hdd-only", List.of(result("stock-best", 300, 40, 40, 40), result("rate-aware", 300, 39, 41, 40)));
    Path png = dir.resolve("sweep.png");
    chart.writePng(png);
    byte[] bytes = Files.readAllBytes(png);
    assertTrue(bytes.length > 1000 && bytes[1] == 'P' && bytes[2] == 'N' && bytes[3] == 'G');
  }
}
