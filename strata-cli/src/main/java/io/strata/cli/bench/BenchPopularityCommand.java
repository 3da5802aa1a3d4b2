package io.strata.cli.bench;

import io.strata.bench.popularity.PopularityBenchmark;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench popularity}: audit-log parsing and popularity update rate, and state per file. */
@Command(name = "popularity", mixinStandardHelpOptions = true,
    description = {"Audit-log parsing and AptStore popularity update, lines per second on one thread (JMH),",
        "and the bytes of popularity state per tracked file."})
final class BenchPopularityCommand implements Callable<Integer> {
  @Option(names = "--quick", description = "shorter JMH runs and 1 million files instead of 10 million")
  boolean quick;

  @Override
  public Integer call() throws Exception {
    PopularityBenchmark.run(quick, System.out);
    return 0;
  }
}
