package io.strata.sim.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.popularity.FileAccess;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.core.popularity.StorageDecision;
import io.strata.core.spec.Presets;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.trace.TraceSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The simulator feeds a popularity policy every access and applies its decisions at each reference time. */
class PopularityHooksTest {
  /** Records what it is told; at its first reference time makes /in/hot five-way and /in/cold single, on HDD. */
  static final class Recorder implements PopularityPolicy {
    final List<String> events = new ArrayList<>();

    @Override
    public String name() {
      return "recorder";
    }

    @Override
    public void created(String path, long bytes, int blocks, double timeSeconds) {
      events.add("created " + path + " " + bytes + " @" + timeSeconds);
    }

    @Override
    public void accessed(FileAccess access) {
      events.add("accessed " + access.path() + " " + access.bytes() + " @" + access.timeSeconds());
    }

    @Override
    public void deleted(String path, double timeSeconds) {
      events.add("deleted " + path);
    }

    @Override
    public List<StorageDecision> decide(double timeSeconds) {
      events.add("decide @" + timeSeconds);
      return timeSeconds == 100
          ? List.of(new StorageDecision("/in/hot", 5, null), new StorageDecision("/in/cold", 1, "hdd"))
          : List.of();
    }
  }

  @Test
  void accessesReachThePolicyAndItsDecisionsChangeReplicasAtTheReferenceTime() {
    String trace = "j0\t0\t0\t64000000\t0\t0\thot\t\t\n"
        + "j1\t10\t10\t64000000\t0\t0\tcold\t\t\n"
        + "j2\t150\t140\t64000000\t0\t0\thot\t\t\n";
    SimConfig config = SimConfig.builder(Presets.load("hats"), TraceSource.ofText("t", trace), "default", "network")
        .blockSize(64_000_000).byteScale(1.0).capacityRule(CapacityRule.FALLBACK).popularity("recorder")
        .referenceSeconds(100).build();
    Recorder recorder = new Recorder();
    SimResult result = Simulator.run(config, admitted -> {}, recorder);
    // Input files count as loaded before their first read: no creation is reported for them.
    assertEquals(List.of(
        "accessed /in/hot 64000000 @0.0",
        "accessed /in/cold 64000000 @10.0",
        "decide @100.0",
        "accessed /in/hot 64000000 @150.0"), recorder.events);
    // 'default' keeps every replica on HDD: /in/hot gains two replicas (copied, then readable), /in/cold keeps one of
    // its three.
    assertEquals(2 * 64_000_000L, result.storage().movedBytes());
    assertEquals((5 + 1) * 64_000_000L, result.storage().bytes());
    assertEquals((5 + 1) * 64_000_000L, (long) result.storage().bytesByTier().get("hdd"));
  }
}
