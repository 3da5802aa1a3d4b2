package io.strata.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NetworkSpec;
import io.strata.core.spec.Presets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Seeded draws; each check is one a wrong order (hybrid's, adaptive's, a strict best choice) would fail. */
class RateAwareRetrievalTest {
  private static final int DRAWS = 2_000;
  private final ClusterSpec hats = Presets.load("hats");
  /** The hosts run of the issue: 1 Gbit/s NICs, 250 Mbit/s uplinks shared by 3 nodes, 10 streams per node. */
  private final RetrievalSettings slowLinks = RetrievalSettings.defaults(hats.tierMap(), new NetworkSpec(1, 0.25), 3);
  /** The hats preset's own links: 10 Gbit/s NICs, 20 Gbit/s uplinks. */
  private final RetrievalSettings fastLinks = RetrievalSettings.defaults(hats);

  private static ReplicaChoice replica(String host, String tier, int transfers) {
    return new ReplicaChoice(host, "/rack" + host.charAt(1), tier, transfers);
  }

  /** How often each host came first over {@link #DRAWS} orders, each checked to be a permutation. */
  private static Map<String, Integer> firstHosts(RetrievalPolicy policy, String readerHost, List<ReplicaChoice> rs) {
    SplittableRandom random = new SplittableRandom(7);
    Map<String, Integer> counts = new HashMap<>();
    for (int i = 0; i < DRAWS; i++) {
      List<ReplicaChoice> order = policy.order(readerHost, "/rack" + readerHost.charAt(1), rs, random);
      assertEquals(rs.size(), order.size());
      assertEquals(new HashSet<>(rs), new HashSet<>(order), "an order is a permutation");
      counts.merge(order.get(0).host(), 1, Integer::sum);
    }
    return counts;
  }

  @Test
  void aLocalHddBeatsARemoteSsdOverASlowUplinkEveryTime() {
    List<ReplicaChoice> rs = List.of(replica("r1n2", "hdd", 0), replica("r2n1", "pcie-ssd", 0),
        replica("r3n2", "sata-ssd", 0));
    RetrievalPolicy rateAware = RetrievalPolicies.parse("rate-aware", slowLinks);
    assertEquals(Map.of("r1n2", DRAWS), firstHosts(rateAware, "r1n2", rs));
    // hybrid draws by rate and so sends some of these reads across the 250 Mbit/s uplink
    Map<String, Integer> hybrid = firstHosts(RetrievalPolicies.parse("hybrid", slowLinks), "r1n2", rs);
    assertTrue(hybrid.getOrDefault("r1n2", 0) < DRAWS, "hybrid leaves the node sometimes: " + hybrid);
  }

  @Test
  void aReaderLeavesItsHddForAnSsdOnlyWhenTheLinksDeliverMore() {
    List<ReplicaChoice> rs = List.of(replica("r1n2", "hdd", 0), replica("r1n1", "pcie-ssd", 0),
        replica("r3n2", "sata-ssd", 0));
    // 10 Gbit/s NIC, 10 streams: a rack-local PCIe SSD delivers 125 MB/s against the local HDD's 61
    assertEquals(Map.of("r1n1", DRAWS), firstHosts(RetrievalPolicies.parse("rate-aware", fastLinks), "r1n2", rs));
    // 1 Gbit/s NIC, 10 streams: 12.5 MB/s, less than the HDD; the read stays on the node
    assertEquals(Map.of("r1n2", DRAWS), firstHosts(RetrievalPolicies.parse("rate-aware", slowLinks), "r1n2", rs));
  }

  @Test
  void aReaderStaysOnItsDiskForAGainStaleLoadCouldExplainAndLeavesForAClearOne() {
    RetrievalPolicy rateAware = RetrievalPolicies.parse("rate-aware", fastLinks);
    // Local HDD with one transfer (30.5 MB/s each) against an idle rack-local HDD (61): twice, not more than twice.
    List<ReplicaChoice> oneMore = List.of(replica("r1n2", "hdd", 1), replica("r1n1", "hdd", 0),
        replica("r3n2", "hdd", 0));
    assertEquals(Map.of("r1n2", DRAWS), firstHosts(rateAware, "r1n2", oneMore));
    // With three transfers (15.25 MB/s each) the idle neighbour delivers four times as much: the reader leaves.
    List<ReplicaChoice> busy = List.of(replica("r1n2", "hdd", 3), replica("r1n1", "hdd", 0),
        replica("r3n2", "hdd", 0));
    assertEquals(Map.of("r1n1", DRAWS), firstHosts(rateAware, "r1n2", busy));
  }

  @Test
  void aLoadedFastNodeShedsReads() {
    RetrievalPolicy rateAware = RetrievalPolicies.parse("rate-aware", fastLinks);
    // no local replica; idle, the rack-local PCIe and SATA SSDs both fill the 125 MB/s per stream and share reads,
    // the PCIe SSD, with more of its device left, about three in four
    List<ReplicaChoice> idle = List.of(replica("r1n1", "pcie-ssd", 0), replica("r1n3", "sata-ssd", 0),
        replica("r2n2", "hdd", 0));
    Map<String, Integer> shared = firstHosts(rateAware, "r1n2", idle);
    assertTrue(shared.getOrDefault("r1n1", 0) > shared.getOrDefault("r1n3", 0)
        && shared.getOrDefault("r1n3", 0) > DRAWS / 6, "alike replicas share the reads: " + shared);
    // the PCIe node serving 19 transfers delivers 533/20 = 27 MB/s: every read goes to the idle SATA SSD
    List<ReplicaChoice> hot = List.of(replica("r1n1", "pcie-ssd", 19), replica("r1n3", "sata-ssd", 0),
        replica("r2n2", "hdd", 0));
    assertEquals(Map.of("r1n3", DRAWS), firstHosts(rateAware, "r1n2", hot));
    // and its own reader leaves it for the idle rack-local SATA SSD
    List<ReplicaChoice> hotLocal = List.of(replica("r1n1", "pcie-ssd", 19), replica("r1n3", "sata-ssd", 0),
        replica("r2n2", "hdd", 0));
    assertEquals(Map.of("r1n3", DRAWS), firstHosts(rateAware, "r1n1", hotLocal));
  }

