package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.energy.WakeCause;
import io.strata.core.energy.WriteGroup;
import io.strata.core.energy.WriteGroups;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.placement.PlacementMetrics;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The write group on real embedded HDFS: the NameNode's placement and the power manager, each given only
 * {@code strata.energy.write-group=3/1h}, agree on the group; new blocks' backup replicas land on its backups, which
 * the manager keeps awake while the others sleep; a group member that dies during writes costs no replica.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class WriteGroupIT {
  private static final int BLOCK = PrimaryBackupCluster.BLOCK;
  private static final String GROUP = "3/1h";

  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static PowerManager manager;
  static final WriteGroup group = WriteGroups.parse(GROUP, "test").orElseThrow();

  @BeforeAll
  static void start() throws Exception {
    cluster = PrimaryBackupCluster.start(dir, "energy-wg", List.of("w1", "w2", "w3", "w4"), "2GiB", "4GiB",
        Map.of(StrataKeys.WRITE_GROUP, GROUP));
    fs = cluster.fileSystem();
    EmulatedDisks disks = new EmulatedDisks();
    List<PoweredVolume> volumes = PrimaryBackupCluster.volumes(cluster);
    volumes.forEach(disks::add);
    manager = new PowerManager(volumes, PowerManager.Settings.defaults(dir.resolve("power"))
        .withIdleTimeout(Duration.ofSeconds(2)).withTick(Duration.ofMillis(200)), disks,
        RedundancyWatch.nameNodeJmx(URI.create(cluster.webUi())), PowerManager.WALL_CLOCK);
    manager.useWriteGroup(group, DataNodeList.nameNodeJmx(URI.create(cluster.webUi())));
    disks.setListener(manager);
    cluster.setIoGate((storageId, write, bytes) -> disks.beforeIo(storageId, write, bytes));
    manager.start();
  }

  @AfterAll
  static void stop() {
    if (manager != null) {
      manager.halt();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  private static void write(String path, int blocks) throws Exception {
    try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
      out.write(new byte[blocks * BLOCK]);
    }
  }

  /**
   * Each block's backup (ARCHIVE) replica hosts, once every block has its three replicas: on a loaded machine a
   * pipeline may close a block with two and the NameNode, asking the same policy, adds the third moments later.
   */
  private static List<List<String>> backupHosts(String path) throws Exception {
    FileStatus status = fs.getFileStatus(new org.apache.hadoop.fs.Path(path));
    EmbeddedCluster.waitFor(Duration.ofSeconds(60), () -> {
      try {
        for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
          if (block.getHosts().length < 3) {
            return false;
          }
        }
        return true;
      } catch (java.io.IOException e) {
        return false;
      }
    }, path + ": three replicas of every block");
    List<List<String>> blocks = new ArrayList<>();
    for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
      assertEquals(3, block.getHosts().length, path + ": full replication " + block);
      List<String> backups = new ArrayList<>();
      int primaries = 0;
      for (int i = 0; i < block.getHosts().length; i++) {
        if (block.getStorageTypes()[i] == StorageType.ARCHIVE) {
          backups.add(block.getHosts()[i]);
        } else {
          primaries++;
        }
      }
      assertEquals(1, primaries, path + ": one primary " + block);
      blocks.add(backups);
    }
    return blocks;
  }

  private static Set<String> groupNow() {
    return group.members(cluster.hosts(), System.currentTimeMillis() / 1000.0);
  }

  private static boolean heldAwake(String host) {
    return manager.status().volumes().stream().filter(v -> v.backup() && v.host().equals(host))
        .allMatch(v -> v.holds().contains(WakeCause.WRITE_GROUP));
  }

  @Test
  @Order(1)
  void backupReplicasLandOnTheGroupTheManagersKeepAwakeWhileTheOtherBackupsSleep() throws Exception {
    Set<String> members = groupNow();
    assertEquals(3, members.size());
    // The manager reads the same group from the NameNode's live DataNodes.
    EmbeddedCluster.waitFor(Duration.ofSeconds(30), () -> cluster.hosts().stream()
        .allMatch(h -> heldAwake(h) == members.contains(h)), "the manager holds exactly the group " + members);
    EmbeddedCluster.waitFor(Duration.ofSeconds(30), () -> manager.volumes().stream()
        .filter(v -> v.backup() && !members.contains(v.host()))
        .allMatch(v -> manager.state(v.id()) == io.strata.core.energy.PowerState.STANDBY),
        "the backups outside the group sleep");
    long outsideBefore = PlacementMetrics.get().outsideWriteGroup();
    for (int f = 0; f < 3; f++) {
      write("/data/g" + f, 2);
    }
    for (int f = 0; f < 3; f++) {
      for (List<String> backups : backupHosts("/data/g" + f)) {
        assertEquals(2, backups.size());
        assertTrue(members.containsAll(backups), "backups " + backups + " outside the group " + members);
      }
    }
    assertEquals(outsideBefore, PlacementMetrics.get().outsideWriteGroup());
    assertTrue(manager.volumes().stream().filter(v -> v.backup() && !members.contains(v.host()))
        .allMatch(v -> manager.state(v.id()) == io.strata.core.energy.PowerState.STANDBY),
        "no write woke a backup outside the group");
    for (PowerStatus.Volume v : manager.status().volumes()) {
      assertFalse(v.spinUpsByCause().containsKey(WakeCause.WRITE), v.host() + " was woken by a write");
    }
  }

  @Test
  @Order(2)
  void aGroupMemberThatDiesCostsNoReplica() throws Exception {
    List<String> members = new ArrayList<>(groupNow());
    members.sort(null);
    String dead = members.get(0);
    cluster.stopDataNode(dead);
    DataNodeList live = DataNodeList.nameNodeJmx(URI.create(cluster.webUi()));
    EmbeddedCluster.waitFor(Duration.ofSeconds(30), () -> {
      try {
        return !live.hosts().contains(dead);
      } catch (java.io.IOException e) {
        return false;
      }
    }, "the NameNode drops the dead DataNode");
    long outsideBefore = PlacementMetrics.get().outsideWriteGroup();
    for (int f = 0; f < 3; f++) {
      write("/data/d" + f, 2);
      // The group is dealt again over the three live DataNodes, by the NameNode and by the manager alike.
      Set<String> now = group.members(live.hosts(), System.currentTimeMillis() / 1000.0);
      assertFalse(now.contains(dead));
      int outside = 0;
      for (List<String> backups : backupHosts("/data/d" + f)) {
        assertEquals(2, backups.size(), "full replication with a group member down");
        assertFalse(backups.contains(dead));
        outside += (int) backups.stream().filter(h -> !now.contains(h)).count();
      }
      assertTrue(PlacementMetrics.get().outsideWriteGroup() - outsideBefore >= outside,
          "every backup outside the group is counted");
    }
    assertTrue(cluster.fsck("/data").contains("HEALTHY"));
  }
}
