package io.strata.core.device;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.config.ConfigNode;
import java.util.List;
import org.junit.jupiter.api.Test;

class DeviceCatalogTest {
  private final DeviceCatalog catalog = DeviceCatalog.builtin();

  @Test
  void hatsTableOneDevicesHaveThePaperNumbers() {
    DeviceProfile pcie = catalog.get("pcie-ssd");
    assertEquals(533, pcie.readMBps());
    assertEquals(245, pcie.writeMBps());
    assertEquals(70_000, pcie.iops());
    assertEquals(StorageKind.SSD, pcie.storageKind());
    DeviceProfile sata = catalog.get("sata-ssd");
    assertEquals(191, sata.readMBps());
    assertEquals(139, sata.writeMBps());
    assertEquals(25_000, sata.iops());
    DeviceProfile hdd = catalog.get("hdd");
    assertEquals(61, hdd.readMBps());
    assertEquals(46, hdd.writeMBps());
    assertEquals(3_500, hdd.iops());
    assertEquals(StorageKind.DISK, hdd.storageKind());
    assertEquals(61_000_000L, hdd.readBytesPerSecond());
  }

  @Test
  void everyMeasuredNumberOfEveryPresetCitesASource() {
    for (DeviceProfile profile : catalog.all()) {
      for (String field : List.of("readMBps", "writeMBps", "iops", "activeWatts", "idleWatts", "costPerGB")) {
        assertTrue(profile.sources().containsKey(field), profile.name() + " has no source for " + field);
      }
    }
  }

  @Test
  void onlySpinningDevicesCanSpinDown() {
    assertTrue(catalog.get("hdd").canSpinDown());
    assertTrue(catalog.get("backup-array").canSpinDown());
    assertFalse(catalog.get("pcie-ssd").canSpinDown());
    assertTrue(catalog.get("nas-filer").internallyRedundant());
    assertFalse(catalog.get("hdd").internallyRedundant());
  }

  @Test
  void everyDiskThatCanSleepHasACitedStartStopRating() {
    for (DeviceProfile profile : catalog.all()) {
      if (profile.canSpinDown()) {
        assertTrue(profile.hasStartStopRating(), profile.name());
        assertTrue(profile.sources().containsKey("ratedStartStops"), profile.name());
        assertTrue(profile.sources().containsKey("serviceLifeYears"), profile.name());
      }
    }
    assertEquals(50_000, catalog.get("hdd").ratedStartStops());
    assertEquals(5, catalog.get("hdd").serviceLifeYears());
    assertFalse(catalog.get("pcie-ssd").hasStartStopRating());
  }

  @Test
  void unknownDeviceNamesTheKnownOnes() {
    ConfigException e = assertThrows(ConfigException.class, () -> catalog.get("floppy"));
    assertTrue(e.getMessage().contains("floppy") && e.getMessage().contains("pcie-ssd"), e.getMessage());
  }

  @Test
  void customProfilesExtendTheCatalogAndAreValidated() {
    DeviceCatalog extended = catalog.with(ConfigNode.parse("t.yaml",
        "- {name: optane, storageType: nvdimm, readMBps: 2500, writeMBps: 2200, iops: 550000, activeWatts: 18, idleWatts: 5}"));
    assertEquals(StorageKind.NVDIMM, extended.get("optane").storageKind());
    assertEquals(5, extended.get("optane").standbyWatts(), "standby defaults to idle");

    ConfigException negative = assertThrows(ConfigException.class, () -> catalog.with(ConfigNode.parse("t.yaml",
        "- {name: bad, storageType: SSD, readMBps: -1, writeMBps: 1, iops: 1, activeWatts: 1, idleWatts: 1}")));
    assertTrue(negative.getMessage().startsWith("t.yaml:1:"), negative.getMessage());
    assertTrue(negative.getMessage().contains("[0].readMBps"), negative.getMessage());

    ConfigException duplicate = assertThrows(ConfigException.class, () -> catalog.with(ConfigNode.parse("t.yaml",
        "- {name: hdd, storageType: DISK, readMBps: 1, writeMBps: 1, iops: 1, activeWatts: 1, idleWatts: 1}")));
    assertTrue(duplicate.getMessage().contains("already defined"), duplicate.getMessage());

    ConfigException badType = assertThrows(ConfigException.class, () -> catalog.with(ConfigNode.parse("t.yaml",
        "- {name: x, storageType: TAPE, readMBps: 1, writeMBps: 1, iops: 1, activeWatts: 1, idleWatts: 1}")));
    assertTrue(badType.getMessage().contains("TAPE"), badType.getMessage());
  }
}
