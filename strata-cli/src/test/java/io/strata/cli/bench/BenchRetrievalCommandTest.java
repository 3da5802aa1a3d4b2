package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.CliRun;
import org.junit.jupiter.api.Test;

/** {@code strata bench retrieval}'s option checks, which refuse bad input before any cluster starts. */
class BenchRetrievalCommandTest {
  @Test
  void hostOnlyOptionsNeedHosts() {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("bench", "retrieval", "--speed-scale", "0.25"));
    assertTrue(cli.stderr().contains("--speed-scale are for --hosts only"), cli.stderr());
    assertEquals(2, cli.strata("bench", "retrieval", "--topologies", "tiers"));
    assertTrue(cli.stderr().contains("--topologies, --files-per-host"), cli.stderr());
  }

  @Test
  void aSpeedScaleMustBePositive() {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("bench", "retrieval", "--hosts", "--speed-scale", "0"));
    assertTrue(cli.stderr().contains("--speed-scale must be > 0, got 0.0"), cli.stderr());
  }

  @Test
  void warmReadsAreForTheInProcessCluster() {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("bench", "retrieval", "--hosts", "--warm"));
    assertTrue(cli.stderr().contains("--warm is for the in-process cluster"), cli.stderr());
  }
}
