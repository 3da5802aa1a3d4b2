package io.strata.bench.iosplit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.bench.iosplit.IoSplitBenchmark.Run;
import io.strata.bench.protocol.BenchResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** io-split's rounds: the table shows each job and set-up's median round, the target is judged on the worst. */
class IoSplitReportTest {
  private static Run run(String split, String job, int round, double seconds, long ssdBytes, boolean cpuBound) {
    return new Run(job, split, seconds, Map.of("ssd", ssdBytes, "hdd", 0L), Map.of(), Map.of(), 0, 0, 0, round,
        cpuBound);
  }

  /** ssd-only takes 100 s and writes 1000 bytes to SSD each round; the thesis's split as given per round. */
  private static List<Run> rounds(double[] thesisSeconds, long[] thesisSsd, int cpuBoundRound) {
    List<Run> runs = new ArrayList<>();
    for (int round = 0; round < thesisSeconds.length; round++) {
      runs.add(run("ssd-only", "terasort", round, 100, 1000, false));
      runs.add(run("ssd-only", "grep", round, 10, 10, false));
      runs.add(run("thesis", "terasort", round, thesisSeconds[round], thesisSsd[round], round == cpuBoundRound));
      runs.add(run("thesis", "grep", round, 9, 5, false));
    }
    return runs;
  }

  @Test
  void theTableShowsTheMedianRoundInTheGivenOrder() {
    List<Run> medians = IoSplitReport.medians(rounds(new double[] {101, 99, 110}, new long[] {300, 350, 380}, -1));
    assertEquals(List.of("ssd-only/terasort", "ssd-only/grep", "thesis/terasort", "thesis/grep"),
        medians.stream().map(r -> r.split() + "/" + r.job()).toList());
    assertEquals(101, medians.get(2).seconds(), "the middle of 99, 101 and 110 s");
  }

  @Test
  void theTargetIsJudgedOnTheWorstRound() {
    List<Run> runs = rounds(new double[] {101, 99, 110}, new long[] {300, 350, 380}, -1);
    List<BenchResult.Target> targets = IoSplitReport.targets(runs, "ssd");
    assertEquals("MISSED", targets.get(0).verdict(), "the median 1.01x is within 5%, the worst 1.10x is not");
    assertEquals(1.10, targets.get(0).worst(), 1e-9);
    assertEquals("met", targets.get(1).verdict(), "every round writes at least 60% fewer bytes to SSD");
    assertEquals(0.38, targets.get(1).worst(), 1e-9);
    List<String> lines = IoSplitReport.verdicts(runs, "ssd");
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("target: TeraSort job time: thesis (declared) vs ssd-only")
        && l.endsWith("MISSED")), lines.toString());
  }

  @Test
  void aCpuBoundRoundOrTooFewRoundsAreNotJudged() {
    List<BenchResult.Target> cpuBound = IoSplitReport.targets(rounds(new double[] {100, 100, 100},
        new long[] {300, 300, 300}, 1), "ssd");
    assertEquals("not judged: cpu-bound", cpuBound.get(0).verdict());
    List<BenchResult.Target> two = IoSplitReport.targets(rounds(new double[] {100, 100}, new long[] {300, 300}, -1),
        "ssd");
    assertEquals("not judged: fewer than 3 rounds", two.get(1).verdict());
  }

  @Test
  void rowsCarryEveryRoundsRatioToTheBaseline() {
    List<BenchResult.Row> rows = IoSplitReport.rows(rounds(new double[] {101, 99, 110}, new long[] {300, 350, 380},
        -1), "ssd");
    BenchResult.Row thesisTime = rows.stream().filter(r -> r.configuration().equals("thesis")
        && r.measure().equals("terasort time, ratio to ssd-only")).findFirst().orElseThrow();
    assertEquals(1.01, thesisTime.median(), 1e-9);
    assertEquals(0.99, thesisTime.min(), 1e-9);
    assertEquals(1.10, thesisTime.max(), 1e-9);
    assertEquals(3, thesisTime.rounds());
  }
}
