package io.strata.hdfs.tier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.placement.PlacementRules;
import io.strata.hdfs.placement.StoredRules;
import io.strata.hdfs.report.PlacementReport;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tier monitor on the hats testbed: it repairs a broken layout and drains an over-full SSD tier. */
class TierMonitorIT {
  private static final int BIG_BLOCK = 4 << 20;
  @TempDir
  static Path dir;
  static TierCluster c;
  static TierManager tiers;

  @BeforeAll
  static void start() throws Exception {
    c = TierCluster.start(dir, "48MiB", Map.of());
    tiers = c.manager(MoveListener.NONE);
  }

  @AfterAll
  static void stop() throws Exception {
    if (tiers != null) {
      tiers.close();
    }
    if (c != null) {
      c.close();
    }
  }

  private static TierMonitor monitor(String root, double high, double low) {
    return new TierMonitor(tiers, new TierMonitor.Settings(Duration.ofSeconds(1), high, low, List.of(root)));
  }

  @Test
  void theMonitorRepairsABrokenLayoutWithTheMoveMachinery() throws Exception {
    String file = "/mon/repair/f";
    c.write(file, 8, (short) 3);
    assertTrue(tiers.moveTier(file, "hdd", "pcie-ssd", 1).success());
    c.awaitTiers(file, List.of("hdd", "hdd", "pcie-ssd"));

    // Break it on purpose: block 2's PCIe replica goes to a SATA SSD, as a fallback during a PCIe outage would.
    LocatedBlock block = c.fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE).get(2);
    DatanodeInfo pcie = null;
    for (int i = 0; i < block.getLocations().length; i++) {
      if (block.getStorageTypes()[i] == StorageType.SSD) {
        pcie = block.getLocations()[i];
      }
    }
    DatanodeInfo sata = sataNodeWithout(block);
    try (BlockMover mover = new BlockMover(c.fs, c.fs.getConf())) {
      mover.replace(block.getBlock(), sata, StorageType.SSD, pcie, pcie);
    }
    List<String> broken = List.of("hdd", "hdd", "sata-ssd");
    waitFor(Duration.ofSeconds(30), () -> {
      try {
        return c.tiers(file).get(2).equals(broken);
      } catch (Exception e) {
        return false;
      }
    }, "the broken layout");
    assertTrue(c.report("/mon/repair").wholeFileViolations().total() > 0, "the report sees the split file");

    TierMonitor monitor = monitor("/mon/repair", 0.99, 0.98).publishMetrics();
    TierMonitor.CycleReport first = monitor.runCycle();
    assertEquals(1, first.violations());
    assertEquals(0, monitor.metrics().filesRepaired(), "the first sighting waits a cycle for the NameNode");
    assertEquals(broken, c.tiers(file).get(2));

    TierMonitor.CycleReport second = monitor.runCycle();

