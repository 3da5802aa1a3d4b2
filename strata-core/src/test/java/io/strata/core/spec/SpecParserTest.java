package io.strata.core.spec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import io.strata.core.tier.Tier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecParserTest {
  private static final String GOOD = """
      name: small
      racks:
        - name: rackA
          nodes:
            - host: n1
              volumes:
                - {device: sata-ssd, capacity: 1GiB}
                - {device: hdd, capacity: 4GB}
            - host: n2
              volumes:
                - {device: hdd, capacity: 4GB, backup: true}
      """;

  @Test
  void parsesRacksNodesVolumesAndDefaultTiers() {
    ClusterSpec spec = SpecParser.parse("small.yaml", GOOD);
    assertEquals("small", spec.name());
    assertEquals("/rackA", spec.racks().get(0).name(), "rack names become HDFS network locations");
    assertEquals(2, spec.nodes().size());
    assertEquals(1L << 30, spec.nodes().get(0).volumes().get(0).capacityBytes());
    assertEquals(4_000_000_000L, spec.nodes().get(0).volumes().get(1).capacityBytes());
    assertTrue(spec.nodes().get(1).volumes().get(0).backup());
    assertEquals(List.of("ssd", "disk"), spec.tierMap().tiers().stream().map(Tier::name).toList());
    assertEquals(2, spec.maxVolumesPerNode());
  }

  @Test
  void jsonSpecsAreAccepted(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("c.json");
    Files.writeString(file,
        """
            {"name": "j", "racks": [{"name": "/r1", "nodes": [{"host": "x1", "volumes": [{"device": "hdd", "capacity": "2GiB"}]}]}]}
            """);
    ClusterSpec spec = SpecParser.parse(file);
    assertEquals("x1", spec.nodes().get(0).host());
    assertEquals(StorageKind.DISK, spec.nodes().get(0).volumes().get(0).storageKind());
  }

  @Test
  void unknownDeviceIsRefusedWithItsLineAndKey() {
    ConfigException e = refuse(GOOD.replace("device: sata-ssd", "device: ssdd"));
    assertTrue(e.getMessage().startsWith("bad.yaml:7:"), e.getMessage());
    assertTrue(e.getMessage().contains("racks[0].nodes[0].volumes[0].device"), e.getMessage());
    assertTrue(e.getMessage().contains("unknown device 'ssdd'"), e.getMessage());
  }

  @Test
  void rackWithoutNodesIsRefused() {
    ConfigException e = refuse("racks:\n  - name: r1\n    nodes: []\n");
    assertTrue(e.getMessage().contains("rack '/r1' has no node"), e.getMessage());
    assertTrue(e.getMessage().startsWith("bad.yaml:2:"), e.getMessage());
  }

  @Test
  void nonPositiveCapacityIsRefused() {
    ConfigException zero = refuse(GOOD.replace("capacity: 1GiB", "capacity: 0"));
    assertTrue(zero.getMessage().contains("volumes[0].capacity: must be > 0"), zero.getMessage());
    ConfigException unit = refuse(GOOD.replace("capacity: 1GiB", "capacity: 1 parsec"));
    assertTrue(unit.getMessage().contains("unknown size unit"), unit.getMessage());
  }

  @Test
  void duplicateHostIsRefusedNamingTheFirst() {
    ConfigException e = refuse(GOOD.replace("host: n2", "host: n1"));
    assertTrue(e.getMessage().contains("duplicate host 'n1' (first at line 5)"), e.getMessage());
    assertTrue(e.getMessage().startsWith("bad.yaml:9:"), e.getMessage());
  }

  @Test
  void misspelledKeysAreRefusedInsteadOfIgnored() {
    ConfigException e = refuse(GOOD.replace("backup: true", "bakup: true"));
    assertTrue(e.getMessage().contains("unknown key 'bakup'"), e.getMessage());
  }

  @Test
  void brokenYamlNamesThePosition() {
    ConfigException e = refuse("racks: [\n  {name: r1\n");
    assertTrue(e.getMessage().startsWith("bad.yaml:"), e.getMessage());
    assertTrue(e.getMessage().contains("not valid YAML/JSON"), e.getMessage());
  }

  @Test
  void tierRulesMustClaimSomethingAndKeepOneStorageType() {
    ConfigException none = refuse(
        GOOD.replace("name: small", "name: small\ntiers:\n  - {name: nvme, storageType: SSD, hosts: [zz*]}"));
    assertTrue(none.getMessage().contains("tier 'nvme' matches no volume"), none.getMessage());
    ConfigException mixed = refuse(GOOD.replace("name: small",
        "name: small\ntiers:\n  - {name: fast, storageType: SSD}\n  - {name: fast, storageType: DISK}"));
    assertTrue(mixed.getMessage().contains("declared for both SSD and DISK"), mixed.getMessage());
  }

  @Test
  void missingRacksIsRefused() {
    ConfigException e = refuse("name: nothing\n");
    assertTrue(e.getMessage().contains("missing required key 'racks'"), e.getMessage());
  }

  private static ConfigException refuse(String text) {
    return assertThrows(ConfigException.class, () -> SpecParser.parse("bad.yaml", text));
  }

  @Test
  void aTierGlobOfManyStarsIsCheckedAgainstALongHostInNoTime() {
    // Found writing SpecParserFuzzTest's seeds: checking that this rule claims a volume took 17 s on a 40-character
    // host (the glob was a backtracking regular expression), and the 60-character host here hours.
    String spec = "tiers: [{name: x, storageType: DISK, hosts: ['*a*a*a*a*a*a*a*a*a*a*c']}]\nracks: [{name: r, nodes: "
        + "[{host: " + "a".repeat(60) + ", volumes: [{device: hdd, capacity: 1GB}]}]}]\n";
    ConfigException e = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> refuse(spec));
    assertTrue(e.getMessage().contains("tier 'x' matches no volume in this spec"), e.getMessage());
  }
}