  @Test
  void whenTheLinksCapEveryReplicaTheLessLoadedDeviceStillWinsMostReads() {
    // 1 Gbit/s NICs and 10 streams cap both rack-local replicas at 12.5 MB/s, far below either device's share; the
    // PCIe node serves 3 transfers (533 / 4 = 133 MB/s left), the SATA node none (191): the SATA SSD is better.
    List<ReplicaChoice> rs = List.of(replica("r1n1", "pcie-ssd", 3), replica("r1n3", "sata-ssd", 0),
        replica("r2n2", "hdd", 0));
    Map<String, Integer> firsts = firstHosts(RetrievalPolicies.parse("rate-aware", slowLinks), "r1n2", rs);
    // The better of two draws at equal weight: the loaded node wins only when both draws are it, a quarter.
    assertTrue(firsts.getOrDefault("r1n3", 0) > DRAWS * 2 / 3, "the idle node takes most reads: " + firsts);
    assertTrue(firsts.getOrDefault("r1n1", 0) > DRAWS / 6, "the loaded one still gets some: " + firsts);
    assertEquals(2, firsts.size(), "no read crosses the uplink: " + firsts);
  }

  @Test
  void staleLoadDoesNotHerdEveryReaderOntoOneNode() {
    // Readers that open at once see the same heartbeat figures; a strict best choice would send all of them to
    // the node reporting one transfer fewer. The better of two draws still spreads them.
    RetrievalPolicy rateAware = RetrievalPolicies.parse("rate-aware", fastLinks);
    List<ReplicaChoice> rs = List.of(replica("r2n1", "hdd", 1), replica("r2n2", "hdd", 2),
        replica("r2n3", "hdd", 2));
    Map<String, Integer> firsts = firstHosts(rateAware, "r1n2", rs);
    assertTrue(firsts.getOrDefault("r2n1", 0) > DRAWS / 3, "the least loaded node is favoured: " + firsts);
    assertTrue(firsts.getOrDefault("r2n1", 0) < DRAWS * 3 / 4, "but does not take every read: " + firsts);
    assertEquals(3, firsts.size(), "every alike replica gets reads: " + firsts);
  }

  @Test
  void onAllAlikeNodesItIsNeverWorseThanNetworkOrder() {
    // Every replica on an HDD: for every reader and every 3-replica set of the 9 hats hosts, under random loads and
    // on slow and fast links, the first replica is never farther than network's unless it delivers more, and on
    // average it delivers at least as much.
    for (RetrievalSettings alike : List.of(slowLinks, fastLinks)) {
      neverWorseThanNetwork(alike);
    }
  }

  private void neverWorseThanNetwork(RetrievalSettings alike) {
    RetrievalPolicy rateAware = RetrievalPolicies.parse("rate-aware", alike);
    RetrievalPolicy network = RetrievalPolicies.parse("network", alike);
    RateAwareRetrieval rates = new RateAwareRetrieval(alike);
    List<String> hosts = new ArrayList<>();
    hats.nodes().forEach(n -> hosts.add(n.host()));
    SplittableRandom random = new SplittableRandom(11);
    double rateAwareSum = 0;
    double networkSum = 0;
    for (String reader : hosts) {
      String rack = "/rack" + reader.charAt(1);
      for (int a = 0; a < hosts.size(); a++) {
        for (int b = a + 1; b < hosts.size(); b++) {
          for (int c = b + 1; c < hosts.size(); c++) {
            List<ReplicaChoice> rs = List.of(replica(hosts.get(a), "hdd", random.nextInt(4)),
                replica(hosts.get(b), "hdd", random.nextInt(4)), replica(hosts.get(c), "hdd", random.nextInt(4)));
            ReplicaChoice ours = rateAware.order(reader, rack, rs, random).get(0);
            ReplicaChoice theirs = network.order(reader, rack, rs, random).get(0);
            assertTrue(Locality.of(reader, rack, ours).compareTo(Locality.of(reader, rack, theirs)) <= 0
                || rates.deliveredMBps(Locality.of(reader, rack, ours), ours) > rates
                    .deliveredMBps(Locality.of(reader, rack, theirs), theirs),
                reader + " reads " + ours + " though network gives " + theirs);
            rateAwareSum += rates.deliveredMBps(Locality.of(reader, rack, ours), ours);
            networkSum += rates.deliveredMBps(Locality.of(reader, rack, theirs), theirs);
          }
        }
      }
    }
    assertTrue(rateAwareSum >= networkSum, "rate-aware " + rateAwareSum + " MB/s against network " + networkSum);
  }

  @Test
  void itIsMadeByNameAndListed() {
    assertEquals("rate-aware", RetrievalPolicies.parse("rate-aware", fastLinks).name());
    assertTrue(RetrievalPolicies.NAMES.contains("rate-aware"));
  }
}
