package io.strata.inplace.placement;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ObjectHashTest {
  /** Expected values are the raw placement seeds `ceph osd map POOL NAME` printed on a Ceph 16 cluster. */
  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "obj1|6cf8deff",
      "''|bd49d10d",
      "a|29eec818",
      "abcdefghijkl|0b1b3ea5",
      "abcdefghijklm|3122b031",
      "books/war-and-peace.txt|f3cdc66e",
      "späť/ünïcode|cd89c042",
      "a b|e17a7758"})
  void hashesNamesLikeCeph(String name, String hex) {
    assertEquals(Long.parseLong(hex, 16), ObjectHash.rjenkins(name), name);
  }

  @ParameterizedTest
  @CsvSource({
      // the same objects in a pool of 32 placement groups: `ceph osd map` gave 1f, 18, 05, 11, 0e, 02
      "6cf8deff, 32, 31", "29eec818, 32, 24", "0b1b3ea5, 32, 5", "3122b031, 32, 17", "f3cdc66e, 32, 14",
      "cd89c042, 32, 2",
      // pg_num that is not a power of two: seeds at or above pg_num fold into the lower half (ceph_stable_mod)
      "3122b031, 12, 1", "f3cdc66e, 12, 6", "6cf8deff, 12, 7", "29eec818, 12, 8",
      "6cf8deff, 1, 0"})
  void mapsHashesToPlacementGroupsLikeCephStableMod(String hex, int pgNum, int expected) {
    assertEquals(expected, ObjectHash.placementGroup(Long.parseLong(hex, 16), pgNum));
  }
}
