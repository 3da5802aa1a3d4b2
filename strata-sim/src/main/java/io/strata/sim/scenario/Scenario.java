package io.strata.sim.scenario;

import io.strata.sim.engine.SimConfig;
import java.util.List;

/** A named experiment from one of the papers: which runs to make and which numbers to compare. */
public interface Scenario {
  String name();

  /** One line: what the scenario reproduces. */
  String description();

  /** The runs, in groups; the first run of each group is the baseline the group is normalized to. */
  List<RunGroup> groups(Options options);

  /** The numbers its table and chart compare, normalized to each group's baseline. */
  List<Metric> metrics();

  /** What a reader must know about the results (assumptions, what is not there yet). */
  List<String> notes();

  /** The cluster spec text the scenario runs on (YAML, the format of {@code strata spec}). */
  String specText();

  /** Charts across groups, drawn besides the one chart per group; none unless a scenario sweeps a parameter. */
  default List<SweepChart> sweeps() {
    return List.of();
  }

  /**
   * @param seed     seed of every run
   * @param jobLimit replay only the first N jobs of the trace (0: all), for quick looks and tests
   */
  record Options(long seed, long jobLimit) {
    public static Options defaults() {
      return new Options(42, 0);
    }
  }

  /** Runs compared with each other; the first is the baseline. */
  record RunGroup(String title, List<SimConfig> runs) {
    public RunGroup {
      if (runs.isEmpty()) {
        throw new IllegalArgumentException("a group needs a run");
      }
      runs = List.copyOf(runs);
    }
  }
}
