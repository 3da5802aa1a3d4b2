package io.strata.bench.hadoop;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.retrieval.RetrievalBenchmark;
import io.strata.hdfs.HadoopSettings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HadoopBenchReportTest {
  @Test
  void ratiosAreToTheBaselineInSettingsOrderWhateverOrderTheJobsRan() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HDFSH);
    // Ran 20/80 first (rotated), then HD, then 50/50.
    List<Measurement> runs = List.of(
        sort("20/80", 3, 60, 0), sort("HD", 0, 100, 0), sort("50/50", 2, 80, 0));
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hdfsh", runs, 1);
    List<HadoopBenchReport.Summary> sorts = report.of("terasort 32MiB");
    assertEquals(List.of("HD", "50/50", "20/80"), sorts.stream().map(HadoopBenchReport.Summary::config).toList());
    assertEquals(1.0, sorts.get(0).ratio(), 1e-9);
    assertEquals(100.0 / 60, sorts.get(2).ratio(), 1e-9);
    assertEquals(40.0, sorts.get(2).fasterPercent(), 1e-9);
    assertTrue(report.targets().get(0).startsWith("terasort 32MiB: 20/80 (declared) vs HD: worst round 40.0% faster,"
        + " median 40.0% faster, 1 round(s) (target >= 30%): not judged: fewer than 3 rounds; steps in between: yes"),
        report.targets().toString());
  }

  @Test
  void theHdfsHTargetIsJudgedOnTheDeclaredSharesWorstRoundAgainstTheBaselineOfTheSameRound() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HDFSH);
    // Round 2 ran on a slower machine: HD and 20/80 both took longer, the ratio is what counts.
    List<Measurement> runs = List.of(sort("HD", 0, 100, 0), sort("20/80", 3, 60, 0), sort("HD", 0, 200, 1),
        sort("20/80", 3, 150, 1), sort("HD", 0, 100, 2), sort("20/80", 3, 50, 2), sort("SSD", 4, 10, 0),
        sort("SSD", 4, 10, 1), sort("SSD", 4, 10, 2));
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hdfsh", runs, 1);
    HadoopBenchReport.Summary declared = report.of("terasort 32MiB").get(1);
    assertEquals(List.of(100.0 / 60, 200.0 / 150, 2.0), declared.roundRatios());
    assertEquals(100.0 / 60, declared.ratioSpread().median(), 1e-9);
    assertTrue(report.targets().get(0).startsWith("terasort 32MiB: 20/80 (declared) vs HD: worst round 25.0% faster, "
        + "median 40.0% (25.0%-50.0%) faster, 3 round(s) (target >= 30%): MISSED"), report.targets().toString());
    // The best configuration (SSD, 10x) is never what the target reports.
    assertTrue(!report.targets().get(0).contains("SSD (declared)"), report.targets().toString());
  }

  @Test
  void aRoundTheCpuDecidedIsMarkedAndNotJudged() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HDFSH);
    List<Measurement> runs = new java.util.ArrayList<>();
    for (int round = 0; round < 3; round++) {
      runs.add(sort("HD", 0, 100, round));
      runs.add(new Measurement("terasort 32MiB", "20/80", 3, "HD", round,
          new JobRun(HadoopJobs.TERASORT, 50, 4, 2, 1, 0, 0, ""), round == 1 ? 0.95 : 0.5));
    }
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hdfsh", runs, 1);
    assertTrue(report.of("terasort 32MiB").get(1).cpuBound());
    assertTrue(report.targets().get(0).contains("(target >= 30%): not judged: cpu-bound"), report.targets().get(0));
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
    String row = printed.toString(StandardCharsets.UTF_8).lines().filter(line -> line.startsWith("20/80"))
        .findFirst().orElseThrow();
    assertTrue(row.contains("2.000x (2.000x-2.000x)") && row.endsWith(" cpu-bound"), row);
  }

  @Test
  void testDfsioIsComparedByItsThroughputAndTheHatsTargetsNameTheDeclaredAndTheSlowest() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HATS);
    String declared = HadoopBenchSettings.HATS_DECLARED;
    List<Measurement> runs = new java.util.ArrayList<>();
    for (int round = 0; round < 3; round++) {
      runs.add(new Measurement(HadoopJobs.DFSIO_READ, "network + network", 0, "network + network", round,
          new JobRun(HadoopJobs.DFSIO_READ, 30, 4, 2, 10, 11, 0, ""), 0.5));
      // The declared configuration: 1.5x, 1.5x, then 1.3x in its worst round.
      runs.add(new Measurement(HadoopJobs.DFSIO_READ, declared, 7, "network + network", round,
          new JobRun(HadoopJobs.DFSIO_READ, 40, 4, 2, round == 2 ? 13 : 15, 16, 0, ""), 0.5));
      // A better configuration that was not declared.
      runs.add(new Measurement(HadoopJobs.DFSIO_READ, "hybrid + hybrid", 11, "network + network", round,
          new JobRun(HadoopJobs.DFSIO_READ, 40, 4, 2, 30, 16, 0, ""), 0.5));
      runs.add(new Measurement(HadoopJobs.GREP, "network", 0, "network", round,
          new JobRun(HadoopJobs.GREP, 20, 4, 4, 0, 0, 9, "d"), 0.5));
      runs.add(new Measurement(HadoopJobs.GREP, "hybrid", 2, "network", round,
          new JobRun(HadoopJobs.GREP, round == 0 ? 21 : 20, 4, 4, 0, 0, 9, "d"), 0.5));
    }
    HadoopBenchReport.SsdShare network = new HadoopBenchReport.SsdShare("network", 0, 3, 8, 3, 24);
    HadoopBenchReport.SsdShare hybrid = new HadoopBenchReport.SsdShare("hybrid", 1, 4, 4, 6, 12)
        .plus(new HadoopBenchReport.SsdShare("hybrid", 0, 4, 4, 5, 12));
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hats", runs, 1,
        List.of(network, hybrid));
    assertEquals(3.0, report.of(HadoopJobs.DFSIO_READ).get(2).ratio(), 1e-9);
    assertEquals(List.of(
        "TestDFSIO read, 4 maps: " + declared + " (declared) vs network + network: worst round 1.300x, median 1.500x "
            + "(1.300x-1.500x), 3 round(s) (target >= 1.40x): MISSED",
        "grep: slowest hybrid, worst round 105.0% of network's time, median 100.0% (100.0%-105.0%), 3 round(s) "
            + "(target <= 103% for every read order): MISSED"),
        report.targets());
    // The same verdicts, machine-readable, and the declared configuration's rounds as the suite's tables show them.
    assertEquals(List.of("MISSED", "MISSED"), report.targetResults().stream().map(BenchResult.Target::verdict)
        .toList());
    assertEquals(declared, report.targetResults().get(0).declared());
    assertEquals(1.3, report.targetResults().get(0).worst(), 1e-9);
    assertEquals(1.05, report.targetResults().get(1).worst(), 1e-9);
    assertEquals(new BenchResult.Row("testdfsio-read, throughput to network + network", declared, "x", 1.5, 1.3, 1.5,
        3, false),
        report.resultRows().stream().filter(r -> r.configuration().equals(declared)).findFirst()
            .orElseThrow());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("Outputs checked: Grep's output identical under every retrieval policy.\n"),
        "only the checks of the jobs that ran: " + text);
    assertTrue(text.contains("TestDFSIO's files on SSD, by placement: network 3 of 24 replicas, 3 of 8 blocks with "
        + "one; hybrid 11 of 24 replicas, 8 of 8 blocks with one\n"), text);
  }

  @Test
  void theHatsHeadlineIsAlsoJudgedAgainstStockBestOnTheDeclaredWorstRound() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HATS);
    String declared = HadoopBenchSettings.HATS_DECLARED;
    String base = "network + network";
    List<Measurement> runs = new java.util.ArrayList<>();
    for (int round = 0; round < 3; round++) {
      runs.add(dfsioRead(base, 0, round, 10, 0.5));
      // Declared: 15, 15, 13 MB/s. Stock ONE_SSD: 12, 12, 14 MB/s, so 1.25x, 1.25x, then 0.929x in round 3.
      runs.add(dfsioRead(declared, 7, round, round == 2 ? 13 : 15, 0.5));
      runs.add(dfsioRead("stock ONE_SSD", 12, round, round == 2 ? 14 : 12, 0.5));
    }
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hats", runs, 1);
    assertEquals(List.of(declared, "stock ONE_SSD"), report.of(HadoopJobs.DFSIO_READ).stream().skip(1)
        .map(HadoopBenchReport.Summary::config).toList());
    assertEquals(List.of(
        "TestDFSIO read, 4 maps: " + declared + " (declared) vs network + network: worst round 1.300x, median 1.500x "
            + "(1.300x-1.500x), 3 round(s) (target >= 1.40x): MISSED",
        "TestDFSIO read, 4 maps: " + declared + " (declared) vs stock-best (stock ONE_SSD): worst round 0.929x, "
            + "median 1.250x (0.929x-1.250x), 3 round(s) (target >= 1.00x): MISSED"),
        report.targets());
    BenchResult.Target vsStock = report.targetResults().get(1);
    assertEquals("stock-best (stock ONE_SSD)", vsStock.baseline());
    assertEquals(13.0 / 14, vsStock.worst(), 1e-9);
    assertTrue(report.resultRows().contains(new BenchResult.Row(
        "testdfsio-read, throughput to stock-best (stock ONE_SSD)", declared, "x", 1.25, 13.0 / 14, 1.25, 3, false)),
        report.resultRows().toString());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("Stock peers (stock ONE_SSD): stock HDFS, Strata's plugin absent from the NameNode, the "
        + "storage policy set on the peer's directory, dfs.namenode.read.considerLoad=true, "
        + "dfs.namenode.read.considerStorageType=true; stock-best, the peer with the best median ratio: "
        + "testdfsio-read stock ONE_SSD.\n"), text);
    assertEquals("stock ONE_SSD", report.json().get("stockPeers").get("stockBest").get(HadoopJobs.DFSIO_READ)
        .asText());
  }

  @Test
  void theHdfsHStockBestIsTheBetterPeerAndACpuBoundRoundOfItIsNotJudged() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HDFSH);
    List<Measurement> runs = new java.util.ArrayList<>();
    for (int round = 0; round < 3; round++) {
      runs.add(sort("HD", 0, 100, round));
      runs.add(sort("20/80", 3, 60, round));
      runs.add(sort("SSD", 4, 50, round));
      runs.add(sort("stock ONE_SSD", 5, 90, round));
      runs.add(new Measurement("terasort 32MiB", "stock ALL_SSD", 6, "HD", round,
          new JobRun(HadoopJobs.TERASORT, round == 1 ? 50 : 40, 4, 2, 1, 0, 0, ""), round == 2 ? 0.95 : 0.5));
    }
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hdfsh", runs, 1);
    List<String> targets = report.targets();
    // The stock peers are not a step between HD and SSD: the steps hold.
    assertTrue(targets.get(0).endsWith("(target >= 30%): met; steps in between: yes (HD 100.0 s, 20/80 60.0 s, "
        + "SSD 50.0 s)"), targets.toString());
    // ALL_SSD (median 40 s) beats ONE_SSD (90 s): it is stock-best; 20/80 took 50% longer in two rounds, 20% longer
    // in round 2, and ALL_SSD's third round was cpu-bound.
    assertEquals("terasort 32MiB: 20/80 (declared) vs stock-best (stock ALL_SSD): worst round -50.0% faster, median "
        + "-50.0% (-50.0%--20.0%) faster, 3 round(s) (target >= 0%): not judged: cpu-bound", targets.get(1));
    assertEquals("not judged: cpu-bound", report.targetResults().get(1).verdict());
  }

  @Test
  void theStockPeersReadOrderingKeysAreOnesClusterUpTakesAsDashD() {
    // `strata cluster up --stock -D KEY=VALUE` checks each setting as HadoopSettings does: a user can rebuild the peer.
    assertEquals(RetrievalBenchmark.STOCK_BEST_CONF, HadoopSettings.parse(RetrievalBenchmark.STOCK_BEST_CONF
        .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).toList(), "-D"));
  }

  @Test
  void outputsThatDifferBetweenPoliciesFailTheRunNamingEach() {
    Map<String, String> digests = new LinkedHashMap<>();
    digests.put("network", "12 lines, digest aa");
    digests.put("hybrid", "11 lines, digest bb");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> HadoopBenchmark.requireSame("grep output", digests));
    assertEquals("grep output differs between policies:\n  network: 12 lines, digest aa\n  hybrid: 11 lines, "
        + "digest bb", e.getMessage());
    digests.put("hybrid", "12 lines, digest aa");
    HadoopBenchmark.requireSame("grep output", digests);
  }

  @Test
  void ratiosAreNamedAsHdfsHNamesThem() {
    assertEquals(List.of("HD", "80/20", "50/50", "20/80", "SSD"), HadoopBenchSettings.of("hdfsh").ratios.stream()
        .map(HadoopBenchSettings::ratioLabel).toList());
  }

  private static Measurement dfsioRead(String config, int rank, int round, double megabytesPerSecond,
      double cpuBusy) {
    return new Measurement(HadoopJobs.DFSIO_READ, config, rank, "network + network", round,
        new JobRun(HadoopJobs.DFSIO_READ, 40, 4, 2, megabytesPerSecond, megabytesPerSecond, 0, ""), cpuBusy);
  }

  private static Measurement sort(String config, int rank, double seconds, int round) {
    return new Measurement("terasort 32MiB", config, rank, "HD", round,
        new JobRun(HadoopJobs.TERASORT, seconds, 4, 2, 1, 0, 0, ""), 0.5);
  }
}
