package io.strata.sim.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.popularity.FileAccess;
import io.strata.core.popularity.FileFacts;
import io.strata.core.popularity.PopularityPolicy;
import io.strata.core.popularity.PpaSettings;
import io.strata.core.popularity.StorageDecision;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.sim.engine.SimConfig;
import io.strata.sim.engine.Simulator;
import io.strata.sim.metrics.SimResult;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.trace.TraceSource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * The core's advisors, by name, inside the simulator: a hot file read by four jobs at once every five minutes, and
 * forty files read once at the start, on a small cluster of DAS nodes with a RAID filer share each.
 */
class AdvisorPoliciesInSimulatorTest {
  private static final long BLOCK = 64_000_000;
  private static final ClusterSpec SPEC = SpecParser.parse("test:das+filer", spec());

  private static String spec() {
    StringBuilder out = new StringBuilder("name: das-filer\nnetwork: {nicGbps: 10, rackUplinkGbps: 40}\n"
        + "tiers:\n  - {name: das, storageType: DISK}\n  - {name: filer, storageType: ARCHIVE}\nracks:\n");
    for (int r = 1; r <= 2; r++) {
      out.append("  - name: /rack").append(r).append("\n    nodes:\n");
      for (int n = 1; n <= 6; n++) {
        out.append("      - host: r").append(r).append('n').append(n).append("\n        volumes:\n")
            .append("          - {device: hdd, capacity: 1TB}\n          - {device: hdd, capacity: 1TB}\n")
            .append("          - {device: nas-filer, capacity: 1TB}\n");
      }
    }
    return out.toString();
  }

  private static String trace() {
    StringBuilder out = new StringBuilder();
    int job = 0;
    for (int i = 0; i < 40; i++) {
      out.append("c").append(job++).append('\t').append(i * 10).append("\t10\t").append(2 * BLOCK)
          .append("\t0\t0\tcold").append(i).append("\t\t\n");
    }
    for (int t = 600; t < 4 * 3600; t += 300) {
      for (int k = 0; k < 4; k++) {
        out.append("h").append(job++).append('\t').append(t + k).append("\t1\t").append(4 * BLOCK)
            .append("\t0\t0\thot\t\t\n");
      }
    }
    return out.toString();
  }

  private static SimConfig config(String popularity) {
    return SimConfig.builder(SPEC, TraceSource.ofText("hot-and-cold", trace()), "default", "network")
        .blockSize(BLOCK).byteScale(1.0).capacityRule(CapacityRule.FALLBACK).popularity(popularity).build();
  }

  /** The named policy, watched: its decisions, and the simulator's facts of every file after the run. */
  private static final class Watched {
    final List<StorageDecision> decisions = new ArrayList<>();
    Supplier<List<FileFacts>> files;
    SimResult result;

    FileFacts file(String path) {
      return files.get().stream().filter(f -> f.path().equals(path)).findFirst().orElse(null);
    }
  }

  private static Watched run(String popularity) {
    Watched watched = new Watched();
    SimConfig config = config(popularity);
    watched.result = Simulator.run(config, admitted -> {}, files -> {
      watched.files = files;
      // The core's default PPA constants: SIM_PPA's s = 1e-3 is sized for a day of FB-2010's 10^5-10^6 files; on
      // these 41 files it would take every file, hot ones too, to P_min each hour (see SIM_PPA).
      PopularityPolicy named = SimPolicies.popularity(popularity, config.spec(), files, PpaSettings.defaults());
      return named == null ? null : new PopularityPolicy() {
        @Override
        public String name() {
          return named.name();
        }

        @Override
        public void created(String path, long bytes, int blocks, double timeSeconds) {
          named.created(path, bytes, blocks, timeSeconds);
        }

        @Override
        public void accessed(FileAccess access) {
          named.accessed(access);
        }

        @Override
        public void deleted(String path, double timeSeconds) {
          named.deleted(path, timeSeconds);
        }

        @Override
        public List<StorageDecision> decide(double timeSeconds) {
          List<StorageDecision> decided = named.decide(timeSeconds);
          watched.decisions.addAll(decided);
          return decided;
        }
      };
    });
    return watched;
  }

  @Test
  void aptStoreGivesTheHotFileMoreReplicasAndMovesColdFilesToTheFilerUsingLessStorage() {
    Watched hadoop = run("none");
    Watched aptstore = run("aptstore");
    FileFacts hot = aptstore.file("/in/hot");
    assertNotNull(hot);
    assertTrue(hot.replication() > 3 && !hot.onSecondary(), hot.toString());
    assertEquals(3, hadoop.file("/in/hot").replication());
    FileFacts cold = aptstore.file("/in/cold7");
    assertTrue(cold.onSecondary() && cold.replication() == 1, "one replica on the RAID filer: " + cold);
    // At the end; the peak here is the moment every cold file has its filer copy and its three DAS replicas at once.
    assertTrue(aptstore.result.storage().bytes() < hadoop.result.storage().bytes(),
        aptstore.result.storage() + " vs " + hadoop.result.storage());
    assertTrue(aptstore.result.storage().bytesByTier().get("filer") > 0);
    assertTrue(aptstore.result.storage().movedBytes() > 0, "replicas are copied, not conjured");
    assertTrue(aptstore.result.network().writeBytes() > hadoop.result.network().writeBytes(),
        "the copies cross the network");
    for (Watched w : List.of(hadoop, aptstore)) {
      assertEquals(0, w.result.io().unreadableBlocks());
      assertEquals(hadoop.result.io().bytesRead(), w.result.io().bytesRead(), "the same jobs read the same bytes");
      long tiers = w.result.storage().bytesByTier().values().stream().mapToLong(Long::longValue).sum();
      assertEquals(w.result.storage().bytes(), tiers);
      // Every block of every file has exactly its file's replication once the copies are done: none short, none
      // left over from a move.
      long replicaBytes = w.files.get().stream().mapToLong(f -> f.bytes() * f.replication()).sum();
      assertEquals(w.result.storage().bytes(), replicaBytes);
    }
    assertTrue(aptstore.decisions.stream().anyMatch(d -> d.path().equals("/in/hot") && d.replication() > 3));
  }

  @Test
  void aptStorePerfPromotesButNeverDemotesAndScarlettReplicatesByConcurrency() {
    Watched hadoop = run("none");
    Watched perf = run("aptstore-perf");
    assertTrue(perf.file("/in/hot").replication() > 3, perf.file("/in/hot").toString());
    assertTrue(perf.decisions.stream().allMatch(d -> d.replication() >= 3 && "das".equals(d.tier())),
        perf.decisions.toString());
    assertEquals(0L, perf.result.storage().bytesByTier().get("filer"));
    assertTrue(perf.result.storage().peakBytes() > hadoop.result.storage().peakBytes());
    Watched scarlett = run("scarlett");
    assertEquals(5, scarlett.file("/in/hot").replication(), "max(4 concurrent reads + 1, 3)");
    assertEquals(3, scarlett.file("/in/cold7").replication());
  }

  @Test
  void unknownPopularityPoliciesAreRefusedByName() {
    ConfigException e = assertThrows(ConfigException.class, () -> SimPolicies.checkPopularity("aptstor"));
    assertTrue(e.getMessage().contains("'aptstor'") && e.getMessage().contains("aptstore-perf"), e.getMessage());
    assertEquals("das", SimPolicies.primaryTier(SPEC));
    assertEquals("filer", SimPolicies.secondaryTier(SPEC));
  }
}
