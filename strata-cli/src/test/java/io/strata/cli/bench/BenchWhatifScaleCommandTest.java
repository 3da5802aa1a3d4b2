package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.CliRun;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata bench whatif-scale}: its option checks, and a tiny whole run that is projected, never judged. */
class BenchWhatifScaleCommandTest {
  @Test
  void badSizesAndAReuseWithoutInputsAreRefused(@TempDir Path dir) {
    CliRun cli = new CliRun();
    assertEquals(2, cli.strata("bench", "whatif-scale", "--files", "0"));
    assertTrue(cli.stderr().contains("files, lines and rotations must be > 0, got 0"), cli.stderr());
    assertEquals(2, cli.strata("bench", "whatif-scale", "--reuse"));
    assertTrue(cli.stderr().contains("reusing inputs needs the directory"), cli.stderr());
    assertEquals(2, cli.strata("bench", "whatif-scale", "--reuse", "--dir", dir.toString()));
    assertTrue(cli.stderr().contains("no fsimage.tsv and hdfs-audit.log*"), cli.stderr());
    assertEquals(2, cli.strata("bench", "whatif-scale", "--cluster", "hats-5000"));
    assertTrue(cli.stderr().contains("cluster 'hats-5000': neither hats-500 nor a preset"), cli.stderr());
  }

  @Test
  void aSmallRunPrintsEveryPhaseAndIsNotJudged(@TempDir Path dir) {
    CliRun cli = new CliRun();
    assertEquals(0, cli.strata("bench", "whatif-scale", "--files", "2000", "--lines", "20000", "--rotations", "2",
        "--dir", dir.resolve("inputs").toString()), cli.stderr());
    String out = cli.stdout();
    assertTrue(out.contains("namespace          2,000 files"), out);
    assertTrue(out.contains("replay"), out);
    assertTrue(out.contains("whole run <= 15 min: not judged: below 10M files / 100M lines"), out);
    assertTrue(out.contains("projection, not a measurement"), out);
  }
}
