package io.strata.sim.report;

import io.strata.sim.metrics.SimResult;
import java.util.List;

/** The results of one group of runs; the first is the baseline. */
public record GroupResults(String title, List<SimResult> results) {
  public GroupResults {
    results = List.copyOf(results);
  }

  public SimResult baseline() {
    return results.get(0);
  }
}
