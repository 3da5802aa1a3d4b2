package io.strata.sim.trace;

import io.strata.core.config.ConfigException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads SWIM's workload format: tab-separated, one job per line, no header: job id, submit time (s), gap to the
 * previous submit (s), map input bytes, shuffle bytes, reduce output bytes, and in SWIM's {@code withInputPaths}
 * files an input path and an (always empty) output path.
 *
 * <p>A line is skipped, counted and named in {@link #problems()} when it has fewer than six fields, a number
 * that is not a non-negative integer, or a submit time before the previous job's (the simulator replays in order).
 */
public final class SwimTraceReader implements TraceReader {
  /** How many skipped lines are kept by name; the rest are only counted. */
  static final int PROBLEMS_KEPT = 20;

  private final String source;
  private final BufferedReader in;
  private final List<String> problems = new ArrayList<>();
  private long lineNumber;
  private long skipped;
  private double lastSubmit = Double.NEGATIVE_INFINITY;

  public SwimTraceReader(String source, BufferedReader in) {
    this.source = source;
    this.in = in;
  }

  @Override
  public TraceJob next() {
    String line;
    try {
      while ((line = in.readLine()) != null) {
        lineNumber++;
        if (line.isBlank()) {
          continue;
        }
        TraceJob job = parse(line);
        if (job != null) {
          lastSubmit = job.submitSeconds();
          return job;
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(source + ":" + lineNumber + ": cannot read: " + e.getMessage(), e);
    }
    return null;
  }

  private TraceJob parse(String line) {
    String[] fields = line.split("\t", -1);
    if (fields.length < 6) {
      return skip("expected at least 6 tab-separated fields (id, submit s, gap s, input, shuffle, output bytes), got "
          + fields.length);
    }
    String id = fields[0].trim();
    if (id.isEmpty()) {
      return skip("empty job id");
    }
    String[] names = {"submit time", "map input bytes", "shuffle bytes", "reduce output bytes"};
    int[] columns = {1, 3, 4, 5};
    long[] values = new long[columns.length];
    for (int i = 0; i < columns.length; i++) {
      values[i] = nonNegative(fields[columns[i]]);
      if (values[i] < 0) {
        return skip(names[i] + " '" + fields[columns[i]] + "' (column " + (columns[i] + 1)
            + ") is not a non-negative integer");
      }
    }
    if (values[0] < lastSubmit) {
      return skip("submit time " + values[0] + " s is before the previous job's " + (long) lastSubmit + " s");
    }
    String path = fields.length > 6 && !fields[6].isBlank() ? fields[6].trim() : null;
    return new TraceJob(id, lineNumber, values[0], values[1], values[2], values[3], path);
  }

  /** The field as a non-negative integer, or -1 when it is not one. */
  private static long nonNegative(String field) {
    try {
      return Math.max(-1, Long.parseLong(field.trim()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private TraceJob skip(String why) {
    skipped++;
    if (problems.size() < PROBLEMS_KEPT) {
      problems.add(source + ":" + lineNumber + ": " + why);
    }
    return null;
  }

  @Override
  public long skipped() {
    return skipped;
  }

  @Override
  public List<String> problems() {
    return List.copyOf(problems);
  }

  @Override
  public String source() {
    return source;
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Refuses a trace in which no line could be read, naming the first problems. */
  public static ConfigException noJobs(TraceReader reader) {
    return new ConfigException(reader.source() + ": no job could be read"
        + (reader.problems().isEmpty() ? " (the trace is empty)" : "; first problems:\n  "
            + String.join("\n  ", reader.problems())));
  }
}
