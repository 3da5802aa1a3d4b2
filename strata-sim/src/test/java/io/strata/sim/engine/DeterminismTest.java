package io.strata.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.strata.core.spec.Presets;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.report.JsonReport;
import io.strata.sim.trace.TraceSource;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Same seed, same numbers; another seed, other numbers. */
class DeterminismTest {
  private static SimConfig config(long seed, String placement, String retrieval) {
    return SimConfig.builder(Presets.load("hats"), TraceSource.of("fb2009"), placement, retrieval)
        .jobLimit(400).byteScale(9 / 600.0).seed(seed).build();
  }

  /** Every number of the result except how long the simulator itself took. */
  private static String numbers(SimResult result) {
    SimResult.Performance p = result.performance();
    SimResult timeless = new SimResult(result.run(), result.jobs(), result.mapTasks(), result.reduceTasks(),
        result.io(),
        result.network(), result.time(), result.storage(), result.energy(),
        new SimResult.Performance(0, p.flows(), p.peakFlows(), p.peakLiveBlocks(), p.liveBlocks()));
    return JsonReport.text(List.of(timeless));
  }

  @Test
  void theSameSeedGivesTheSameNumbersAndAnotherSeedOtherNumbers() {
    for (String[] pair : new String[][] {{"network", "network"}, {"hybrid", "adaptive"}, {"hybrid", "rate-aware"},
        {"tier-aware", "tier-weighted"}}) {
      String first = numbers(Simulator.run(config(7, pair[0], pair[1])));
      String again = numbers(Simulator.run(config(7, pair[0], pair[1])));
      String other = numbers(Simulator.run(config(8, pair[0], pair[1])));
      assertEquals(first, again, pair[0] + "/" + pair[1]);
      assertNotEquals(first.replace("\"seed\" : 7", ""), other.replace("\"seed\" : 8", ""), pair[0] + "/" + pair[1]);
    }
  }

  @Test
  void runningSeveralRunsAtOnceChangesNothing() {
    List<SimConfig> configs = List.of(config(3, "network", "network"), config(3, "hybrid", "hybrid"));
    List<SimResult> parallel = BatchRunner.run(configs, 2, false);
    for (int i = 0; i < configs.size(); i++) {
      assertEquals(numbers(Simulator.run(configs.get(i))), numbers(parallel.get(i)));
    }
  }
}
