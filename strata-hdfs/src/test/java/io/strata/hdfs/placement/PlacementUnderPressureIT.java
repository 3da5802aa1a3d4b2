package io.strata.hdfs.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.placement.PlacementRules;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.fs.BlockLocation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Full tiers, bad rules, rule changes at runtime, and primary/backup placement. */
class PlacementUnderPressureIT {
  private static final String TINY_SSD = """
      racks:
        - name: /r1
          nodes:
            - {host: n1, volumes: [{device: sata-ssd, capacity: 512KiB}, {device: hdd, capacity: 1GiB}]}
            - {host: n2, volumes: [{device: sata-ssd, capacity: 512KiB}, {device: hdd, capacity: 1GiB}]}
        - name: /r2
          nodes:
            - {host: n3, volumes: [{device: sata-ssd, capacity: 512KiB}, {device: hdd, capacity: 1GiB}]}
            - {host: n4, volumes: [{device: sata-ssd, capacity: 512KiB}, {device: hdd, capacity: 1GiB}]}
      """;

  @Test
  void aFullSsdTierFallsBackToHddWithoutFailingTheWrite(@TempDir Path dir) throws Exception {
    try (PluginCluster c = PluginCluster.start(TINY_SSD, dir, "/fast=ratio:1;/tiers=tier-aware", Map.of())) {
      long fallbacksBefore = PlacementMetrics.get().fallbackReplicas();
      c.write("/fast/a", 3);
      c.write("/tiers/b", 3);
      for (String file : List.of("/fast/a", "/tiers/b")) {
        for (BlockLocation block : c.blocks(file)) {
          assertEquals(3, block.getHosts().length, file + ": a full tier never costs a replica");
          assertEquals(Set.of("disk"), new HashSet<>(c.tiers(block)), file);
          assertTrue(new HashSet<>(c.racks(block)).size() >= 2);
        }
      }
      assertTrue(PlacementMetrics.get().fallbackReplicas() - fallbacksBefore >= 9 + 3,
          "fallbacks counted: " + (PlacementMetrics.get().fallbackReplicas() - fallbacksBefore));
      assertTrue(c.fsck().contains("is HEALTHY"));

      // Operators see the same count over JMX (service=NameNode in a NameNode process; an embedded cluster
      // shares one metrics system among its daemons, so the service name there is whichever started last).
      MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
      Set<ObjectName> beans = jmx.queryNames(
          new ObjectName("Hadoop:service=*,name=StrataPlacement*"), null);
      assertEquals(1, beans.size(), "JMX beans: " + beans);
      // Hadoop's JMX adapter refreshes its snapshot at most every 10 s.
      long viaJmx = 0;
      for (long deadline = System.currentTimeMillis() + 20_000; viaJmx == 0 && System.currentTimeMillis() < deadline;) {
        viaJmx = ((Number) jmx.getAttribute(beans.iterator().next(), "FallbackReplicas")).longValue();
        Thread.sleep(500);
      }
      assertEquals(PlacementMetrics.get().fallbackReplicas(), viaJmx);
    }
  }

  @Test
  void primaryBackupKeepsOneReplicaOnThePrimaryDiskAndTheRestOnBackupArrays(@TempDir Path dir) throws Exception {
    try (PluginCluster c = PluginCluster.start("energy", dir, "/=primary-backup", Map.of())) {
      c.writeConcurrently(List.of("/data/a", "/data/b"), 5);
      for (String file : List.of("/data/a", "/data/b")) {
        for (BlockLocation block : c.blocks(file)) {
          List<String> tiers = c.tiers(block);
          assertEquals(1, tiers.stream().filter("primary"::equals).count(), file + " " + tiers);
          assertEquals(2, tiers.stream().filter("backup"::equals).count(), file + " " + tiers);
          assertEquals(3, new HashSet<>(List.of(block.getHosts())).size());
        }
      }
    }
  }

  @Test
  void aBadRuleStopsTheNameNodeAtStartupWithTheReason(@TempDir Path dir) {
    Exception e = assertThrows(Exception.class,
        () -> PluginCluster.start("hdfsh", dir, "/x=ratio:7", Map.of()).close());
    Throwable cause = e;
    StringBuilder messages = new StringBuilder();
    while (cause != null) {
      messages.append(cause.getMessage()).append(" | ");
      cause = cause.getCause();
    }
    assertTrue(messages.toString().contains("rule for /x: policy 'ratio:7': P must be within [0, 1]"),
        messages.toString());
  }

  @Test
  void rulesStoredInHdfsTakeEffectWithoutRestartAndSurviveARestart(@TempDir Path dir) throws Exception {
    try (PluginCluster c = PluginCluster.start("hats", dir, null, Map.of())) {
      c.write("/later/before", 2);
      assertEquals(Set.of("hdd"), new HashSet<>(c.tiers(c.blocks("/later/before")[0])));

      writeRules(c, "rules:\n  - {path: /later, policy: tier-aware}\n");
      assertTrue(c.plugin().refreshRules());
      assertEquals("tier-aware", c.plugin().rules().ruleFor("/later/x").policy());
      c.write("/later/after", 2);
      assertEquals(Set.of("pcie-ssd", "sata-ssd", "hdd"), new HashSet<>(c.tiers(c.blocks("/later/after")[0])));

      // The NameNode's poller may read the file before this test does, even while it is being written (a failed
      // read counts too); once refused, the file is not read or counted again until it changes.
      long failures = PlacementMetrics.get().ruleLoadFailures();
      writeRules(c, "rules:\n  - {path: /later, policy: ratio:banana}\n");
      assertTrue(!c.plugin().refreshRules(), "a bad rules file is refused");
      long refused = PlacementMetrics.get().ruleLoadFailures();
      assertTrue(refused > failures, "the refusal is counted");
      assertTrue(!c.plugin().refreshRules(), "and stays refused");
      assertEquals(refused, PlacementMetrics.get().ruleLoadFailures(), "the same version is not counted again");
      assertEquals("tier-aware", c.plugin().rules().ruleFor("/later/x").policy(), "the rules in force stay");

      writeRules(c, "rules:\n  - {path: /later, policy: hybrid}\n");
      c.cluster.miniCluster().restartNameNode(true);
      // The restarted NameNode reads the stored rules as soon as their file's block is reported again.
      for (long until = System.currentTimeMillis() + 20_000; !c.plugin().rules().ruleFor("/later/x").policy()
          .equals("hybrid") && System.currentTimeMillis() < until;) {
        c.plugin().refreshRules();
        Thread.sleep(200);
      }
      c.write("/later/restarted", 1);
      PlacementRules after = c.plugin().rules();
      assertEquals("hybrid", after.ruleFor("/later/x").policy(), "rules in HDFS survive a NameNode restart");
      assertEquals(Set.of("pcie-ssd", "sata-ssd", "hdd"), new HashSet<>(c.tiers(c.blocks("/later/restarted")[0])));
    }
  }

  private static void writeRules(PluginCluster c, String text) throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/.strata/placement-rules.yaml");
    try (OutputStream out = c.fs.create(file, true)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
  }
}
