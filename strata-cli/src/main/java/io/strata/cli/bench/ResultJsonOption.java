package io.strata.cli.bench;

import io.strata.bench.protocol.BenchResult;
import io.strata.bench.protocol.CpuBusy;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --result-json FILE}, shared by the benches: the run's machine-readable result ({@link BenchResult}) beside
 * the tables it prints, with what every result carries (command line, date, commit, CPU busy share, load average)
 * filled in here rather than by each bench.
 */
final class ResultJsonOption {
  static final String OPTION = "--result-json";

  @Spec(Spec.Target.MIXEE)
  CommandSpec bench;

  private Path file;
  private CpuBusy.Reading cpuAtStart;
  private double loadAtStart;
  private Instant started;
  private String commit;

  @Option(names = OPTION, paramLabel = "FILE", description = "also write the result as JSON to FILE: command line,"
      + " date, commit, rounds, each configuration's median (min-max), CPU busy share, targets (strata bench suite)")
  void file(Path file) {
    // The run's CPU window opens as the options are parsed, just before the bench starts.
    this.file = file;
    cpuAtStart = CpuBusy.read();
    loadAtStart = CpuBusy.loadAverage();
    started = Instant.now().truncatedTo(ChronoUnit.SECONDS);
    commit = gitCommit();
  }

  /**
   * Writes the result when {@code --result-json} was given; the whole run counts as cpu-bound when the CPUs were
   * above {@link CpuBusy#CPU_BOUND_SHARE} busy over it or any row was.
   */
  void write(int rounds, String declared, List<BenchResult.Row> rows, List<BenchResult.Target> targets)
      throws IOException {
    if (file == null) {
      return;
    }
    double busy = CpuBusy.read().busyShareSince(cpuAtStart);
    boolean cpuBound = CpuBusy.isCpuBound(busy) || rows.stream().anyMatch(BenchResult.Row::cpuBound);
    new BenchResult(bench.name(), commandLine(bench.commandLine().getParseResult().originalArgs()), started.toString(),
        commit, rounds,
        List.of(loadAtStart, CpuBusy.loadAverage()), busy, cpuBound, declared, rows, targets).write(file);
    System.err.println("result: " + file);
  }

  /** The command as typed, without this option (its file is where the result went, not how it was made). */
  static String commandLine(List<String> typed) {
    List<String> args = new ArrayList<>(List.of("strata"));
    for (int i = 0; i < typed.size(); i++) {
      if (typed.get(i).equals(OPTION)) {
        i++;
      } else if (!typed.get(i).startsWith(OPTION + "=")) {
        args.add(typed.get(i));
      }
    }
    return String.join(" ", args);
  }

  /**
   * The checkout's commit as the run starts, {@code -dirty} with uncommitted changes to tracked files; {@code unknown}
   * outside git.
   */
  private static String gitCommit() {
    String commit = git("rev-parse", "--short=12", "HEAD");
    if (commit.isEmpty()) {
      return "unknown";
    }
    return git("status", "--porcelain", "--untracked-files=no").isEmpty() ? commit : commit + "-dirty";
  }

  private static String git(String... args) {
    List<String> command = new ArrayList<>(List.of("git"));
    command.addAll(List.of(args));
    try {
      Process git = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
      try (InputStream out = git.getInputStream()) {
        String text = new String(out.readAllBytes(), StandardCharsets.UTF_8).trim();
        return git.waitFor() == 0 ? text : "";
      }
    } catch (IOException e) {
      return "";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "";
    }
  }
}
