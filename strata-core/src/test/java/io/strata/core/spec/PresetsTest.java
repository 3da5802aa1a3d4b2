package io.strata.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import java.util.List;
import org.junit.jupiter.api.Test;

class PresetsTest {
  @Test
  void everyPresetParses() {
    for (String name : Presets.NAMES) {
      ClusterSpec spec = Presets.load(name);
      assertEquals(name, spec.name());
      assertTrue(spec.nodes().size() >= 3, name);
    }
  }

  @Test
  void aSecondaryTierIsRedundantOnlyWhenAllOfItIsARaidFiler() {
    assertTrue(Presets.load("aptstore").secondaryTierRedundant(), "the filer is a RAID");
    assertFalse(Presets.load("hats").secondaryTierRedundant(), "no secondary tier");
  }

  @Test
  void hatsHasThreeRacksOfOnePcieAndTwoSataNodesAllWithHdd() {
    ClusterSpec hats = Presets.load("hats");
    assertEquals(3, hats.racks().size());
    for (RackSpec rack : hats.racks()) {
      assertEquals(3, rack.nodes().size());
      long pcie = rack.nodes().stream()
          .filter(n -> n.volumes().stream().anyMatch(v -> v.device().name().equals("pcie-ssd"))).count();
      long sata = rack.nodes().stream()
          .filter(n -> n.volumes().stream().anyMatch(v -> v.device().name().equals("sata-ssd"))).count();
      assertEquals(1, pcie, rack.name());
      assertEquals(2, sata, rack.name());
      assertTrue(rack.nodes().stream().allMatch(n -> n.has(StorageKind.DISK)));
    }
    assertEquals(List.of("pcie-ssd", "sata-ssd", "hdd"), hats.tierMap().tiers().stream().map(Tier::name).toList());
    for (NodeSpec node : hats.nodes()) {
      String expected = node.host().endsWith("n1") ? "pcie-ssd" : "sata-ssd";
      assertEquals(expected, hats.tierOf(node, 0), node.host());
      assertEquals("hdd", hats.tierOf(node, 1), node.host());
    }
  }

  @Test
  void energyMarksTheArraysAsBackupAndAptstoreHasARedundantFiler() {
    ClusterSpec energy = Presets.load("energy");
    assertTrue(energy.nodes().stream().allMatch(n -> n.volumes().get(1).backup() && !n.volumes().get(0).backup()));
    ClusterSpec aptstore = Presets.load("aptstore");
    assertTrue(aptstore.nodes().stream().allMatch(n -> n.volumes().stream()
        .anyMatch(v -> v.storageKind() == StorageKind.ARCHIVE && v.device().internallyRedundant())));
    assertEquals("das", aptstore.tierMap().tiers().get(0).name(), "DAS disks are faster than the filer share");
  }

  @Test
  void hdfshKeepsThePapersSsdToHddCapacityRatio() {
    NodeSpec node = Presets.load("hdfsh").nodes().get(0);
    double ratio = (double) node.volumes().get(1).capacityBytes() / node.volumes().get(0).capacityBytes();
    assertEquals(0.12, ratio, 0.001);
  }

  @Test
  void hybridNodeHasOneSsdAndOneHddPerNodeWithIntermediateDataOnTheHdd() {
    ClusterSpec hybrid = Presets.load("hybrid-node");
    assertEquals("hdd", hybrid.intermediateTier());
    for (NodeSpec node : hybrid.nodes()) {
      assertEquals(List.of("ssd", "hdd"), List.of(hybrid.tierOf(node, 0), hybrid.tierOf(node, 1)), node.host());
      assertEquals(List.of(1), hybrid.intermediateVolumes(node), node.host());
    }
    ClusterSpec reverse = hybrid.withIntermediateTier("ssd");
    assertEquals(List.of(0), reverse.intermediateVolumes(reverse.nodes().get(0)));
    assertEquals(List.of(), hybrid.withIntermediateTier(null).intermediateVolumes(hybrid.nodes().get(0)));
  }

  @Test
  void unknownPresetListsTheKnownOnes() {
    ConfigException e = assertThrows(ConfigException.class, () -> Presets.load("hatz"));
    assertTrue(e.getMessage().contains("hats, hdfsh, aptstore, energy"), e.getMessage());
  }
}
