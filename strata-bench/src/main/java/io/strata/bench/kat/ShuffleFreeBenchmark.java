package io.strata.bench.kat;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.commons.io.FileUtils;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.format.OutputFormatFactory;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;

/**
 * Runs {@link ShuffleFreeJmh} and prints each map task's CPU per word side by side: the time beyond WordCount's
 * mapper alone is the aggregation's own cost, compared with the first (cloned, sorted-map) aggregation's.
 */
public final class ShuffleFreeBenchmark {
  private ShuffleFreeBenchmark() {}

  public static void run(boolean quick, PrintStream out, PrintStream log) throws Exception {
    Path cpuDir = Files.createTempDirectory("strata-bench-kat-cpu");
    try {
      run(quick, cpuDir, out, log);
    } finally {
      FileUtils.deleteQuietly(cpuDir.toFile());
    }
  }

  private static void run(boolean quick, Path cpuDir, PrintStream out, PrintStream log) throws Exception {
    Options options = new OptionsBuilder()
        .include("^" + Pattern.quote(ShuffleFreeJmh.class.getName()) + "\\.")
        .forks(1)
        .warmupIterations(quick ? 1 : 2).warmupTime(TimeValue.seconds(2))
        .measurementIterations(quick ? 2 : 4).measurementTime(TimeValue.seconds(2))
        .threads(1)
        .shouldFailOnError(true)
        .jvmArgsAppend("-Xmx1g", "-D" + ShuffleFreeJmh.CPU_REPORT_DIR + "=" + cpuDir.toAbsolutePath())
        .build();
    Map<String, RunResult> results = new LinkedHashMap<>();
    for (RunResult result : new Runner(options, OutputFormatFactory.createFormatInstance(log, VerboseMode.NORMAL))
        .run()) {
      String name = result.getParams().getBenchmark();
      results.put(name.substring(name.lastIndexOf('.') + 1), result);
    }
    double floor = score(results, "wordCountMapperAlone");
    double baseline = score(results, "clonedTreeMap") - floor;
    double cpuFloor = cpuPerWord(cpuDir, "wordCountMapperAlone");
    double cpuBaseline = cpuPerWord(cpuDir, "clonedTreeMap") - cpuFloor;
    out.printf("Shuffle-free map task, WordCount over %,d Zipf words in memory (JMH, one thread; ns per word):%n",
        ShuffleFreeJmh.TOKENS);
    out.printf("  %-24s %9s %8s %11s %9s %11s %9s%n", "", "wall", "+-", "aggregation", "ratio", "CPU", "ratio");
    for (String name : new String[] {"wordCountMapperAlone", "clonedTreeMap", "serializedTable",
        "serializedTableSpilling"}) {
      RunResult result = results.get(name);
      double score = result.getPrimaryResult().getScore();
      double cpu = cpuPerWord(cpuDir, name);
      boolean floorRow = name.equals("wordCountMapperAlone");
      out.printf("  %-24s %9.1f %8.1f %11s %9s %11.1f %9s%n", name, score, result.getPrimaryResult().getScoreError(),
          floorRow ? "-" : String.format("%.1f", score - floor),
          floorRow ? "-" : String.format("%.2fx", (score - floor) / baseline), cpu,
          floorRow ? "-" : String.format("%.2fx", (cpu - cpuFloor) / cpuBaseline));
    }
    out.println("(aggregation: wall ns/word beyond the mapper alone; ratio: that over the cloned map's; CPU: the"
        + " JMH JVM's CPU ns/word, GC and JIT included, and its ratio likewise beyond the mapper)");
  }

  /** CPU nanoseconds per word a benchmark's fork used over its measurement iterations. */
  private static double cpuPerWord(Path cpuDir, String name) throws java.io.IOException {
    String[] opsAndNanos = Files.readString(cpuDir.resolve(name + ".cpu")).trim().split(" ");
    return Double.parseDouble(opsAndNanos[1]) / (Double.parseDouble(opsAndNanos[0]) * ShuffleFreeJmh.TOKENS);
  }

  private static double score(Map<String, RunResult> results, String name) {
    RunResult result = results.get(name);
    if (result == null) {
      throw new IllegalStateException("JMH gave no result for " + name);
    }
    return result.getPrimaryResult().getScore();
  }
}
