package io.strata.sim.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.sim.engine.BatchRunner;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.metrics.SimResult;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The 500-node scenario on the first few hundred jobs of its trace: small enough for every build. */
class Hats500SmokeTest {
  static final int JOBS = 300;

  @Test
  void allFourPoliciesReplayTheJobsOnFiveHundredNodesAndBehaveAsDesigned() {
    Scenario scenario = Scenarios.get("hats-500");
    List<SimConfig> runs = scenario.groups(new Scenario.Options(42, JOBS)).get(0).runs();
    assertEquals(500, runs.get(0).spec().nodes().size());
    List<SimResult> results = BatchRunner.run(runs, 2, false);
    SimResult network = results.get(0);
    SimResult tierAware = results.get(1);
    SimResult hybrid = results.get(2);
    for (SimResult r : results) {
      String run = r.run().label();
      assertEquals(JOBS, r.jobs(), run);
      assertEquals(0, r.io().unreadableBlocks(), run);
      assertEquals(network.io().bytesRead(), r.io().bytesRead(), run + ": the same jobs read the same bytes");
      assertEquals(1.0, sum(r.io().shareByTier()), 1e-9, run);
      assertEquals(1.0, sum(r.io().shareByLocality()), 1e-9, run);
      assertTrue(r.network().crossRackBytes() <= r.network().bytes(), run);
      assertEquals(r.network().bytes(),
          r.network().readBytes() + r.network().shuffleBytes() + r.network().writeBytes(), run);
      long tiers = r.storage().bytesByTier().values().stream().mapToLong(Long::longValue).sum();
      assertEquals(r.storage().bytes(), tiers, run);
      assertTrue(r.energy().joules() > 0, run);
    }
    // Network-aware retrieval reads local replicas when the scheduler put the map by one; the others give that up
    // for the PCIe tier.
    double pcieNetwork = network.io().shareByTier().get("pcie-ssd");
    assertTrue(network.io().shareByLocality().get("node-local") > 0.9, network.io().shareByLocality().toString());
    assertTrue(tierAware.io().shareByTier().get("pcie-ssd") > pcieNetwork + 0.2,
        tierAware.io().shareByTier().toString());
    assertTrue(hybrid.io().shareByTier().get("pcie-ssd") > pcieNetwork + 0.2, hybrid.io().shareByTier().toString());
    assertTrue(tierAware.io().avgRateMBps() > network.io().avgRateMBps());
    assertTrue(tierAware.network().readBytes() > network.network().readBytes());
  }

  private static double sum(Map<String, Double> shares) {
    return shares.values().stream().mapToDouble(Double::doubleValue).sum();
  }
}
