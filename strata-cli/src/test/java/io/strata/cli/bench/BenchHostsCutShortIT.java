package io.strata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.cli.HostSpecs;
import io.strata.cli.StrataCli;
import io.strata.embedded.hosts.HostNetwork;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bench on the cluster of hosts stopped with SIGTERM (Ctrl-C, a CI timeout) while its cluster runs: the exit must
 * take down the NameNode, the DataNodes and every namespace and link the cluster made. Needs root; skipped with the
 * reason otherwise.
 */
class BenchHostsCutShortIT {
  @Test
  void sigtermWhileTheClusterRunsLeavesNoNamespaceLinkOrDaemon(@TempDir Path temp) throws Exception {
    String reason = HostNetwork.unavailableReason().orElse(null);
    Assumptions.assumeTrue(reason == null, reason);
    Path spec = Files.writeString(temp.resolve("spec.yaml"), HostSpecs.TWO_HOSTS);
    Path tmp = Files.createDirectories(temp.resolve("tmp"));
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m",
        "-Djava.io.tmpdir=" + tmp, "--add-opens", "java.base/java.lang=ALL-UNNAMED",
        "--add-opens", "java.base/java.util=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"),
        StrataCli.class.getName(), "bench", "retrieval", "--hosts", "--spec", spec.toString(), "--size", "1MiB",
        "--rounds", "50"));
    Process bench = new ProcessBuilder(command).redirectOutput(temp.resolve("stdout.txt").toFile()).start();
    long nameNodePid;
    Path dir;
    try (BufferedReader stderr = new BufferedReader(new InputStreamReader(bench.getErrorStream(),
        StandardCharsets.UTF_8))) {
      String line;
      StringBuilder seen = new StringBuilder();
      while ((line = stderr.readLine()) != null && !line.startsWith("round 1")) {
        seen.append(line).append('\n');
      }
      assertTrue(line != null, "the bench ended before its first round:\n" + seen);
      try (Stream<Path> dirs = Files.list(tmp)) {
        dir = dirs.filter(d -> d.getFileName().toString().startsWith("strata-bench-retrieval")).findFirst()
            .orElseThrow();
      }
      nameNodePid = Long.parseLong(Files.readString(dir.resolve("pids").resolve("namenode")).strip());
      assertFalse(HostNetwork.leftovers(HostNetwork.clusterId(dir)).isEmpty(), "no network while the bench ran");

      bench.destroy(); // SIGTERM
      assertTrue(bench.waitFor(120, TimeUnit.SECONDS), "the bench did not exit within 120 s of SIGTERM");
    } finally {
      bench.destroyForcibly();
    }
    assertEquals(List.of(), HostNetwork.leftovers(HostNetwork.clusterId(dir)));
    assertFalse(ProcessHandle.of(nameNodePid).map(ProcessHandle::isAlive).orElse(false), "the NameNode runs on");
    String clusterDir = dir.toString();
    List<String> survivors = ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().map(c -> c.contains(clusterDir)).orElse(false))
        .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
    assertEquals(List.of(), survivors, "processes of the cluster outlived the bench");
  }
}
