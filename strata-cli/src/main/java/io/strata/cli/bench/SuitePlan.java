package io.strata.cli.bench;

import java.util.List;

/**
 * The benches {@code strata bench suite} runs, each under the name of its result (docs/results/NAME.json): the
 * declared set whose full sizes fit in about 90 minutes on the project's 2-core machine, and quick sizes that fit in
 * about 15. Quick runs keep 3 rounds and each target's declared configuration, so their verdicts are judged too.
 */
final class SuitePlan {
  /**
   * One bench of the suite.
   *
   * @param name  its result's name
   * @param full  the strata command's arguments at full size
   * @param quick the arguments for {@code --quick}
   */
  record Bench(String name, List<String> full, List<String> quick) {
    List<String> args(boolean quickRun) {
      return quickRun ? quick : full;
    }
  }

  /** In running order, cheapest first, so a quick look at the first results comes early. */
  static final List<Bench> BENCHES = List.of(
      new Bench("tier-move", List.of("bench", "tier-move", "--size", "128MiB", "--rounds", "3"),
          List.of("bench", "tier-move", "--size", "32MiB", "--rounds", "3")),
      new Bench("retrieval", List.of("bench", "retrieval", "--rounds", "24"),
          List.of("bench", "retrieval", "--size", "16MiB", "--rounds", "3")),
      new Bench("hadoop-hats", List.of("bench", "hadoop", "--preset", "hats", "--rounds", "3"),
          List.of("bench", "hadoop", "--preset", "hats", "--jobs", "testdfsio", "--placements", "network,tier-aware",
              "--retrievals", "network,adaptive", "--dfsio-size", "4MiB", "--rounds", "3")),
      new Bench("hadoop-hdfsh", List.of("bench", "hadoop", "--preset", "hdfsh", "--sort-sizes", "32MiB", "--rounds",
          "3"),
          List.of("bench", "hadoop", "--preset", "hdfsh", "--sort-sizes", "8MiB", "--ratios", "0,0.8",
              "--rounds", "3")));

  private SuitePlan() {}

  static List<String> names() {
    return BENCHES.stream().map(Bench::name).toList();
  }
}
