package io.strata.cli.bench;

import io.strata.bench.suite.ResultsPage;
import io.strata.cli.shared.ExitCodes;
import io.strata.core.config.ConfigException;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.commons.io.FileUtils;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code strata bench suite}: the declared set of benches, one JSON result each, and results.md's tables from them. */
@Command(name = "suite", mixinStandardHelpOptions = true,
    description = {"Run the declared set of benches, keep one JSON result each, and rebuild results.md's tables.",
        "Each bench runs in its own JVM, one after the other; its result goes to DIR/results/NAME.json (bench,",
        "command line, date, commit, rounds, each configuration's median (min-max), CPU busy share and cpu-bound",
        "flag, declared configuration, targets and verdicts) and what it printed to DIR/results/NAME.txt. Then the",
        "tables of DIR/results.md between <!-- suite:NAME --> and <!-- /suite:NAME --> are rebuilt from every JSON",
        "there; the prose around them is kept.",
        "Benches: tier-move (against hdfs mover and the satisfier), retrieval (read orders, in-process),",
        "hadoop-hats (TestDFSIO, TeraGen, Grep, WordCount), hadoop-hdfsh (TeraSort by share on SSD); about 90",
        "minutes here, --quick about 15.",
        "A bench that fails keeps its previous result; the exit code is then 1.",
        "Run from the root of a checkout: the results name its commit."})
final class BenchSuiteCommand implements Callable<Integer> {
  // The child JVMs run the same top command this one hangs under, found through picocli, not named here.
  @Spec
  CommandSpec spec;

  @Option(names = "--quick", description = "smaller sizes and fewer configurations, still 3 rounds (about 15 min)")
  boolean quick;

  @Option(names = "--only", paramLabel = "NAME,NAME", split = ",",
      description = "run only these benches (default: all of tier-move, retrieval, hadoop-hats, "
          + "hadoop-hdfsh)")
  List<String> only;

  @Option(names = "--docs", paramLabel = "DIR", defaultValue = "docs",
      description = "where results.md and results/ are (default: ${DEFAULT-VALUE})")
  Path docs;

  @Option(names = "--no-run", description = "run nothing: only rebuild results.md's tables from DIR/results/*.json")
  boolean noRun;

  @Override
  public Integer call() throws Exception {
    Path page = docs.resolve("results.md");
    if (!Files.isRegularFile(page)) {
      throw new ConfigException("--docs " + docs + ": no results.md there; run from the root of a Strata checkout or "
          + "give --docs");
    }
    List<SuitePlan.Bench> benches = selected();
    Path results = docs.resolve(ResultsPage.RESULTS_DIR);
    boolean allRan = true;
    if (!noRun) {
      Path scratch = Files.createTempDirectory("strata-bench-suite");
      try {
        List<String> ran = new ArrayList<>();
        for (SuitePlan.Bench bench : benches) {
          if (run(bench, scratch)) {
            ran.add(bench.name());
          } else {
            allRan = false;
          }
        }
        // Moved in only now: a result written mid-suite would mark the next bench's commit dirty.
        Files.createDirectories(results);
        for (String name : ran) {
          for (String suffix : List.of(".json", ".txt")) {
            Files.move(scratch.resolve(name + suffix), results.resolve(name + suffix),
                StandardCopyOption.REPLACE_EXISTING);
          }
        }
      } finally {
        FileUtils.deleteQuietly(scratch.toFile());
      }
    }
    String text = Files.readString(page, StandardCharsets.UTF_8);
    try {
      Files.writeString(page, ResultsPage.regenerate(text, ResultsPage.load(results)), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new ConfigException(page + ": " + e.getMessage(), e);
    }
    System.out.println("regenerated " + page + " from " + results);
    return allRan ? 0 : ExitCodes.FAILED;
  }

  private List<SuitePlan.Bench> selected() {
    if (only == null) {
      return SuitePlan.BENCHES;
    }
    for (String name : only) {
      if (!SuitePlan.names().contains(name)) {
        throw new ConfigException("--only: unknown bench '" + name + "' (known: " + String.join(", ",
            SuitePlan.names()) + ")");
      }
    }
    return SuitePlan.BENCHES.stream().filter(b -> only.contains(b.name())).toList();
  }

  /** Runs one bench in a JVM of its own (a fresh cluster, its own CPU window); true when it succeeded. */
  private boolean run(SuitePlan.Bench bench, Path scratch) throws IOException, InterruptedException {
    List<String> args = bench.args(quick);
    Path output = scratch.resolve(bench.name() + ".txt");
    try (OutputStream out = Files.newOutputStream(output)) {
      out.write(("$ strata " + String.join(" ", args) + "\n").getBytes(StandardCharsets.UTF_8));
    }
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin",
        "java").toString()));
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"),
        spec.root().userObject().getClass().getName()));
    command.addAll(args);
    command.addAll(List.of(ResultJsonOption.OPTION, scratch.resolve(bench.name() + ".json").toString()));
    System.err.printf("suite: %s: strata %s%n", bench.name(), String.join(" ", args));
    long start = System.nanoTime();
    Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.appendTo(output.toFile()))
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    int exit = process.waitFor();
    double minutes = (System.nanoTime() - start) / 60e9;
    if (exit != 0 || !Files.isRegularFile(scratch.resolve(bench.name() + ".json"))) {
      System.err.printf("suite: %s FAILED (exit %d after %.1f min); its previous result is kept%n", bench.name(),
          exit, minutes);
      return false;
    }
    System.err.printf("suite: %s done in %.1f min%n", bench.name(), minutes);
    return true;
  }
}
