package io.strata.sim.trace;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SwimTraceReaderTest {
  private static List<TraceJob> readAll(TraceReader reader) {
    List<TraceJob> jobs = new ArrayList<>();
    for (TraceJob job = reader.next(); job != null; job = reader.next()) {
      jobs.add(job);
    }
    return jobs;
  }

  @Test
  void readsPlainAndInputPathLines() {
    String tsv = "job0\t9\t9\t1762\t0\t14347\n"
        + "job1\t18\t9\t970\t609\t697\n"
        + "job2\t18\t0\t20791551476\t12295202125\t1491950225\tinputPath2\t\t\n";
    try (TraceReader reader = TraceSource.ofText("t.tsv", tsv).open()) {
      List<TraceJob> jobs = readAll(reader);
      assertEquals(3, jobs.size());
      assertEquals(new TraceJob("job0", 1, 9, 1762, 0, 14347, null), jobs.get(0));
      assertEquals(new TraceJob("job2", 3, 18, 20791551476L, 12295202125L, 1491950225L, "inputPath2"), jobs.get(2));
      assertEquals(0, reader.skipped());
    }
  }

  @Test
  void malformedLinesAreSkippedCountedAndNamedByLine() {
    String tsv = "job0\t1\t1\t100\t0\t10\n"
        + "job1\t2\t1\t100\n" // too few fields
        + "job2\t3\t1\tlots\t0\t10\n" // not a number
        + "\n" // blank: ignored, not an error
        + "job3\t4\t1\t-5\t0\t10\n" // negative
        + "job4\t0\t0\t100\t0\t10\n" // before the previous job
        + "job5\t5\t1\t100\t7\t10\n";
    try (TraceReader reader = TraceSource.ofText("bad.tsv", tsv).open()) {
      List<TraceJob> jobs = readAll(reader);
      assertEquals(List.of("job0", "job5"), jobs.stream().map(TraceJob::id).toList());
      assertEquals(7, jobs.get(1).line());
      assertEquals(4, reader.skipped());
      List<String> problems = reader.problems();
      assertTrue(problems.get(0).startsWith("bad.tsv:2: expected at least 6"), problems.get(0));
      assertTrue(problems.get(1).startsWith("bad.tsv:3: map input bytes 'lots' (column 4)"), problems.get(1));
      assertTrue(problems.get(2).startsWith("bad.tsv:5: map input bytes '-5'"), problems.get(2));
      assertTrue(problems.get(3).startsWith("bad.tsv:6: submit time 0 s is before the previous job's 1 s"),
          problems.get(3));
    }
  }

  @Test
  void onlyTheFirstProblemsAreKeptButAllAreCounted() {
    StringBuilder tsv = new StringBuilder();
    for (int i = 0; i < 50; i++) {
      tsv.append("broken line ").append(i).append('\n');
    }
    try (TraceReader reader = TraceSource.ofText("junk.tsv", tsv.toString()).open()) {
      assertNull(reader.next());
      assertEquals(50, reader.skipped());
      assertEquals(SwimTraceReader.PROBLEMS_KEPT, reader.problems().size());
      ConfigException error = SwimTraceReader.noJobs(reader);
      assertTrue(error.getMessage().startsWith("junk.tsv: no job could be read"), error.getMessage());
      assertTrue(error.getMessage().contains("junk.tsv:1: expected at least 6"), error.getMessage());
    }
  }

  @Test
  void shippedTracesAreCompleteAndUnknownNamesAreRefused() {
    assertEquals(24_442, TraceSource.of("fb2010").countJobs());
    assertEquals(25_428, TraceSource.of("fb2010-paths").countJobs());
    assertEquals(50, TraceSource.of("fb2009-50").countJobs());
    try (TraceReader reader = TraceSource.of("fb2010-paths").open()) {
      assertEquals("inputPath1", reader.next().inputPath());
    }
    ConfigException error = assertThrows(ConfigException.class, () -> TraceSource.of("fb2011"));
    assertTrue(error.getMessage().contains("trace 'fb2011': no such file and not a shipped trace (shipped: fb2010"),
        error.getMessage());
  }
}
