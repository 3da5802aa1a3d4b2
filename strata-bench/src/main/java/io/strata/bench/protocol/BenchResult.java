package io.strata.bench.protocol;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * One bench run, machine-readable: what ran (command line, date, commit), how often, how busy the CPUs were, every
 * configuration's spread and every target's verdict. {@code strata bench suite} keeps one per bench under
 * docs/results/ and builds the tables of docs/results.md from them.
 *
 * @param bench        the bench's name, e.g. {@code tier-move}
 * @param commandLine  the command that produced it, e.g. {@code strata bench tier-move --size 128MiB}
 * @param date         when the run started, ISO-8601 UTC
 * @param gitCommit    the commit of the code that ran ({@code -dirty} with uncommitted changes), or {@code unknown}
 * @param rounds       rounds of every configuration
 * @param loadAverage  the machine's one-minute load average at the start and at the end (other work on it)
 * @param cpuBusyShare the CPUs' busy share over the whole run ({@link CpuBusy}); NaN when unknown
 * @param cpuBound     whether the whole run or any of its measurements was cpu-bound
 * @param declared     the configuration the bench's targets are judged on, or empty when it has none
 * @param rows         per configuration and measure, the spread over rounds
 * @param targets      the declared targets and their verdicts
 */
public record BenchResult(String bench, String commandLine, String date, String gitCommit, int rounds,
    List<Double> loadAverage, double cpuBusyShare, boolean cpuBound, String declared, List<Row> rows,
    List<Target> targets) {

  /**
   * One configuration's measure over the rounds.
   *
   * @param measure       what is measured, e.g. {@code TestDFSIO read, throughput ratio to network + network}
   * @param configuration the configuration, e.g. {@code tier-aware + adaptive}
   * @param unit          the value's unit, e.g. {@code x}, {@code s}, {@code MB/s}, {@code %}
   * @param cpuBound      whether one of its rounds was cpu-bound
   */
  public record Row(String measure, String configuration, String unit, double median, double min, double max,
      int rounds, boolean cpuBound) {
    /** The row of {@code values}, one per round. */
    public static Row of(String measure, String configuration, String unit, List<Double> values, boolean cpuBound) {
      Spread spread = Spread.of(values);
      return new Row(measure, configuration, unit, spread.median(), spread.min(), spread.max(), spread.rounds(),
          cpuBound);
    }
  }

  /**
   * A target judged on the declared configuration ({@link DeclaredTarget}).
   *
   * @param threshold the bound the worst round must reach, e.g. {@code >= 1.40x}
   * @param worst     the declared configuration's worst round; NaN when it did not run
   * @param verdict   {@link DeclaredTarget.Verdict}'s text: met, MISSED, not judged: ...
   * @param met       true only for a met target
   */
  public record Target(String what, String declared, String baseline, String threshold, double worst, double median,
      int rounds, String verdict, boolean met) {}

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public BenchResult {
    rows = List.copyOf(rows);
    targets = List.copyOf(targets);
    loadAverage = List.copyOf(loadAverage);
  }

  /** Writes the result as indented JSON. */
  public void write(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    JSON.writeValue(file.toFile(), this);
  }

  /**
   * Reads a result written by {@link #write}.
   *
   * @throws IOException when the file cannot be read or is not such a result (the message names the file)
   */
  public static BenchResult read(Path file) throws IOException {
    try {
      return JSON.readValue(file.toFile(), BenchResult.class);
    } catch (IOException e) {
      throw new IOException(file + ": not a bench result: " + e.getMessage(), e);
    }
  }
}
