package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.config.ConfigException;
import io.strata.core.device.DeviceCatalog;
import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.WakeCause;
import io.strata.core.energy.WriteGroup;
import io.strata.core.energy.WriteGroups;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The power manager keeps a node's backups awake through its write-group turns, woken ahead of each. */
class WriteGroupManagerTest {
  private static final List<String> NODES = List.of("e1", "e2", "e3", "e4");
  private final DeviceProfile array = DeviceCatalog.builtin().get("backup-array");
  private final PoweredVolume backup = new PoweredVolume("b1", "e1", Path.of("/d/b"), array, true);
  private final WriteGroup group = WriteGroups.parse("1/1h", "test").orElseThrow();
  private double now;
  private final List<Double> waits = new ArrayList<>();
  private final EmulatedDisks disks = new EmulatedDisks(() -> now, waits::add);

  @TempDir
  Path state;

  private PowerManager manager(DataNodeList nodes) throws Exception {
    disks.add(backup);
    PowerManager manager = new PowerManager(List.of(backup), PowerManager.Settings.defaults(state)
        .withIdleTimeout(Duration.ofSeconds(120)).withTick(Duration.ofSeconds(5)), disks, null, () -> now);
    disks.setListener(manager);
    manager.useWriteGroup(group, nodes);
    return manager;
  }

  /** The first second of an hour in which e1 (first of the four, one node a turn) has the turn. */
  private double turnOfE1() {
    double t = 1.8e9;
    while (!group.isMember("e1", NODES, t)) {
      t += 3600;
    }
    return t;
  }

  @Test
  void aNodeIsWokenAheadOfItsTurnHeldThroughItAndSleepsAfter() throws Exception {
    double turn = turnOfE1();
    now = turn - 3 * 3600; // three turns before e1's: another node's turn
    PowerManager manager = manager(() -> NODES);
    manager.tick();
    now += 121;
    manager.tick();
    assertTrue(disks.asleep("b1"), "outside its turn the backup sleeps after the idle timeout");
    double lead = manager.writeGroupLead();
    assertEquals(array.spinUpSeconds() + 10, lead, 1e-9);
    now = turn - lead - 5;
    manager.tick();
    assertTrue(disks.asleep("b1"), "not yet: more than a spin-up and two ticks before the turn");
    now += 5;
    manager.tick();
    assertFalse(disks.asleep("b1"), "woken a spin-up and two ticks ahead of the turn");
    assertEquals(1, manager.status().volumes().get(0).spinUpsByCause().get(WakeCause.WRITE_GROUP));
    now = turn;
    disks.beforeIo("b1", true, 1 << 20).run();
    assertEquals(List.of(), waits, "the first write of the turn does not wait: the disk spun up before it");
    now = turn + 3000;
    manager.tick();
    assertFalse(disks.asleep("b1"), "held awake through the turn, long after the idle timeout");
    assertTrue(manager.status().volumes().get(0).holds().contains(WakeCause.WRITE_GROUP));
    now = turn + 3600 + 121;
    manager.tick();
    assertTrue(disks.asleep("b1"), "sleeps an idle timeout after the turn ends");
  }

  @Test
  void theManagerDealsTheSameGroupAsTheNameNodeFromItsLiveNodes() throws Exception {
    String liveNodes = "{\"e3:9866\":{},\"e1:9866\":{},\"e2:9866\":{},\"e4:9866\":{}}";
    List<String> hosts = DataNodeList.hostsOf(new ObjectMapper().readTree(liveNodes));
    assertEquals(NODES, hosts);
    for (double t = 1.8e9; t < 1.8e9 + 8 * 3600; t += 1800) {
      assertEquals(group.members(NODES, t).contains("e1"), group.isMember("e1", hosts, t));
    }
  }

  @Test
  void anUnreadableNodeListKeepsTheLastGroup() throws Exception {
    now = turnOfE1() + 10;
    boolean[] fail = {false};
    PowerManager manager = manager(() -> {
      if (fail[0]) {
        throw new IOException("NameNode down");
      }
      return NODES;
    });
    manager.tick();
    assertTrue(manager.status().volumes().get(0).holds().contains(WakeCause.WRITE_GROUP));
    fail[0] = true;
    now += 600;
    manager.tick();
    assertTrue(manager.status().volumes().get(0).holds().contains(WakeCause.WRITE_GROUP), "still its turn");
  }

  @Test
  void aRotationOverTheSpinUpBudgetIsRefused() throws Exception {
    disks.add(backup);
    PowerManager manager = new PowerManager(List.of(backup), PowerManager.Settings.defaults(state)
        .withIdleTimeout(Duration.ofSeconds(120)), disks, null, () -> now);
    ConfigException e = assertThrows(ConfigException.class,
        () -> manager.useWriteGroup(WriteGroups.parse("25%/5m", "x").orElseThrow(), () -> NODES));
    assertTrue(e.getMessage().contains("backup-array") && e.getMessage().contains("27"), e.getMessage());
  }
}
