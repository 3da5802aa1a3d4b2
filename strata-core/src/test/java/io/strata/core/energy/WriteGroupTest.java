package io.strata.core.energy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class WriteGroupTest {
  private static final List<String> NODES = hosts(20);

  private static List<String> hosts(int n) {
    List<String> hosts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      hosts.add("dn" + (char) ('a' + i));
    }
    return hosts;
  }

  @Test
  void aQuarterOfTheNodesTakesTurnsAndEveryNodeGetsOneTurnPerRound() {
    WriteGroup group = WriteGroups.parse("25%/1h", "test").orElseThrow();
    Map<String, Integer> turns = new HashMap<>();
    Set<String> previous = Set.of();
    for (int hour = 0; hour < 8; hour++) {
      Set<String> members = group.members(NODES, hour * 3600 + 10);
      assertEquals(5, members.size());
      assertEquals(members, group.members(NODES, hour * 3600 + 3599), "a group keeps its whole turn");
      assertTrue(Collections.disjoint(previous, members), "the next group is other nodes");
      members.forEach(h -> turns.merge(h, 1, Integer::sum));
      previous = members;
    }
    assertEquals(20, turns.size());
    turns.values().forEach(n -> assertEquals(2, n, "two turns each in two rounds of four hours"));
    assertEquals(3600 * 3, group.nextChangeAfter(3 * 3600 - 1), 1e-9);
    assertEquals(12, group.rotationSpinUpsPerDay(), 1e-9);
  }

  @Test
  void everyNodeWorksOutTheSameGroupFromTheClockAndTheNodeListInAnyOrder() {
    WriteGroup group = WriteGroups.parse("2/30m", "test").orElseThrow();
    List<String> shuffled = new ArrayList<>(hosts(7));
    Collections.reverse(shuffled);
    for (double t = 1.7e9; t < 1.7e9 + 6 * 3600; t += 600) {
      Set<String> members = group.members(hosts(7), t);
      assertEquals(members, group.members(shuffled, t));
      assertEquals(2, members.size());
      for (String host : hosts(7)) {
        assertEquals(members.contains(host), group.isMember(host, shuffled, t), host + " at " + t);
      }
    }
    assertFalse(group.isMember("not-a-node", hosts(7), 1.7e9));
  }

  @Test
  void aSmallClusterKeepsAtLeastOneNodeOutOfTheGroupAndOneIn() {
    RotatingWriteGroup group = (RotatingWriteGroup) WriteGroups.parse("90%/1h", "test").orElseThrow();
    assertEquals(2, group.size(3));
    assertEquals(1, WriteGroups.parse("1%/1h", "t").map(g -> ((RotatingWriteGroup) g).size(3)).orElseThrow());
    Set<String> seen = new HashSet<>();
    for (int hour = 0; hour < 3; hour++) {
      seen.addAll(group.members(hosts(3), hour * 3600.0));
    }
    assertEquals(3, seen.size(), "every node still takes turns");
  }

  @Test
  void badTextIsRefusedNamingTheInput() {
    assertTrue(WriteGroups.parse("off", "x").isEmpty());
    assertTrue(WriteGroups.parse(" ", "x").isEmpty());
    assertMessage("strata.energy.write-group: '25%' is not a write group", "25%");
    assertMessage("the size in 'many/1h' must be a share like 25% or a number of nodes", "many/1h");
    assertMessage("not a duration: 'soon'", "25%/soon");
    assertMessage("strata.energy.write-group '100%/1h': the share of nodes must be above 0% and below 100%",
        "100%/1h");
    assertMessage("the rotation period must be at least 300 s", "25%/1m");
    assertMessage("the number of nodes must be at least 1", "0/1h");
  }

  @Test
  void aRotationThatWouldSpendTheDailyBudgetIsRefused() {
    WriteGroup fast = WriteGroups.parse("25%/10m", "x").orElseThrow();
    ConfigException e = assertThrows(ConfigException.class, () -> WriteGroups.checkBudget(fast, "backup-array", 27));
    assertTrue(e.getMessage().contains("up to 72 times a day, over the daily spin-up budget 27 of device "
        + "'backup-array'"), e.getMessage());
    WriteGroups.checkBudget(WriteGroups.parse(WriteGroups.SUGGESTED, "x").orElseThrow(), "backup-array", 27);
  }

  @Test
  void theCurrentGroupFollowsTheClockAndTheNodeList() {
    double[] now = {100};
    AtomicReference<List<String>> nodes = new AtomicReference<>(hosts(4));
    CurrentWriteGroup current = new CurrentWriteGroup(WriteGroups.parse("1/1h", "x").orElseThrow(), nodes::get,
        () -> now[0]);
    assertEquals(Set.of("dna"), current.members());
    now[0] = 3600;
    assertEquals(Set.of("dnb"), current.members());
    nodes.set(List.of("dnb", "dnc", "dnd"));
    assertEquals(Set.of("dnc"), current.members(), "a node left: the turns are dealt again over the new list");
  }

  private static void assertMessage(String expected, String text) {
    ConfigException e = assertThrows(ConfigException.class,
        () -> WriteGroups.parse(text, "strata.energy.write-group"));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
