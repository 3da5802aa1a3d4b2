package io.strata.sim.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.Presets;
import io.strata.core.whatif.BadInputException;
import io.strata.core.whatif.BadInputs;
import io.strata.core.whatif.DelimitedImageReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An image and an audit log replayed through the simulator for a few candidates, today's first. */
class WhatifRunTest {
  private static final String HEADER = "Path\tReplication\tModificationTime\tAccessTime\tPreferredBlockSize\t"
      + "BlocksCount\tFileSize\tNSQUOTA\tDSQUOTA\tPermission\tUserName\tGroupName";
  private static final long MIB = 1 << 20;

  @TempDir
  Path dir;

  private static String record(int second, String cmd, String src, String dst) {
    return String.format("2026-03-01 10:%02d:%02d,000 INFO FSNamesystem.audit: allowed=true\tugi=u (auth:SIMPLE)\t"
        + "ip=/10.0.0.1\tcmd=%s\tsrc=%s\tdst=%s\tperm=null\tproto=rpc", second / 60, second % 60, cmd, src, dst);
  }

  private Path image(int files) throws Exception {
    List<String> lines = new ArrayList<>(List.of(HEADER, "/\t0\t2026-03-01 09:00\t1970-01-01 00:00\t0\t0\t0\t0\t0\t"
        + "drwxr-xr-x\thdfs\tsupergroup",
        "/d\t0\t2026-03-01 09:00\t1970-01-01 00:00\t0\t0\t0\t0\t0\tdrwxr-xr-x\thdfs\t"
            + "supergroup"));
    for (int i = 0; i < files; i++) {
      lines.add("/d/f" + i + "\t3\t2026-03-01 09:00\t2026-03-01 09:00\t" + 64 * MIB + "\t2\t" + 100 * MIB
          + "\t0\t0\t-rw-r--r--\thdfs\tsupergroup");
    }
    return Files.writeString(dir.resolve("image.tsv"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
  }

  private Path log(String... extra) throws Exception {
    List<String> lines = new ArrayList<>();
    // Skewed reads: file i is read 20 / (i + 1) times.
    int second = 0;
    for (int i = 0; i < 10; i++) {
      for (int n = 0; n < 20 / (i + 1); n++) {
        lines.add(record(second++, "open", "/d/f" + i, "null"));
      }
    }
    lines.add(record(second++, "delete", "/d/f0", "null"));
    lines.add(record(second++, "open", "/d/f0", "null"));
    lines.add(record(second++, "rename", "/d/f1", "/d/g1"));
    lines.add(record(second, "open", "/d/g1", "null"));
    lines.addAll(List.of(extra));
    return Files.writeString(dir.resolve("hdfs-audit.log"), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
  }

  private WhatifRun run(Path log, boolean skipBad) throws Exception {
    WhatifNamespace namespace = WhatifNamespace.read(DelimitedImageReader.open(image(10), ZoneOffset.UTC,
        BadInputs.failing()));
    return new WhatifRun(namespace, List.of(log), ZoneOffset.UTC, skipBad, Presets.load("hats"), 64 * MIB, 3);
  }

  @Test
  void replaysOpensDeletesAndRenamesForEachCandidate() throws Exception {
    WhatifRun run = run(log(), false);
    assertEquals(10, run.namespace().files());
    List<WhatifCandidate> candidates = List.of(WhatifCandidate.TODAY, WhatifCandidate.parse("tier-aware/hybrid"),
        WhatifCandidate.parse("network/tier-weighted"));
    List<WhatifResult> results = run.run(candidates, 1, false);
    assertEquals(3, results.size());
    // 20 + 10 + 6 + 5 + 4 + 3 + 2 + 2 + 2 + 2 opens, then one of a deleted file (reads nothing) and one renamed.
    long jobs = 20 + 10 + 6 + 5 + 4 + 3 + 2 + 2 + 2 + 2 + 1;
    for (WhatifResult r : results) {
      assertEquals(jobs, r.result().jobs(), r.name());
      assertEquals(jobs * 100 * MIB, r.result().io().bytesRead(), r.name());
      assertTrue(r.result().io().throughputMBps() > 0, r.name());
    }
    assertEquals(1.0, results.get(0).readThroughputRatio(), 1e-9);
    assertEquals(0, results.get(0).bytesToMove());
    String table = WhatifReport.table(results);
    assertTrue(table.contains("tier-aware/hybrid"), table);
    assertTrue(table.contains("strata policy set / tier-aware"), table);
    assertTrue(table.contains("-Dstrata.retrieval.policy=hybrid"), table);
    assertTrue(WhatifReport.json(results).contains("\"readThroughputRatio\""));
  }

  @Test
  void aMalformedLineFailsNamingFileAndLineUnlessSkipped() throws Exception {
    Path log = log("this is no audit record");
    WhatifRun failing = run(log, false);
    RuntimeException error = assertThrows(RuntimeException.class,
        () -> failing.run(List.of(WhatifCandidate.TODAY), 1, false));
    assertTrue(String.valueOf(error.getMessage()).contains("hdfs-audit.log:"), error.toString());
    assertTrue(error.getCause() instanceof BadInputException, error.toString());
    WhatifRun skipping = run(log, true);
    List<WhatifResult> results = skipping.run(List.of(WhatifCandidate.TODAY), 1, false);
    assertEquals(1, results.get(0).result().run().skippedLines());
  }
}
