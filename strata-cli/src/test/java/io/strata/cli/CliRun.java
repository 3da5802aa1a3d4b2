package io.strata.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Runs the {@code strata} command in-process as a user would, capturing what one run printed on stdout and
 * stderr (each run starts with empty buffers).
 */
public final class CliRun {
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private final ByteArrayOutputStream err = new ByteArrayOutputStream();

  /** Runs {@code strata args...} and returns its exit code. */
  public int strata(String... args) {
    out.reset();
    err.reset();
    PrintStream oldOut = System.out;
    PrintStream oldErr = System.err;
    System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try {
      return StrataCli.execute(args);
    } finally {
      System.setOut(oldOut);
      System.setErr(oldErr);
    }
  }

  /** What the last run printed on stdout. */
  public String stdout() {
    return out.toString(StandardCharsets.UTF_8);
  }

  /** What the last run printed on stderr. */
  public String stderr() {
    return err.toString(StandardCharsets.UTF_8);
  }
}
