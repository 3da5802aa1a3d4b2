package io.strata.bench.kat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.embedded.yarn.TaskHosts;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class KatReportTest {
  @Test
  void theDropInRowSaysHowManyReducesRanOnTheirOwnerAndTheOtherModesHaveNone() {
    List<String> owners = List.of("k1", "k2", "k3", "k4");
    TaskHosts dropIn = new TaskHosts(List.of("k1", "k1", "k2", "k3"), List.of("k2", "k2", "k4", "k4"));
    int onOwner = dropIn.reducesOn(owners);
    assertEquals(2, onOwner, "reduces 1 (k2) and 3 (k4) ran on their owners");

    KatBenchmark.Settings settings = new KatBenchmark.Settings(4, 1 << 20, 100, 1.0, List.of(10L), Path.of("x"),
        Path.of("plugin.jar"), List.of());
    List<KatBenchmark.JobRun> runs = List.of(
        new KatBenchmark.JobRun(10, "wordcount", "native", 100, 4, 4, 4, -1, 800, 800, 1000, true),
        new KatBenchmark.JobRun(10, "wordcount", "drop-in", 125, 4, 3, 4, onOwner, 300, 300, 900, true),
        new KatBenchmark.JobRun(10, "wordcount", "shuffle-free", 40, 4, 4, 0, -1, 0, 0, 250, true));
    KatBenchmark.Result result = new KatBenchmark.Result(settings, 1 << 20, 2.0, 8.0, 1.0, runs);
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    KatReport.print(result, new PrintStream(printed, true, StandardCharsets.UTF_8));
    List<String> lines = List.of(printed.toString(StandardCharsets.UTF_8).split("\n"));

    List<String> header = columns(lines.get(2));
    int onOwnerColumn = header.indexOf("on_owner");
    assertTrue(onOwnerColumn > 0, lines.get(2));
    assertEquals(List.of("-", "2/4", "-"), lines.subList(3, 6).stream()
        .map(line -> columns(line).get(onOwnerColumn)).toList());
    List<String> dropInRow = columns(lines.get(4));
    assertEquals("1.250", dropInRow.get(header.indexOf("x_native")));
    assertEquals("never", dropInRow.get(header.indexOf("payback_runs")), "slower than native never pays back");
    assertEquals("0.1", columns(lines.get(5)).get(header.indexOf("payback_runs")),
        "6 s of extra ingest over 60 s saved per run");
  }

  @Test
  void reducesWithoutAReportedHostOrBeyondTheOwnersAreNotOnTheirOwner() {
    TaskHosts hosts = new TaskHosts(List.of(), Arrays.asList("k1", null, "k3"));
    assertEquals(1, hosts.reducesOn(List.of("k1", "k2")));
  }

  private static List<String> columns(String line) {
    return List.of(line.trim().split("\\s+"));
  }
}
