package io.strata.bench.hadoop;

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
        sort("20/80", 3, 60), sort("HD", 0, 100), sort("50/50", 2, 80));
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hdfsh", runs, 1);
    List<HadoopBenchReport.Summary> sorts = report.of("terasort 32MiB");
    assertEquals(List.of("HD", "50/50", "20/80"), sorts.stream().map(HadoopBenchReport.Summary::config).toList());
    assertEquals(1.0, sorts.get(0).ratio(), 1e-9);
    assertEquals(100.0 / 60, sorts.get(2).ratio(), 1e-9);
    assertEquals(40.0, sorts.get(2).fasterPercent(), 1e-9);
    assertTrue(report.targets().get(0).startsWith("terasort 32MiB: 20/80 40.0% faster than HD (target >= 30%): met;"
        + " steps in between: yes"), report.targets().toString());
  }

  @Test
  void testDfsioIsComparedByItsThroughputAndTheHatsTargetsNameTheBestAndWorst() {
    HadoopBenchSettings settings = HadoopBenchSettings.of(HadoopBenchSettings.HATS);
    List<Measurement> runs = List.of(
        new Measurement(HadoopJobs.DFSIO_READ, "network + network", 0, "network + network", 0,
            new JobRun(HadoopJobs.DFSIO_READ, 30, 4, 2, 10, 11, 0, "")),
        new Measurement(HadoopJobs.DFSIO_READ, "hybrid + hybrid", 11, "network + network", 0,
            new JobRun(HadoopJobs.DFSIO_READ, 40, 4, 2, 15, 16, 0, "")),
        new Measurement(HadoopJobs.GREP, "network", 0, "network", 0,
            new JobRun(HadoopJobs.GREP, 20, 4, 4, 0, 0, 9, "d")),
        new Measurement(HadoopJobs.GREP, "hybrid", 2, "network", 0,
            new JobRun(HadoopJobs.GREP, 21, 4, 4, 0, 0, 9, "d")));
    HadoopBenchReport.SsdShare network = new HadoopBenchReport.SsdShare("network", 0, 3, 8, 3, 24);
    HadoopBenchReport.SsdShare hybrid = new HadoopBenchReport.SsdShare("hybrid", 1, 4, 4, 6, 12)
        .plus(new HadoopBenchReport.SsdShare("hybrid", 0, 4, 4, 5, 12));
    HadoopBenchReport report = new HadoopBenchReport(settings, "in-process", "hats", runs, 1,
        List.of(network, hybrid));
    assertEquals(1.5, report.of(HadoopJobs.DFSIO_READ).get(1).ratio(), 1e-9);
    assertEquals(List.of(
        "TestDFSIO read, 4 maps: best hybrid + hybrid at 1.500x network + network (target >= 1.40x): met",
        "grep: slowest hybrid at 105.0% of network's time (target <= 103%): MISSED"), report.targets());
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    report.print(new PrintStream(printed, true, StandardCharsets.UTF_8));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("Outputs checked: Grep's output identical under every retrieval policy.\n"),
        "only the checks of the jobs that ran: " + text);
    assertTrue(text.contains("TestDFSIO's files on SSD, by placement: network 3 of 24 replicas, 3 of 8 blocks with "
        + "one; hybrid 11 of 24 replicas, 8 of 8 blocks with one\n"), text);
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

  private static Measurement sort(String config, int rank, double seconds) {
    return new Measurement("terasort 32MiB", config, rank, "HD", 0,
        new JobRun(HadoopJobs.TERASORT, seconds, 4, 2, 1, 0, 0, ""));
  }
}
