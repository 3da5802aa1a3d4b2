package io.strata.cli.autotier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The daemon re-reads --config when it changes: a bad edit is reported and the settings in force kept; a good one
 * takes effect at the next plan, without a restart.
 */
class AutotierConfigReloadIT {
  private static final List<String> COLD = List.of("/data/f1", "/data/f2", "/data/f3");

  @Test
  void aChangedConfigTakesEffectAndABadOneIsRefused(@TempDir Path dir) throws Exception {
    try (AptstoreCluster c = AptstoreCluster.start(dir)) {
      byte[] data = new byte[AptstoreCluster.MIB];
      for (int i = 0; i < 4; i++) {
        c.write("/data/f" + i, data);
      }
      c.read("/data/f0", 30);
      Path settings = Files.writeString(dir.resolve("autotier.yaml"), "pins:\n  - {path: /data, neverDemote: true}\n");
      Process daemon = c.daemon("reload", dir, "--dry-run", "--config", settings.toString());
      Path out = dir.resolve("reload.txt");
      Path err = dir.resolve("reload.err");
      try {
        JsonNode pinned = nextPlan(daemon, out, err, 0);
        assertEquals(List.of(), demoted(pinned), "pinned: nothing demoted: " + pinned);

        // A bad edit: named with its line, and the pin stays in force.
        int plans = plans(out).size();
        Files.writeString(settings, "pins:\n  - {path: data, neverDemote: true}\n");
        waitFor(Duration.ofSeconds(60), () -> text(err).contains("keeping the settings in force: "
            + settings + ":2:"), "the bad file reported");
        assertTrue(Files.readString(err).contains("pins[0].path: must be an absolute HDFS path"),
            Files.readString(err));
        JsonNode kept = nextPlan(daemon, out, err, plans);
        assertEquals(List.of(), demoted(kept), "the old settings kept: " + kept);

        // A good edit without the pin: the daemon restarts its advisor with it and demotes the unread files.
        plans = plans(out).size();
        Files.writeString(settings, "rules: {coldFactor: 0.5}\n");
        waitFor(Duration.ofSeconds(60), () -> text(err).contains(settings + " changed: restarting "
            + "with its settings"), "the new file taken");
        JsonNode unpinned = nextPlan(daemon, out, err, plans);
        assertEquals(COLD, demoted(unpinned), "no pin any more: " + unpinned);
        assertTrue(daemon.isAlive(), Files.readString(err));
      } finally {
        daemon.destroy();
        assertTrue(daemon.waitFor(60, TimeUnit.SECONDS), "the daemon stops on SIGTERM");
      }
      String log = Files.readString(err);
      assertEquals(1, log.split("keeping the settings in force", -1).length - 1, "one report per bad version: "
          + log);
      assertTrue(log.contains("strata autotier: stopped"), log);
    }
  }

  /** The first plan printed after the first {@code seen} ones. */
  private static JsonNode nextPlan(Process daemon, Path out, Path err, int seen) throws Exception {
    waitFor(Duration.ofSeconds(60), () -> plans(out).size() > seen || !daemon.isAlive(), "a plan after " + seen);
    assertTrue(daemon.isAlive(), Files.readString(out) + Files.readString(err));
    return plans(out).get(seen);
  }

  private static String text(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return "";
    }
  }

  private static List<JsonNode> plans(Path out) {
    return AptstoreCluster.events(out, "plan");
  }

  /** The files the plan sends to the secondary tier, sorted. */
  private static List<String> demoted(JsonNode plan) {
    List<String> paths = new ArrayList<>();
    plan.get("changes").forEach(change -> {
      if (change.get("secondary").asBoolean()) {
        paths.add(change.get("path").asText());
      }
    });
    paths.sort(null);
    return paths;
  }
}
