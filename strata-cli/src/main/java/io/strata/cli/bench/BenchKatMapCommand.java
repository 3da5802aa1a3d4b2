package io.strata.cli.bench;

import io.strata.bench.kat.ShuffleFreeBenchmark;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code strata bench kat-map}: CPU of KAT's shuffle-free map task per word, side by side (JMH). */
@Command(name = "kat-map", mixinStandardHelpOptions = true,
    description = {"CPU per word of KAT's shuffle-free map task, Hadoop's WordCount unchanged over one partition of "
        + "Zipf words in memory (JMH, one thread): the mapper alone, the first aggregation (cloned Writables in a "
        + "sorted map), and the serialized table, fitting its buffer and spilling. About 2 minutes; see "
        + "docs/kat.md."})
final class BenchKatMapCommand implements Callable<Integer> {
  @Option(names = "--quick", description = "shorter JMH runs (a smoke run, wide error bars)")
  boolean quick;

  @Override
  public Integer call() throws Exception {
    ShuffleFreeBenchmark.run(quick, System.out, System.err);
    return 0;
  }
}
