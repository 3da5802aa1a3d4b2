package io.strata.hdfs.tier;

import static io.strata.embedded.EmbeddedCluster.waitFor;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.placement.PlacementRules;
import io.strata.core.placement.TierLayout;
import io.strata.core.tier.TierMap;
import io.strata.hdfs.placement.StoredRules;
import io.strata.hdfs.report.PlacementReport;
import io.strata.hdfs.tier.TierResult.Failure;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each call of the tier API on the hats testbed (volumes scaled down), against a real NameNode and DataNodes. */
class TierApiIT {
  @TempDir
  static Path dir;
  static TierCluster c;
  static TierManager tiers;
  static final AtomicInteger crossNodeMoves = new AtomicInteger();

  @BeforeAll
  static void start() throws Exception {
    c = TierCluster.start(dir, "48MiB", Map.of());
    tiers = c.manager(new MoveListener() {
      @Override
      public void done(Move move) {
        if (!move.sameNode()) {
          crossNodeMoves.incrementAndGet();
        }
      }
    });
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

  private static String policyOf(String path) throws Exception {
    return PlacementRules.of(new StoredRules(c.fs, c.fs.getConf()).read(), c.spec.tierMap()).ruleFor(path).policy();
  }

  @Test
  void moveTierMovesOneReplicaOfEveryBlockAndRecordsTheLayout() throws Exception {
    c.write("/api/move/f", 6, (short) 3);
    assertTrue(c.tiers("/api/move/f").stream().allMatch(List.of("hdd", "hdd", "hdd")::equals), "HDFS's HOT placement");

    TierResult result = tiers.moveTier("/api/move/f", "hdd", "pcie-ssd", 1);

    assertTrue(result.success(), result.message());
    assertEquals(6, result.moves(), "one move per block");
    assertEquals("layout:pcie-ssd+hdd+hdd", result.layout());
    c.awaitTiers("/api/move/f", List.of("hdd", "hdd", "pcie-ssd"));
    assertEquals("layout:pcie-ssd+hdd+hdd", policyOf("/api/move/f"), "recorded in HDFS for the NameNode");
    assertEquals("ONE_SSD", c.fs.getStoragePolicy(new org.apache.hadoop.fs.Path("/api/move/f")).getName(),
        "HDFS's storage policy agrees with the layout's storage types");
    c.assertIntact("/api/move/f");
    PlacementReport report = c.report("/api/move");
    assertEquals(0, report.wholeFileViolations().total());
    assertEquals(0, report.underReplicatedBlocks().total());
  }

  @Test
  void moveTierAgainstTheStoragePolicyKeepsTheNewReplica() throws Exception {
    // Two SSD replicas and one HDD: no HDFS storage policy says so, which is where HDFS alone would delete the
    // new SSD replica instead of the HDD one it replaces.
    c.write("/api/against/f", 4, (short) 3);
    assertTrue(tiers.moveTier("/api/against/f", "hdd", "sata-ssd", 2).success());
    c.awaitTiers("/api/against/f", List.of("hdd", "sata-ssd", "sata-ssd"));
    TierResult back = tiers.moveTier("/api/against/f", "sata-ssd", "pcie-ssd", 1);
    assertTrue(back.success(), back.message());
    c.awaitTiers("/api/against/f", List.of("hdd", "pcie-ssd", "sata-ssd"));
    c.assertIntact("/api/against/f");
  }

  @Test
  void createFileTierOnADirectoryAddsAReplicaToEveryFileAndIsIdempotent() throws Exception {
    c.write("/api/create/a", 3, (short) 2);
    c.write("/api/create/sub/b", 2, (short) 2);

    TierResult result = tiers.createFileTier("/api/create", "sata-ssd");

    assertTrue(result.success(), result.message());
    assertEquals(2, result.files());
    c.awaitTiers("/api/create/a", List.of("hdd", "hdd", "sata-ssd"));
    c.awaitTiers("/api/create/sub/b", List.of("hdd", "hdd", "sata-ssd"));
    assertEquals(3, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/api/create/a")).getReplication());
    assertEquals("layout:sata-ssd+hdd+hdd", policyOf("/api/create/new-file"), "one rule for the directory");

    TierResult again = tiers.createFileTier("/api/create", "sata-ssd");
    assertTrue(again.success(), again.message());
    assertEquals(0, again.moves());
    c.awaitTiers("/api/create/a", List.of("hdd", "hdd", "sata-ssd"));
    c.assertIntact("/api/create/a");
    c.assertIntact("/api/create/sub/b");
  }

  @Test
  void deleteFileTierRemovesTheTiersReplicas() throws Exception {
    c.write("/api/delete/f", 4, (short) 3);
    assertTrue(tiers.setRepPolicy("/api/delete/f", "layout:pcie-ssd+sata-ssd+hdd", 0).success());
    c.awaitTiers("/api/delete/f", List.of("hdd", "pcie-ssd", "sata-ssd"));

    TierResult result = tiers.deleteFileTier("/api/delete/f", "pcie-ssd");

    assertTrue(result.success(), result.message());
    c.awaitTiers("/api/delete/f", List.of("hdd", "sata-ssd"));
    assertEquals(2, c.fs.getFileStatus(new org.apache.hadoop.fs.Path("/api/delete/f")).getReplication());
    assertEquals("layout:sata-ssd+hdd", policyOf("/api/delete/f"));
    c.assertIntact("/api/delete/f");

    TierResult last = tiers.deleteFileTier("/api/delete/f", "hdd");
    assertTrue(last.success(), last.message());
    c.awaitTiers("/api/delete/f", List.of("sata-ssd"));
    TierResult none = tiers.deleteFileTier("/api/delete/f", "sata-ssd");
    assertEquals(Failure.NOT_APPLICABLE, none.failure());
    assertTrue(none.message().contains("would leave no copy"), none.message());
    c.assertIntact("/api/delete/f");
  }

  @Test
  void setRepPolicyMovesExistingReplicasToThePolicysTiers() throws Exception {
    c.write("/api/policy/f", 5, (short) 2);
    TierResult result = tiers.setRepPolicy("/api/policy/f", "tier-aware", 3);
    assertTrue(result.success(), result.message());
    c.awaitTiers("/api/policy/f", List.of("hdd", "pcie-ssd", "sata-ssd"));
    assertEquals("tier-aware", policyOf("/api/policy/f"));
    c.assertIntact("/api/policy/f");
  }

  @Test
  void tiersReportsCapacityUseNodesAndVolumesLive() throws Exception {
    List<TierUsage> usage = tiers.tiers();
    assertEquals(List.of("pcie-ssd", "sata-ssd", "hdd"), usage.stream().map(TierUsage::tier).toList());
    TierUsage pcie = usage.get(0);
    assertEquals(3, pcie.dataNodes());
    assertEquals(3, pcie.volumes());
    assertEquals(3L * (48 << 20), pcie.capacity());
    TierUsage hdd = usage.get(2);
    assertEquals(9, hdd.dataNodes());
    assertEquals(9L * (512 << 20), hdd.capacity());
    assertEquals("DISK", hdd.storageType());
    assertTrue(hdd.remaining() <= hdd.capacity());
  }

  @Test
  void badInputAndMissingPathsChangeNothing() throws Exception {
    c.write("/api/bad/f", 2, (short) 3);
    List<PlacementRules.Rule> before = new StoredRules(c.fs, c.fs.getConf()).read();

    TierResult unknownTier = tiers.moveTier("/api/bad/f", "hdd", "nvme", 1);
    assertEquals(Failure.BAD_INPUT, unknownTier.failure());
    assertTrue(unknownTier.message().contains("unknown tier 'nvme' (known: pcie-ssd, sata-ssd, hdd)"),
        unknownTier.message());
    TierResult missing = tiers.createFileTier("/api/bad/nothing-here", "hdd");
    assertEquals(Failure.NOT_FOUND, missing.failure());
    assertTrue(missing.message().contains("/api/bad/nothing-here"), missing.message());
    TierResult noneThere = tiers.moveTier("/api/bad/f", "sata-ssd", "hdd", 1);
    assertEquals(Failure.NOT_APPLICABLE, noneThere.failure());
    assertTrue(noneThere.message().contains("has 0 replica(s) in tier sata-ssd"), noneThere.message());
    TierResult badPolicy = tiers.setRepPolicy("/api/bad/f", "ratio:7", 3);
    assertEquals(Failure.BAD_INPUT, badPolicy.failure());
    TierResult sameTier = tiers.moveTier("/api/bad/f", "hdd", "hdd", 1);
    assertEquals(Failure.BAD_INPUT, sameTier.failure());

    assertEquals(before, new StoredRules(c.fs, c.fs.getConf()).read());
    assertTrue(c.tiers("/api/bad/f").stream().allMatch(List.of("hdd", "hdd", "hdd")::equals));
    assertNull(unknownTier.layout());
  }

  @Test
  void concurrentRuleWritersLoseNoRule() throws Exception {
    StoredRules rules = new StoredRules(c.fs, c.fs.getConf());
    List<Thread> writers = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String path = "/api/concurrent/" + i;
      writers.add(new Thread(() -> {
        try {
          rules.update(list -> {
            list.add(new PlacementRules.Rule(path, "layout:hdd+hdd"));
            return list;
          });
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      }));
    }
    writers.forEach(Thread::start);
    for (Thread writer : writers) {
      writer.join();
    }
    for (int i = 0; i < 6; i++) {
      assertEquals("layout:hdd+hdd", policyOf("/api/concurrent/" + i), "rule " + i + " kept");
    }
  }

  @Test
  void placeByStoragePolicyMovesAFileWithoutARuleOnlyWhereAStoragePolicyCanHoldIt() throws Exception {
    // A file on the SSD tiers (its directory's policy is ALL_SSD) goes back to the disks, as a file promoted from
    // the filer does: HOT, whose one storage type is the hdd tier alone here, then holds it, and no rule is written.
    org.apache.hadoop.fs.Path dirPath = new org.apache.hadoop.fs.Path("/api/bypolicy");
    c.fs.mkdirs(dirPath);
    c.fs.setStoragePolicy(dirPath, "ALL_SSD");
    String file = "/api/bypolicy/f";
    c.write(file, 4, (short) 2);
    waitFor(Duration.ofSeconds(30), () -> {
      try {
        return c.tiers(file).stream().allMatch(t -> t.stream().allMatch(tier -> tier.endsWith("-ssd")));
      } catch (Exception e) {
        return false;
      }
    }, file + " on SSD");
    StoredRules stored = new StoredRules(c.fs, c.fs.getConf());
    List<PlacementRules.Rule> rulesBefore = stored.read();
    TierMap tierMap = c.spec.tierMap();

    Optional<TierResult> result = tiers.placeByStoragePolicy(file, TierLayout.parse("layout:hdd+hdd", tierMap));

    assertTrue(result.isPresent(), "a storage policy can hold every replica on hdd");
    assertTrue(result.get().success(), result.get().message());
    assertEquals(4, result.get().blocks());
    c.awaitTiers(file, List.of("hdd", "hdd"));
    assertEquals("HOT", c.fs.getStoragePolicy(new org.apache.hadoop.fs.Path(file)).getName());
    assertEquals(rulesBefore, stored.read(), "no rule recorded");
    c.assertIntact(file);
    // A replica the NameNode adds follows the file's policy, not its directory's ALL_SSD.
    c.fs.setReplication(new org.apache.hadoop.fs.Path(file), (short) 3);
    c.awaitTiers(file, List.of("hdd", "hdd", "hdd"));

    // Where no storage policy can stand for the layout, nothing is changed and the caller records a rule instead.
    assertTrue(tiers.placeByStoragePolicy(file, TierLayout.parse("layout:pcie-ssd+pcie-ssd+pcie-ssd", tierMap))
        .isEmpty(), "SSD is two tiers here: the storage type does not name one");
    String ruled = "/api/bypolicy/ruled/f";
    c.write(ruled, 1, (short) 2);
    stored.update(rules -> {
      rules.add(new PlacementRules.Rule("/api/bypolicy/ruled", "tier-aware"));
      return rules;
    });
    assertTrue(tiers.placeByStoragePolicy(ruled, TierLayout.parse("layout:hdd+hdd", tierMap)).isEmpty(),
        "a Strata rule, not HDFS's placement, decides this file");
    assertEquals(Failure.NOT_FOUND,
        tiers.placeByStoragePolicy("/api/bypolicy/none", TierLayout.parse("layout:hdd", tierMap)).orElseThrow()
            .failure());
    assertEquals("HOT", c.fs.getStoragePolicy(new org.apache.hadoop.fs.Path(file)).getName(), "left as it was");

    // A layout rule for the file itself (as a demotion's first step records) gives way to the storage policy.
    String own = "/api/bypolicy/own";
    c.write(own, 2, (short) 2);
    assertTrue(tiers.setRepPolicy(own, "layout:sata-ssd+hdd", 0).success());
    c.awaitTiers(own, List.of("hdd", "sata-ssd"));
    assertEquals("layout:sata-ssd+hdd", policyOf(own));
    TierResult back = tiers.placeByStoragePolicy(own, TierLayout.parse("layout:hdd+hdd", tierMap)).orElseThrow();
    assertTrue(back.success(), back.message());
    c.awaitTiers(own, List.of("hdd", "hdd"));
    assertTrue(stored.read().stream().noneMatch(r -> r.path().equals(own)), "its rule is gone");
    assertEquals("HOT", c.fs.getStoragePolicy(new org.apache.hadoop.fs.Path(own)).getName());
    c.assertIntact(own);
  }

  @Test
  void aTargetTierWithoutRoomIsRefusedBeforeAnythingMoves() throws Exception {
    // pcie-ssd: 3 volumes of 48 MiB. Two replicas of an 80 MiB file need 160 MiB there.
    c.write("/api/full/f", 80, (short) 3);
    List<PlacementRules.Rule> before = new StoredRules(c.fs, c.fs.getConf()).read();
    int moves = crossNodeMoves.get();

    TierResult result = tiers.moveTier("/api/full/f", "hdd", "pcie-ssd", 2);

    assertFalse(result.success());
    assertEquals(Failure.NO_ROOM, result.failure());
    assertTrue(result.message().startsWith("tier pcie-ssd has "), result.message());
    assertTrue(result.message().contains("needs 160.0 MiB more there"), result.message());
    assertEquals(before, new StoredRules(c.fs, c.fs.getConf()).read(), "no layout recorded");
    assertEquals(moves, crossNodeMoves.get());
    assertTrue(c.tiers("/api/full/f").stream().allMatch(List.of("hdd", "hdd", "hdd")::equals));

    c.write("/api/full/small", 1, (short) 3);
    TierResult fourOnThree = tiers.setRepPolicy("/api/full/small", "layout:pcie-ssd+pcie-ssd+pcie-ssd+pcie-ssd", 0);
    assertEquals(Failure.NO_ROOM, fourOnThree.failure());
    assertTrue(fourOnThree.message().contains("which have 3 live DataNode(s)"), fourOnThree.message());
  }
}
