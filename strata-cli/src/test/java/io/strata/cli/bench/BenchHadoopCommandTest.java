package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.CliRun;
import org.junit.jupiter.api.Test;

/** {@code strata bench hadoop}'s option checks, which refuse bad input before any cluster starts. */
class BenchHadoopCommandTest {
  @Test
  void badOptionsAreRefusedBeforeAnythingStarts() {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("bench", "hadoop", "--preset", "hats", "--retrievals", "network,fastest"));
    assertTrue(cli.stderr().contains("--retrievals: unknown retrieval policy 'fastest'"), cli.stderr());
    assertEquals(2, cli.strata("bench", "hadoop", "--preset", "hdfsh", "--ratios", "0,1.5"));
    assertTrue(cli.stderr().contains("--ratios: every share must be within [0, 1], got 1.5"), cli.stderr());
    assertEquals(2, cli.strata("bench", "hadoop", "--preset", "hdfsh", "--placements", "hybrid"));
    assertTrue(cli.stderr().contains("are for --preset hats"), cli.stderr());
  }

  @Test
  void jobsNamesHatsJobsOnly() {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("bench", "hadoop", "--preset", "hats", "--jobs", "grep,sort"));
    assertTrue(cli.stderr().contains("--jobs: unknown job 'sort' (known: testdfsio, teragen, grep, wordcount)"),
        cli.stderr());
    assertEquals(2, cli.strata("bench", "hadoop", "--preset", "hdfsh", "--jobs", "grep"));
    assertTrue(cli.stderr().contains("--placements, --jobs,") && cli.stderr().contains("are for --preset hats"),
        cli.stderr());
  }
}
