package io.strata.core.retrieval;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.spec.Presets;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class PrimaryFirstRetrievalTest {
  private final RetrievalPolicy policy = RetrievalPolicies.parse("primary-first",
      RetrievalSettings.defaults(Presets.load("energy")));

  @Test
  void theEnergyPresetsBackupTierIsKnownFromTheSpec() {
    assertEquals(Set.of("backup"), RetrievalSettings.defaults(Presets.load("energy")).backupTiers());
  }

  @Test
  void aRemotePrimaryComesBeforeANodeLocalBackup() {
    ReplicaChoice localBackup = new ReplicaChoice("e1", "/rack1", "backup", 0);
    ReplicaChoice remoteBackup = new ReplicaChoice("e3", "/rack2", "backup", 0);
    ReplicaChoice rackPrimary = new ReplicaChoice("e2", "/rack1", "primary", 0);
    SplittableRandom random = new SplittableRandom(1);
    for (int i = 0; i < 50; i++) {
      List<ReplicaChoice> order = policy.order("e1", "/rack1", List.of(localBackup, remoteBackup, rackPrimary), random);
      assertEquals(List.of(rackPrimary, localBackup, remoteBackup), order);
    }
  }

  @Test
  void withoutAPrimaryTheBackupsAreReadInNetworkOrder() {
    ReplicaChoice remote = new ReplicaChoice("e3", "/rack2", "backup", 0);
    ReplicaChoice local = new ReplicaChoice("e1", "/rack1", "backup", 0);
    assertEquals(List.of(local, remote), policy.order("e1", "/rack1", List.of(remote, local), new SplittableRandom(2)));
  }

  @Test
  void onAClusterWithoutBackupTiersItIsHdfsNetworkOrder() {
    RetrievalPolicy onHats = RetrievalPolicies.parse("primary-first", RetrievalSettings.defaults(Presets.load("hats")));
    ReplicaChoice remote = new ReplicaChoice("r3n3", "/rack3", "hdd", 0);
    ReplicaChoice local = new ReplicaChoice("r1n1", "/rack1", "pcie-ssd", 0);
    assertEquals(List.of(local, remote),
        onHats.order("r1n1", "/rack1", List.of(remote, local), new SplittableRandom(3)));
  }
}
