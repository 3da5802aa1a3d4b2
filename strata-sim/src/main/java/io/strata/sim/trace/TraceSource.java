package io.strata.sim.trace;

import io.strata.core.config.ConfigException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;

/**
 * A trace to replay: one of the SWIM traces shipped in this module (by name) or a SWIM-format file.
 *
 * @param name           a shipped trace's name, or the file's path
 * @param tracedNodes    nodes of the cluster the trace was recorded on, 0 when unknown; the simulator scales
 *                       bytes by {@code simulated nodes / traced nodes}, as SWIM's replay scripts do
 * @param opener         opens a fresh reader of SWIM text, so several runs can replay the same trace
 * @param readers        opens a fresh reader of jobs from another source (an audit log), or null for SWIM text
 * @param knownJobs      the number of jobs when the source already knows it, else -1 (counted by reading)
 */
public record TraceSource(String name, int tracedNodes, Supplier<BufferedReader> opener,
    Supplier<TraceReader> readers, long knownJobs) {

  /** A trace of SWIM text. */
  public TraceSource(String name, int tracedNodes, Supplier<BufferedReader> opener) {
    this(name, tracedNodes, opener, null, -1);
  }

  /**
   * A trace whose {@code jobs} jobs come from another source than SWIM text (whatif's audit log); its bytes are not
   * scaled.
   */
  public static TraceSource ofReaders(String name, Supplier<TraceReader> readers, long jobs) {
    return new TraceSource(name, 0, null, readers, jobs);
  }

  /** A shipped trace. */
  public record Shipped(String name, String file, int tracedNodes, String description) {}

  /** The shipped traces (resources under {@code io/strata/sim/traces/}, with LICENSE.SWIM). */
  public static final List<Shipped> SHIPPED = List.of(
      new Shipped("fb2010", "FB-2010_samples_24_times_1hr_0.tsv", 3000,
          "Facebook 2010, one synthetic day, 24,442 jobs, 3,000-node cluster"),
      new Shipped("fb2010-paths", "FB-2010_samples_24_times_1hr_withInputPaths_0.tsv", 3000,
          "Facebook 2010 with anonymized input paths, 25,428 jobs"),
      new Shipped("fb2009", "FB-2009_samples_24_times_1hr_0.tsv", 600,
          "Facebook 2009, one synthetic day, 5,894 jobs, 600-node cluster"),
      new Shipped("fb2009-50", "FB-2009_samples_24_times_1hr_0_first50jobs.tsv", 600,
          "the first 50 jobs of fb2009 (smoke tests)"));

  /** A shipped trace by name, or a SWIM-format file by path; anything else is refused with the known names. */
  public static TraceSource of(String nameOrFile) {
    for (Shipped shipped : SHIPPED) {
      if (shipped.name().equals(nameOrFile)) {
        String resource = "io/strata/sim/traces/" + shipped.file();
        return new TraceSource(shipped.name(), shipped.tracedNodes(), () -> {
          InputStream in = TraceSource.class.getClassLoader().getResourceAsStream(resource);
          if (in == null) {
            throw new IllegalStateException("missing resource " + resource);
          }
          return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        });
      }
    }
    Path file = Path.of(nameOrFile);
    if (!Files.isRegularFile(file)) {
      throw new ConfigException("trace '" + nameOrFile + "': no such file and not a shipped trace (shipped: "
          + String.join(", ", SHIPPED.stream().map(Shipped::name).toList()) + ")");
    }
    return new TraceSource(nameOrFile, 0, () -> {
      try {
        return Files.newBufferedReader(file, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(nameOrFile + ": cannot read: " + e.getMessage(), e);
      }
    });
  }

  /** A trace given as text (tests, generated scenarios). */
  public static TraceSource ofText(String name, String tsv) {
    return new TraceSource(name, 0, () -> new BufferedReader(new StringReader(tsv)));
  }

  public TraceReader open() {
    return readers != null ? readers.get() : new SwimTraceReader(name, opener.get());
  }

  /** Jobs in the trace (known, or one quick pass), for progress bars. */
  public long countJobs() {
    if (knownJobs >= 0) {
      return knownJobs;
    }
    try (TraceReader reader = open()) {
      long jobs = 0;
      while (reader.next() != null) {
        jobs++;
      }
      return jobs;
    }
  }
}
