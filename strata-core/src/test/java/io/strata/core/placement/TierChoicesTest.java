package io.strata.core.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TierChoicesTest {
  private static final List<Tier> HATS = List.of(
      new Tier("pcie", StorageKind.SSD, 0, 2000, 0, false),
      new Tier("sata", StorageKind.SSD, 1, 500, 0, false),
      new Tier("hdd", StorageKind.DISK, 2, 150, 0, false),
      new Tier("backup", StorageKind.ARCHIVE, 3, 100, 0, true));
  private static final List<Tier> TWO = List.of(
      new Tier("ram", StorageKind.RAM_DISK, 0, 9000, 0, false),
      new Tier("disk", StorageKind.DISK, 1, 150, 0, false));

  /** The lists are derived once per tier list; alternating lists, equal copies and mutable ones must not mix. */
  @Test
  void derivedListsFollowTheTierListAskedAbout() {
    for (int round = 0; round < 3; round++) {
      assertEquals(List.of("pcie", "sata", "hdd", "backup"), TierChoices.names(HATS));
      assertEquals(HATS.subList(0, 3), TierChoices.primary(HATS));
      assertEquals(List.of("pcie", "sata", "hdd"), TierChoices.primaryNames(HATS));
      assertEquals(List.of("pcie", "sata"), TierChoices.flashPrimaryNames(HATS));
      assertEquals(List.of("hdd"), TierChoices.diskPrimaryNames(HATS));
      assertEquals(List.of("backup"), TierChoices.backupNames(HATS));
      assertEquals(List.of(List.of("sata"), List.of("hdd"), List.of("pcie")),
          TierChoices.primaryWithFallbacks("sata", HATS));
      assertEquals(TierChoices.withFallbacks("sata", TierChoices.primary(HATS)),
          TierChoices.primaryWithFallbacks("sata", HATS));

      assertEquals(List.of("ram", "disk"), TierChoices.primaryNames(TWO));
      assertEquals(List.of("ram"), TierChoices.flashPrimaryNames(TWO));
      assertEquals(List.of(), TierChoices.backupNames(TWO));
      assertEquals(List.of(List.of("disk"), List.of("ram")), TierChoices.primaryWithFallbacks("disk", TWO));
    }
    List<Tier> mutable = new ArrayList<>(TWO);
    assertEquals(List.of("ram", "disk"), TierChoices.names(mutable));
    mutable.remove(0);
    assertEquals(List.of("disk"), TierChoices.names(mutable));
    assertEquals(TierChoices.withFallbacks("nvme", TierChoices.primary(HATS)),
        TierChoices.primaryWithFallbacks("nvme", HATS), "a tier the list lacks: as withFallbacks has it");
  }
}