    assertEquals(1, monitor.metrics().filesRepaired());
    assertEquals(1, monitor.metrics().violationsFound(), "one violation, counted once");
    assertTrue(second.actions().stream().anyMatch(a -> a.kind().equals("repair") && a.done()), second.toString());
    c.awaitTiers(file, List.of("hdd", "hdd", "pcie-ssd"));
    c.assertIntact(file);
    assertEquals(0, c.report("/mon/repair").wholeFileViolations().total());
    assertEquals(0, monitor.runCycle().violations());

    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    List<ObjectName> beans = new ArrayList<>(jmx.queryNames(new ObjectName("Hadoop:name=TierMonitor,*"), null));
    assertEquals(1, beans.size(), "published as a Hadoop metrics source");
    waitFor(Duration.ofSeconds(30), () -> {
      try {
        return ((Number) jmx.getAttribute(beans.get(0), "FilesRepaired")).longValue() == 1;
      } catch (Exception e) {
        return false;
      }
    }, "FilesRepaired = 1 over JMX");
  }

  @Test
  void aFileHeldByAStoragePolicyIsMovedToTheTierItNamesAndOneWhosePolicyNamesNoSingleTierIsLeftAlone()
      throws Exception {
    // Outside /mon: "free" stays split between the two SSD tiers, which the other tests' reports of /mon would count.
    // Both files are written on SSD under HDFS's own placement (their directory's policy is ALL_SSD). Then "held"
    // gets HOT, whose one storage type (DISK) is the hdd tier alone, as the auto-tiering daemon sets COLD or HOT
    // instead of writing a rule per file; "free" keeps ALL_SSD, and SSD is two tiers here, so it names none.
    org.apache.hadoop.fs.Path dirPath = new org.apache.hadoop.fs.Path("/policy");
    double pcieBefore = usage("pcie-ssd").usedFraction();
    c.fs.mkdirs(dirPath);
    c.fs.setStoragePolicy(dirPath, "ALL_SSD");
    String held = "/policy/held";
    String free = "/policy/free";
    for (String file : List.of(held, free)) {
      c.write(file, 2, (short) 2);
      waitFor(Duration.ofSeconds(30), () -> {
        try {
          return c.tiers(file).stream().allMatch(t -> t.stream().allMatch(tier -> tier.endsWith("-ssd")));
        } catch (Exception e) {
          return false;
        }
      }, file + " on SSD");
    }
    List<List<String>> freeBefore = c.tiers(free);
    c.fs.setStoragePolicy(new org.apache.hadoop.fs.Path(held), "HOT");

    TierMonitor monitor = monitor("/policy", 0.99, 0.98);
    TierMonitor.CycleReport first = monitor.runCycle();
    assertEquals(1, first.filesChecked(), "only the file whose policy names one tier is held to it: " + first);
    assertEquals(1, first.violations(), first.toString());
    TierMonitor.CycleReport second = monitor.runCycle();
    assertTrue(second.actions().stream().anyMatch(a -> a.kind().equals("repair") && a.file().equals(held)
        && a.done()), second.toString());
    c.awaitTiers(held, List.of("hdd", "hdd"));
    c.assertIntact(held);
    assertEquals(freeBefore, c.tiers(free), "a policy that names no single tier holds the file to none");
    assertTrue(new StoredRules(c.fs, c.fs.getConf()).read().stream().noneMatch(r -> r.path().startsWith("/policy")),
        "the repair recorded no rule");
    assertEquals(0, monitor.runCycle().violations());

    // Give the PCIe SSD space back: the drain test counts how full that tier is.
    c.fs.delete(dirPath, true);
    waitFor(Duration.ofSeconds(60), () -> usage("pcie-ssd").usedFraction() <= pcieBefore + 1e-3,
        "PCIe SSD back to its use before this test");
  }

  private static DatanodeInfo sataNodeWithout(LocatedBlock block) throws Exception {
    List<String> holders = new ArrayList<>();
    for (DatanodeInfo location : block.getLocations()) {
      holders.add(location.getHostName());
    }
    String rackOfPcie = null;
    for (int i = 0; i < block.getLocations().length; i++) {
      if (block.getStorageTypes()[i] == StorageType.SSD) {
        rackOfPcie = block.getLocations()[i].getNetworkLocation();
      }
    }
    for (ClusterView.Volume volume : ClusterView.read(c.fs, c.spec.tierMap()).volumesIn("sata-ssd")) {
      if (!holders.contains(volume.host()) && volume.rack().equals(rackOfPcie)) {
        return volume.node();
      }
    }
    throw new IllegalStateException("no SATA node without the block in " + rackOfPcie);
  }

  @Test
  void theMonitorDrainsAnOverFullSsdTierLeastRecentlyReadFirst() throws Exception {
    // An operator's rule: everything under /mon/drain gets a PCIe SSD replica.
    new StoredRules(c.fs, c.fs.getConf()).update(rules -> {
      rules.add(new PlacementRules.Rule("/mon/drain", "layout:pcie-ssd+hdd+hdd"));
      return rules;
    });
    Thread.sleep(1000); // the NameNode reloads rules every 200 ms
    List<String> files = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      files.add("/mon/drain/f" + i);
      c.write(files.get(i), 5, (short) 3, BIG_BLOCK);
      c.awaitTiers(files.get(i), List.of("hdd", "hdd", "pcie-ssd"));
    }
    // 120 MiB of 144 MiB of PCIe SSD. The first three files are read now; the last three were not since written.
    Thread.sleep(50);
    for (int i = 0; i < 3; i++) {
      try (InputStream in = c.fs.open(new org.apache.hadoop.fs.Path(files.get(i)))) {
        in.read();
      }
    }
    waitFor(Duration.ofSeconds(30), () -> usage("pcie-ssd").usedFraction() > 0.8, "PCIe SSD over 80%");

    TierMonitor monitor = monitor("/mon/drain", 0.75, 0.5);
    TierMonitor.CycleReport cycle = monitor.runCycle();

    assertEquals(3, monitor.metrics().filesDemoted(), cycle.actions().toString());
    assertEquals(3L * 5 * BIG_BLOCK, monitor.metrics().bytesDemoted());
    for (int i = 0; i < 3; i++) {
      c.awaitTiers(files.get(i), List.of("hdd", "hdd", "pcie-ssd"));
    }
    for (int i = 3; i < 6; i++) {
      c.awaitTiers(files.get(i), List.of("hdd", "hdd", "sata-ssd"));
      assertEquals("layout:sata-ssd+hdd+hdd", PlacementRules.of(new StoredRules(c.fs, c.fs.getConf()).read(),
          c.spec.tierMap()).ruleFor(files.get(i)).policy(), "the demotion is recorded for the NameNode");
      c.assertIntact(files.get(i));
    }
    waitFor(Duration.ofSeconds(30), () -> usage("pcie-ssd").usedFraction() < 0.75,
        "PCIe SSD below the high-water mark");
    assertEquals(0, monitor.runCycle().actions().size(), "below the mark, nothing more to do");
    PlacementReport report = c.report("/mon");
    assertEquals(0, report.wholeFileViolations().total());
    assertEquals(0, report.underReplicatedBlocks().total());
    c.awaitHealthy();
  }

  private static TierUsage usage(String tier) {
    try {
      return tiers.tiers().stream().filter(u -> u.tier().equals(tier)).findFirst().orElseThrow();
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
