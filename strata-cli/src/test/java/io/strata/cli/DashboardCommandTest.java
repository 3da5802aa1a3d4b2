package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code strata dashboard} and {@code strata demo --dashboard} refuse bad options before anything starts. */
class DashboardCommandTest {
  private final CliRun cli = new CliRun();

  @Test
  void badOptionsAreNamedAndNothingStarts(@TempDir Path dir) {
    assertEquals(2, cli.strata("dashboard", "--port", "70000"));
    assertTrue(cli.stderr().contains("--port must be within [0, 65535], got 70000"), cli.stderr());
    assertEquals(2, cli.strata("dashboard", "--refresh", "100ms"));
    assertTrue(cli.stderr().contains("--refresh must be at least 500ms"), cli.stderr());
    assertEquals(2, cli.strata("dashboard", "--audit-log", dir.resolve("missing.log").toString()));
    assertTrue(cli.stderr().contains("missing.log: no such audit log"), cli.stderr());
    assertEquals(2, cli.strata("dashboard", "--audit-log-zone", "UTC"));
    assertTrue(cli.stderr().contains("--audit-log=FILE"), cli.stderr());
    assertEquals(2, cli.strata("dashboard", "--audit-log", dir.toString(), "--plan-path", "relative"));
    assertTrue(cli.stderr().contains("--plan-path"), cli.stderr());
    assertEquals(2, cli.strata("demo", "--dashboard", "--inplace"));
    assertTrue(cli.stderr().contains("--dashboard shows the embedded demo's cluster"), cli.stderr());
    assertEquals(2, cli.strata("demo", "--dashboard=-1"));
    assertTrue(cli.stderr().contains("--port must be within [0, 65535], got -1"), cli.stderr());
  }
}
