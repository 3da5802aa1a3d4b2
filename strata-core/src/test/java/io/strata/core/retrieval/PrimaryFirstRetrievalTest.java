package io.strata.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.spec.Presets;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PrimaryFirstRetrievalTest {
  private final RetrievalSettings settings = RetrievalSettings.defaults(Presets.load("energy"));
  private final RetrievalPolicy policy = RetrievalPolicies.parse("primary-first", settings);
  private final ReplicaChoice primaryOnE1 = new ReplicaChoice("e1", "/rack1", "primary", 0);
  private final ReplicaChoice backupOnE2 = new ReplicaChoice("e2", "/rack1", "backup", 0);
  private final ReplicaChoice backupOnE3 = new ReplicaChoice("e3", "/rack1", "backup", 0);

  @Test
  void theEnergyPresetsBackupTierIsKnownToTheSettings() {
    assertEquals(Set.of("backup"), settings.backupTiers());
  }

  @Test
  void aRemotePrimaryComesBeforeANodeLocalBackup() {
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 50; i++) {
      List<ReplicaChoice> order = policy.order("e2", "/rack1", List.of(backupOnE3, backupOnE2, primaryOnE1), random);
      assertEquals(primaryOnE1, order.get(0));
      assertEquals(backupOnE2, order.get(1), "among backups the network order holds: node-local first");
      assertEquals(3, order.size());
    }
  }

  @Test
  void withNoLivePrimaryTheBackupsAreReadInNetworkOrder() {
    List<ReplicaChoice> order = policy.order("e3", "/rack1", List.of(backupOnE2, backupOnE3), new SplittableRandom(1));
    assertEquals(List.of(backupOnE3, backupOnE2), order);
  }
}
