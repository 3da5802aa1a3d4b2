package io.strata.core.popularity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AdvisorPopularityPolicyTest {
  /** The caller's files: what it reports as facts, and where it applies decisions. */
  private final Map<String, FileFacts> files = new LinkedHashMap<>();

  private void file(String path) {
    files.put(path, new FileFacts(path, 3, false, 64L << 20, 1));
  }

  private AdvisorPopularityPolicy policy(String name, ReplicationAdvisor advisor, String secondaryTier) {
    return new AdvisorPopularityPolicy(name, advisor, "das", secondaryTier, () -> new ArrayList<>(files.values()));
  }

  /**
   * An hour: /hot read every minute, /warm twice, /cold once at the start. The files exist from before (no creation
   * in the hour): a read right after a creation would count as a very frequent access (Eq. 1's a(f) runs from the
   * creation, which is P_1).
   */
  private static void hour(PopularityPolicy policy) {
    policy.accessed(new FileAccess("/cold", 1, 64L << 20, 1, null));
    policy.accessed(new FileAccess("/warm", 2, 64L << 20, 1, null));
    for (int m = 0; m < 60; m++) {
      policy.accessed(new FileAccess("/hot", m * 60 + 5, 64L << 20, 1, null));
    }
    policy.accessed(new FileAccess("/warm", 3540, 64L << 20, 1, null));
  }

  private static Map<String, StorageDecision> byPath(List<StorageDecision> decisions) {
    Map<String, StorageDecision> map = new HashMap<>();
    decisions.forEach(d -> map.put(d.path(), d));
    return map;
  }

  private void apply(List<StorageDecision> decisions) {
    for (StorageDecision d : decisions) {
      FileFacts f = files.get(d.path());
      files.put(d.path(), new FileFacts(d.path(), d.replication(), "filer".equals(d.tier()), f.bytes(), f.blocks()));
    }
  }

  @Test
  void aptStoreThroughTheHookPromotesTheHotFileAndMovesTheColdOneToTheFiler() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), 16), "filer");
    hour(policy);
    Map<String, StorageDecision> decided = byPath(policy.decide(3600));
    StorageDecision hot = decided.get("/hot");
    assertNotNull(hot, "the hot file changes: " + decided);
    assertTrue(hot.replication() > 3, hot.toString());
    assertEquals("das", hot.tier());
    StorageDecision cold = decided.get("/cold");
    assertNotNull(cold, "the cold file changes: " + decided);
    assertEquals(new StorageDecision("/cold", 1, "filer"), cold, "the filer protects it: one replica there");
    assertEquals(1, policy.plans());
    assertEquals(0, policy.rejectedPlans());
  }

  @Test
  void onlyChangesAreDecidedAndAnAppliedDecisionIsNotRepeated() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), 16), "filer");
    hour(policy);
    List<StorageDecision> first = policy.decide(3600);
    for (StorageDecision d : first) {
      FileFacts before = files.get(d.path());
      assertTrue(d.replication() != before.replication() || "filer".equals(d.tier()) != before.onSecondary(),
          "a decision changes its file: " + d);
    }
    apply(first);
    // A quiet hour: the cold file is still cold and already on the filer, so it is not decided again.
    Map<String, StorageDecision> second = byPath(policy.decide(7200));
    assertNull(second.get("/cold"), second.toString());
  }

  @Test
  void aDecisionTheCallerHasNotAppliedIsMadeAgain() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), 16), "filer");
    hour(policy);
    assertNotNull(byPath(policy.decide(3600)).get("/cold"));
    assertNotNull(byPath(policy.decide(7200)).get("/cold"), "facts still say 3 replicas on primary");
  }

  @Test
  void aptStorePerfIsTheSameAdvisorWithoutDemotion() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore-perf",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true).withoutDemotion(), 16),
        "filer");
    hour(policy);
    Map<String, StorageDecision> decided = byPath(policy.decide(3600));
    assertTrue(decided.get("/hot").replication() > 3, decided.toString());
    assertNull(decided.get("/cold"), "never demoted, never below 3: " + decided);
    assertTrue(decided.values().stream().allMatch(d -> d.replication() >= 3 && "das".equals(d.tier())),
        decided.toString());
  }

  @Test
  void scarlettThroughTheHookReplicatesByConcurrentReads() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("scarlett",
        new ScarlettAdvisor(DecisionRules.defaults(100, false), new ScarlettSettings(1, 0.5, 60)), null);
    for (int i = 0; i < 6; i++) {
      policy.accessed(new FileAccess("/hot", 10 + i, 64L << 20, 1, null)); // six reads within a minute
    }
    policy.accessed(new FileAccess("/cold", 100, 64L << 20, 1, null));
    Map<String, StorageDecision> decided = byPath(policy.decide(3600));
    assertEquals(new StorageDecision("/hot", 7, "das"), decided.get("/hot"), "max(6 + 1, 3)");
    assertEquals(1, decided.size(), decided.toString());
  }

  @Test
  void withoutASecondaryTierADemotionOnlyLowersReplication() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, false), 16), null);
    hour(policy);
    StorageDecision cold = byPath(policy.decide(3600)).get("/cold");
    assertEquals(new StorageDecision("/cold", 2, "das"), cold, "minimum replication, kept on the primary tier");
  }

  @Test
  void aPlanAboveTheLossBoundChangesNothing() {
    List.of("/hot", "/warm", "/cold").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(5, false).withLossBound(1e-12), 16), null);
    hour(policy);
    assertEquals(List.of(), policy.decide(3600));
    assertEquals(1, policy.rejectedPlans());
    assertTrue(policy.lastRejection().contains("above the bound"), policy.lastRejection());
  }

  @Test
  void aFileReadRightAfterItsCreationCountsAsFrequentlyRead() {
    List.of("/new", "/old").forEach(this::file);
    AdvisorPopularityPolicy policy = policy("aptstore",
        new AptStoreAdvisor(PpaSettings.defaults(), DecisionRules.defaults(100, true), 16), "filer");
    policy.accessed(new FileAccess("/old", 0, 64L << 20, 1, null));
    policy.created("/new", 64L << 20, 1, 1000);
    policy.accessed(new FileAccess("/new", 1010, 64L << 20, 1, null));
    policy.accessed(new FileAccess("/old", 3000, 64L << 20, 1, null));
    Map<String, StorageDecision> decided = byPath(policy.decide(3600));
    assertTrue(decided.get("/new").replication() > 3, decided.toString());
    assertEquals("filer", decided.get("/old").tier(), decided.toString());
  }

  @Test
  void auditEventsCanBeMadeOutsideTheParser() {
    AuditEvent event = AuditEvent.of(5_000, AuditEvent.Command.RENAME, "/a", "/b");
    assertEquals(5_000, event.timeMillis());
    assertTrue(event.allowed());
    assertEquals("/b", event.dst());
    assertThrows(IllegalArgumentException.class, () -> AuditEvent.of(0, AuditEvent.Command.OPEN, null, null));
  }
}
