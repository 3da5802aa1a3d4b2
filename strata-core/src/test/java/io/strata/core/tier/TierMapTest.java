package io.strata.core.tier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TierMapTest {
  @Test
  void tiersAreRankedByBandwidthThenIopsThenKind() {
    TierMap map = TierMap.of(List.of(), List.of(
        new TierMap.TierSpeed("hdd", StorageKind.DISK, 61, 3500),
        new TierMap.TierSpeed("pcie", StorageKind.SSD, 533, 70000),
        new TierMap.TierSpeed("sata", StorageKind.SSD, 191, 25000),
        new TierMap.TierSpeed("sata-fewer-iops", StorageKind.SSD, 191, 20000)));
    assertEquals(List.of("pcie", "sata", "sata-fewer-iops", "hdd"), map.tiers().stream().map(Tier::name).toList());
    assertEquals(0, map.get("pcie").rank());
    assertEquals(3, map.get("hdd").rank());
  }

  @Test
  void aTierDescribesItselfByNameSpeedAndRole() {
    assertEquals("pcie-ssd 533 MB/s", new Tier("pcie-ssd", StorageKind.SSD, 0, 533, 70000, false).describe());
    assertEquals("archive 61 MB/s (backup)", new Tier("archive", StorageKind.DISK, 1, 61.5, 3500, true).describe());
    assertEquals("disk", new Tier("disk", StorageKind.DISK, 0, 0, 0, false).describe());
  }

  @Test
  void rulesSplitOneStorageTypeByHostAndUnclaimedVolumesFallToTheKindDefault() {
    TierMap map = TierMap.of(List.of(new TierRule("pcie", StorageKind.SSD, List.of("r*n1"), null)), List.of());
    assertEquals("pcie", map.tierName("r2n1", StorageKind.SSD, null));
    assertEquals("ssd", map.tierName("r2n2", StorageKind.SSD, null));
    assertEquals("disk", map.tierName("r2n1", StorageKind.DISK, null));
  }

  @Test
  void deviceRulesOnlyClaimTheirDeviceWhenTheDeviceIsKnown() {
    TierRule rule = new TierRule("fast", StorageKind.SSD, List.of(), "pcie-ssd");
    assertEquals(true, rule.matches("any", StorageKind.SSD, "pcie-ssd"));
    assertEquals(false, rule.matches("any", StorageKind.SSD, "sata-ssd"));
    assertEquals(false, rule.matches("any", StorageKind.DISK, "pcie-ssd"));
  }

  @Test
  void withoutConfigurationEachStorageTypeIsATierInHdfsOrder() {
    TierMap map = TierMap.byStorageKind();
    assertEquals("ram-disk", map.tiers().get(0).name());
    assertEquals(map.get("ssd").rank() + 1, map.get("disk").rank());
    ConfigException e = assertThrows(ConfigException.class, () -> map.get("tape"));
    assertEquals(true, e.getMessage().contains("tape"));
  }

  @Test
  void withoutConfigurationOnlyTheGivenStorageTypesAreTiersAndNoneIsABackupTier() {
    TierMap map = TierMap.byStorageKind(Set.of(StorageKind.ARCHIVE, StorageKind.SSD, StorageKind.DISK));
    assertEquals(List.of("ssd", "disk", "archive"), map.tiers().stream().map(Tier::name).toList());
    assertEquals(false, map.tiers().stream().anyMatch(Tier::backup), "only a spec marks backup volumes");
    assertEquals(true, map.find("ram-disk").isEmpty());
  }

  /** Names are remembered per host and kind; the answer must stay the rules' answer, device or not. */
  @Test
  void repeatedLookupsGiveTheRulesAnswerEveryTime() {
    TierMap map = TierMap.of(List.of(
        new TierRule("pcie", StorageKind.SSD, List.of("r?f*", "gpu*"), null),
        new TierRule("nvme", StorageKind.SSD, List.of(), "nvme-ssd")), List.of());
    for (int round = 0; round < 3; round++) {
      assertEquals("pcie", map.tierName("r1f07", StorageKind.SSD, null));
      assertEquals("pcie", map.tierName("gpu3", StorageKind.SSD, "nvme-ssd"));
      assertEquals("nvme", map.tierName("r12f07", StorageKind.SSD, null), "? is one character");
      assertEquals("nvme", map.tierName("r1h07", StorageKind.SSD, "nvme-ssd"));
      assertEquals("ssd", map.tierName("r1h07", StorageKind.SSD, "sata-ssd"));
      assertEquals("disk", map.tierName("r1f07", StorageKind.DISK, null));
    }
  }

  @Test
  void hostGlobsMatchTheWholeHostWithStarsAndQuestionMarks() {
    for (String[] matching : new String[][] {{"r*n1", "r12n1"}, {"*", ""}, {"*", "dn1"}, {"r?n*", "r1n"},
        {"a*b*c", "abc"},
        {"a*b*c", "aXbYbZc"}, {"*.example.com", "dn1.rack2.example.com"}, {"dn1", "dn1"}, {"**a**", "a"}}) {
      assertTrue(TierRule.globMatches(matching[0], matching[1]), matching[0] + " " + matching[1]);
    }
    for (String[] other : new String[][] {{"r*n1", "r1n2"}, {"r?n1", "r12n1"}, {"dn1", "dn12"}, {"dn1", "xdn1"},
        {"a*b*c", "acb"}, {"?", ""}, {"", "a"}, {"a.c", "abc"}}) {
      assertFalse(TierRule.globMatches(other[0], other[1]), other[0] + " " + other[1]);
    }
  }

  @Test
  void aGlobOfManyStarsOnAHostThatNearlyMatchesTakesNoTime() {
    // The glob was a regular expression of '.*'s, which backtracked exponentially: 17 s for this on 40 characters.
    assertTimeoutPreemptively(Duration.ofSeconds(5),
        () -> assertFalse(TierRule.globMatches("*a*a*a*a*a*a*a*a*a*a*c", "a".repeat(200))));
  }
}
