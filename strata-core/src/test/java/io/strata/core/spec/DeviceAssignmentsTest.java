package io.strata.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.strata.core.config.ConfigException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Device profiles assigned per storage type or tier over a spec's ({@code strata whatif --devices}). */
class DeviceAssignmentsTest {
  private final ClusterSpec hats = Presets.load("hats");

  /** The device of every volume, by tier. */
  private static Map<String, String> devicesByTier(ClusterSpec spec) {
    Map<String, String> devices = new TreeMap<>();
    for (NodeSpec node : spec.nodes()) {
      for (int i = 0; i < node.volumes().size(); i++) {
        String tier = spec.tierOf(node, i);
        String device = node.volumes().get(i).device().name();
        devices.merge(tier, device, (a, b) -> a.equals(b) ? a : a + "+" + b);
      }
    }
    return devices;
  }

  private ClusterSpec assign(String... assignments) {
    return DeviceAssignments.parse(List.of(assignments), hats).applyTo(hats);
  }

  @Test
  void aStorageTypeGetsTheProfileOnEveryVolumeAndTheTiersTheirNewSpeed() {
    ClusterSpec spec = assign("SSD=pcie-ssd");
    assertEquals(Map.of("hdd", "hdd", "pcie-ssd", "pcie-ssd", "sata-ssd", "pcie-ssd"), devicesByTier(spec));
    assertEquals(533, spec.tierMap().get("sata-ssd").readMBps(), 1e-9);
    assertEquals(61, spec.tierMap().get("hdd").readMBps(), 1e-9);
  }

  @Test
  void aTiersAssignmentComesBeforeItsTypes() {
    ClusterSpec spec = assign("SSD=pcie-ssd", "pcie-ssd=sata-ssd");
    assertEquals(Map.of("hdd", "hdd", "pcie-ssd", "sata-ssd", "sata-ssd", "pcie-ssd"), devicesByTier(spec));
    // Now slower, the pcie-ssd tier ranks after the sata-ssd one.
    assertEquals(List.of("sata-ssd", "pcie-ssd", "hdd"), spec.tierMap().tiers().stream().map(t -> t.name()).toList());
    assertEquals(hats.nodes().stream().map(NodeSpec::host).toList(), spec.nodes().stream().map(NodeSpec::host)
        .toList());
  }

  @Test
  void noAssignmentKeepsTheSpec() {
    assertSame(hats, assign());
  }

  @Test
  void badAssignmentsAreNamedWithWhatIsWrong() {
    assertEquals("'SSD': give TYPE=PROFILE or TIER=PROFILE, e.g. SSD=pcie-ssd", refused("SSD"));
    assertEquals("'SSD=': give TYPE=PROFILE or TIER=PROFILE, e.g. SSD=pcie-ssd", refused("SSD="));
    assertEquals("'SSD=hdd': device 'hdd' models DISK volumes, not SSD", refused("SSD=hdd"));
    assertEquals("'hdd=pcie-ssd': device 'pcie-ssd' models SSD volumes, not DISK", refused("hdd=pcie-ssd"));
    assertEquals("'ARCHIVE=nas-filer': this cluster has no ARCHIVE volume", refused("ARCHIVE=nas-filer"));
    assertEquals("'SSD=pcie-ssd': 'SSD' is given a device twice", refused("SSD=sata-ssd", "SSD=pcie-ssd"));
    String unknownDevice = refused("SSD=warp-drive");
    assertEquals(0, unknownDevice.indexOf("'SSD=warp-drive': unknown device 'warp-drive' (known: pcie-ssd"),
        unknownDevice);
    assertEquals("'TAPE=hdd': 'TAPE' is neither a storage type (RAM_DISK, NVDIMM, SSD, DISK, ARCHIVE, PROVIDED) nor "
        + "a tier of this cluster (pcie-ssd, sata-ssd, hdd)", refused("TAPE=hdd"));
  }

  private String refused(String... assignments) {
    return assertThrows(ConfigException.class, () -> DeviceAssignments.parse(List.of(assignments), hats))
        .getMessage();
  }
}
