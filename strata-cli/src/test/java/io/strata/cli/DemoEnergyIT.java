package io.strata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.bench.demo.EnergyDemo;
import io.strata.cli.shared.ExitCodes;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code strata demo --energy} as its own process, as a user runs it (with the quick, labelled backup devices so
 * that it takes seconds): the backups go to standby, reads do not wake them, fsck is HEALTHY, the saving is
 * printed; then, while its cluster stays up for the dashboard, {@code strata report} finds the power manager's
 * state in the cluster's configuration directory and adds its power section.
 */
class DemoEnergyIT {
  private final CliRun cli = new CliRun();

  @Test
  void backupsSleepReadsLeaveThemAsleepAndTheReportShowsThePower(@TempDir Path dir) throws Exception {
    Path keep = dir.resolve("demo");
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx768m",
        "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
        "-cp", System.getProperty("java.class.path"), StrataCli.class.getName(),
        "demo", "--energy", "--quick-disks", "--size", "4MiB", "--files", "2", "--keep", keep.toString(),
        "--dashboard", "0");
    Process process = new ProcessBuilder(command).redirectError(dir.resolve("stderr.txt").toFile()).start();
    try {
      StringBuilder printed = new StringBuilder();
      assertTimeoutPreemptively(Duration.ofMinutes(4), () -> {
        BufferedReader stdout = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        for (String line = stdout.readLine(); line != null; line = stdout.readLine()) {
          printed.append(line).append('\n');
          if (line.contains("Ctrl-C to stop")) {
            return;
          }
        }
        throw new AssertionError("the demo ended early:\n" + printed + Files.readString(dir.resolve("stderr.txt")));
      });
      String out = printed.toString();
      assertTrue(out.contains("an emulated device with the array's powers but a 1 s spin-up"), out);
      for (String host : List.of("e1", "e2", "e3")) {
        assertTrue(out.contains(host + " backup-array-quick: awake -> standby"), out);
      }
      assertTrue(out.contains("2 of 2 blocks have exactly one primary replica"), out);
      assertTrue(out.contains("while they sleep: 0 backup spin-up(s), 3 of 3 backups still asleep"), out);
      assertTrue(out.contains("HEALTHY, no block lost"), out);
      assertTrue(out.contains("saved "), out);

      // The running demo's cluster, as an operator would look at it: the power section comes from DIR/power.
      String conf = keep.toString();
      assertEquals(0, cli.strata("report", EnergyDemo.DATA, "--conf", conf), cli.stderr());
      assertTrue(cli.stdout().contains("Power (the power manager's last status"), cli.stdout());
      assertTrue(cli.stdout().contains("3 of 3 backup volume(s) asleep"), cli.stdout());
      assertEquals(0, cli.strata("report", EnergyDemo.DATA, "--conf", conf, "--json"), cli.stderr());
      JsonNode power = new ObjectMapper().readTree(cli.stdout()).get("power");
      assertEquals(3, power.get("nodes").size(), power.toString());
      for (JsonNode node : power.get("nodes")) {
        assertEquals(1, node.get("backupsAsleep").asInt(), node.toString());
        assertTrue(node.get("nodeJoules").asDouble() > node.get("diskJoules").asDouble(), node.toString());
      }
      assertTrue(power.get("totals").get("savedJoules").asDouble() > 0, power.toString());
      // Given explicitly, the state dir must hold a status; a wrong one is named.
      assertEquals(0, cli.strata("report", EnergyDemo.DATA, "--conf", conf, "--power-state",
          keep.resolve("power").toString()), cli.stderr());
      assertEquals(ExitCodes.BAD_INPUT, cli.strata("report", EnergyDemo.DATA, "--conf", conf,
          "--power-state", keep.resolve("hdfs").toString()));
      assertTrue(cli.stderr().contains("--power-state " + keep.resolve("hdfs") + ": no power status there"),
          cli.stderr());
    } finally {
      process.destroy();
    }
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the demo did not stop on SIGTERM");
    assertEquals(0, process.exitValue(), Files.readString(dir.resolve("stderr.txt")));
  }
}
