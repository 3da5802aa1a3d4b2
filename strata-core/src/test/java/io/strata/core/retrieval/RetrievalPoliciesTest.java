package io.strata.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * Seeded draws: shares of first choices must sit within four standard deviations of what the weights say
 * (a failure by chance has odds below 1 in 15,000 per check, and the seed fixes it anyway).
 */
class RetrievalPoliciesTest {
  private static final int DRAWS = 600;
  private final ClusterSpec hats = Presets.load("hats");
  private final RetrievalSettings settings = RetrievalSettings.defaults(hats);
  private final ReplicaChoice pcie = new ReplicaChoice("r1n1", "/rack1", "pcie-ssd", 0);
  private final ReplicaChoice sata = new ReplicaChoice("r2n2", "/rack2", "sata-ssd", 0);
  private final ReplicaChoice hdd = new ReplicaChoice("r3n3", "/rack3", "hdd", 0);

  private Map<String, Double> firstChoiceShares(RetrievalPolicy policy, String readerHost, String readerRack,
      List<ReplicaChoice> replicas) {
    SplittableRandom random = new SplittableRandom(42);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      List<ReplicaChoice> order = policy.order(readerHost, readerRack, replicas, random);
      assertEquals(new HashSet<>(replicas), new HashSet<>(order), "an order is a permutation");
      assertEquals(replicas.size(), order.size());
      counts.merge(order.get(0).tier(), 1, Integer::sum);
    }
    Map<String, Double> shares = new HashMap<>();
    counts.forEach((tier, n) -> shares.put(tier, n / (double) DRAWS));
    return shares;
  }

  private static void assertShare(double expected, Double actual, String what) {
    double sd = Math.sqrt(expected * (1 - expected) / DRAWS);
    double got = actual == null ? 0 : actual;
    assertTrue(Math.abs(got - expected) <= 4 * sd + 1e-9,
        what + ": share " + got + ", expected " + expected + " +- " + 4 * sd);
  }

  @Test
  void tierWeightedReadsEachTierInProportionToItsBandwidth() {
    Map<String, Double> shares = firstChoiceShares(RetrievalPolicies.parse("tier-weighted", settings), null, null,
        List.of(hdd, sata, pcie));
    double total = 533 + 191 + 61;
    assertShare(533 / total, shares.get("pcie-ssd"), "pcie-ssd");
    assertShare(191 / total, shares.get("sata-ssd"), "sata-ssd");
    assertShare(61 / total, shares.get("hdd"), "hdd");
  }

  @Test
  void overriddenWeightsShiftTheShares() {
    RetrievalSettings even = settings.withWeights("pcie-ssd:1,sata-ssd:1,hdd:1", hats.tierMap());
    Map<String, Double> shares = firstChoiceShares(RetrievalPolicies.parse("tier-weighted", even), null, null,
        List.of(hdd, sata, pcie));
    assertShare(1 / 3.0, shares.get("hdd"), "hdd with equal weights");
    assertTrue(assertThrows(ConfigException.class, () -> settings.withWeights("tape:3", hats.tierMap()))
        .getMessage().contains("unknown tier 'tape'"));
    assertTrue(assertThrows(ConfigException.class, () -> settings.withWeights("hdd:0", hats.tierMap()))
        .getMessage().contains("must be > 0"));
    assertTrue(assertThrows(ConfigException.class, () -> settings.withWeights("hdd", hats.tierMap()))
        .getMessage().contains("not TIER:WEIGHT"));
  }

  @Test
  void networkReadsLocalThenRackThenRemote() {
    RetrievalPolicy network = RetrievalPolicies.parse("network", settings);
    ReplicaChoice rackMate = new ReplicaChoice("r3n1", "/rack3", "pcie-ssd", 0);
    List<ReplicaChoice> order = network.order("r3n3", "/rack3", List.of(pcie, rackMate, hdd), new SplittableRandom(1));
    assertEquals(List.of(hdd, rackMate, pcie), order);
  }

  @Test
  void hybridWeighsDeviceSpeedAgainstNetworkCost() {
    HybridRetrieval hybrid = (HybridRetrieval) RetrievalPolicies.parse("hybrid", settings);
    // Reader on r3n3, which holds the HDD replica: local HDD at 61 MB/s against PCIe two racks away.
    double local = hybrid.deliveredMBps("r3n3", "/rack3", hdd, 61);
    double remote = hybrid.deliveredMBps("r3n3", "/rack3", pcie, 533);
    assertEquals(61, local, 1e-9);
    assertEquals(1 / (1 / 533.0 + 1 / settings.remoteMBps()), remote, 1e-9);
    Map<String, Double> shares = firstChoiceShares(hybrid, "r3n3", "/rack3", List.of(hdd, pcie));
    assertShare(remote / (remote + local), shares.get("pcie-ssd"), "remote pcie vs local hdd");
    // Tier-weighted ignores that the HDD replica is local; hybrid gives it more reads.
    Map<String, Double> tierOnly = firstChoiceShares(RetrievalPolicies.parse("tier-weighted", settings), "r3n3",
        "/rack3", List.of(hdd, pcie));
    assertTrue(shares.getOrDefault("hdd", 0.0) > tierOnly.getOrDefault("hdd", 0.0));
  }

  @Test
  void adaptiveShedsReadsFromABusyFastReplica() {
    RetrievalPolicy adaptive = RetrievalPolicies.parse("adaptive", settings);
    ReplicaChoice busyPcie = new ReplicaChoice("r1n1", "/rack1", "pcie-ssd", 12);
    Map<String, Double> busy = firstChoiceShares(adaptive, null, null, List.of(busyPcie, sata));
    Map<String, Double> idle = firstChoiceShares(adaptive, null, null, List.of(pcie, sata));
    assertTrue(busy.get("sata-ssd") > 0.5, "a PCIe SSD serving 12 reads is slower than an idle SATA SSD: " + busy);
    assertTrue(idle.get("pcie-ssd") > 0.5, "idle, the PCIe SSD wins: " + idle);
  }

  @Test
  void adaptiveNeverLeavesALocalReplicaForOneThatDeliversLess() {
    RetrievalPolicy adaptive = RetrievalPolicies.parse("adaptive", settings);
    HybridRetrieval hybrid = (HybridRetrieval) RetrievalPolicies.parse("hybrid", settings);
    // Reader on r2n2, which holds the SATA SSD replica: the PCIe SSD and the HDD are two racks away.
    Map<String, Double> fromSata = firstChoiceShares(adaptive, "r2n2", "/rack2", List.of(pcie, sata, hdd));
    assertEquals(Map.of("sata-ssd", 1.0), fromSata, "local SATA (191 MB/s) beats remote PCIe ("
        + hybrid.deliveredMBps("r2n2", "/rack2", pcie, 533) + " MB/s over the network)");
    List<ReplicaChoice> order = adaptive.order("r2n2", "/rack2", List.of(hdd, sata, pcie), new SplittableRandom(7));
    assertEquals(sata, order.get(0));
    assertEquals(new HashSet<>(List.of(pcie, hdd)), new HashSet<>(order.subList(1, 3)), "the others stay as fallback");
    // Hybrid's plain weighted draw sends a share of these reads off the node to slower replicas.
    assertTrue(firstChoiceShares(hybrid, "r2n2", "/rack2", List.of(pcie, sata, hdd)).get("sata-ssd") < 0.8);

    // Reader on r3n3, holding the HDD replica: remote PCIe delivers more than the local HDD and shares the reads
    // by weight; remote SATA delivers less than the local HDD and is never first.
    double local = hybrid.deliveredMBps("r3n3", "/rack3", hdd, 61);
    double remotePcie = hybrid.deliveredMBps("r3n3", "/rack3", pcie, 533);
    assertTrue(hybrid.deliveredMBps("r3n3", "/rack3", sata, 191) < local);
    Map<String, Double> fromHdd = firstChoiceShares(adaptive, "r3n3", "/rack3", List.of(pcie, sata, hdd));
    assertShare(remotePcie / (remotePcie + local), fromHdd.get("pcie-ssd"), "remote pcie vs local hdd");
    assertEquals(null, fromHdd.get("sata-ssd"), "remote SATA never first: " + fromHdd);
  }

  @Test
  void unknownPolicyNamesTheKnownOnes() {
    ConfigException e = assertThrows(ConfigException.class, () -> RetrievalPolicies.parse("closest", settings));
    assertTrue(e.getMessage().contains("network, tier-weighted, hybrid, adaptive"), e.getMessage());
  }
}
