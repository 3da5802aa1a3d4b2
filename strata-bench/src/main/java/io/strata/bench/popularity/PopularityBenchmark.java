package io.strata.bench.popularity;

import io.strata.core.popularity.PathHash;
import io.strata.core.popularity.PopularityPredictor;
import io.strata.core.popularity.PpaSettings;
import java.io.PrintStream;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/** Runs the audit-log JMH benchmark and measures the popularity state per tracked file. */
public final class PopularityBenchmark {
  private PopularityBenchmark() {}

  public static void run(boolean quick, PrintStream out) throws Exception {
    Options options = new OptionsBuilder()
        .include(AuditLogJmh.class.getName())
        .forks(1)
        .warmupIterations(quick ? 1 : 2).warmupTime(TimeValue.seconds(quick ? 1 : 3))
        .measurementIterations(quick ? 2 : 5).measurementTime(TimeValue.seconds(quick ? 1 : 3))
        .threads(1)
        .jvmArgsAppend("-Xmx2g")
        .build();
    out.println("Audit-log throughput on one thread (JMH; target >= 1,000,000 lines/s):");
    for (RunResult result : new Runner(options).run()) {
      String name = result.getParams().getBenchmark();
      out.printf("  %-26s %,12.0f lines/s  (+- %,.0f)%n", name.substring(name.lastIndexOf('.') + 1),
          result.getPrimaryResult().getScore(), result.getPrimaryResult().getScoreError());
    }
    int files = quick ? 1_000_000 : 10_000_000;
    PopularityPredictor predictor = new PopularityPredictor(PpaSettings.defaults(), files);
    for (int i = 0; i < files; i++) {
      predictor.created(PathHash.of("/warehouse/events/part-" + i), 1, 0);
    }
    double perFile = predictor.stateBytes() / (double) predictor.files();
    out.printf("Popularity state: %,d files in %,d bytes of tables = %.1f bytes per file; 100 million files: %.1f GB%n",
        predictor.files(), predictor.stateBytes(), perFile, perFile * 100e6 / 1e9);
  }
}
