package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import io.strata.embedded.EmbeddedCluster;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.balancer.BalancerCli;
import org.apache.hadoop.hdfs.server.balancer.ExitStatus;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor;
import org.apache.hadoop.hdfs.server.blockmanagement.DatanodeManager;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.mover.Mover;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The power manager over real embedded HDFS (primary-backup placement, primary-first reads, emulated disks): reads
 * keep the backups asleep, a DataNode holding primaries dies while they sleep, the manager is killed and restarted
 * while they sleep, the Mover runs, the Balancer runs, a DataNode holding primaries is decommissioned; after each,
 * no block is lost and fsck is HEALTHY with one primary replica per block. The backup
 * device spins up in 1 s here (the real array's 15 s would only make the test slower).
 */
class PowerFaultsIT {
  private static final int BLOCK = PrimaryBackupCluster.BLOCK;

  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static EmulatedDisks disks;
  static final Map<String, byte[]> files = new LinkedHashMap<>();
  static final List<PowerManager> managers = new ArrayList<>();

  @BeforeAll
  static void start() throws Exception {
    Map<String, String> conf = new LinkedHashMap<>();
    // Decommission progress is checked every 30 s by default.
    conf.put("dfs.namenode.decommission.interval", "1s");
    // The Balancer skips blocks under 10 MB by default (these are 1 MiB); an iteration that cannot move anything
    // ends after 20 s instead of 20 min.
    conf.put("dfs.balancer.getBlocks.min-block-size", "1024");
    conf.put("dfs.balancer.max-iteration-time", "20000");
    // Small volumes, so that a few blocks make the Balancer's 1 % threshold.
    cluster = PrimaryBackupCluster.start(dir, "energy-4", List.of("e1", "e2", "e3", "e4", "e5"), "64MiB", "128MiB",
        conf);
    fs = cluster.fileSystem();
    Random random = new Random(26);
    for (int i = 0; i < 4; i++) {
      byte[] data = new byte[3 * BLOCK + 1000 * i];
      random.nextBytes(data);
      org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path("/data/f" + i);
      try (OutputStream out = fs.create(path, (short) 3)) {
        out.write(data);
      }
      files.put(path.toString(), data);
    }
    cluster.awaitHealthy(Duration.ofMinutes(2));
  }

  @AfterAll
  static void stop() {
    managers.forEach(PowerManager::halt);
    if (cluster != null) {
      cluster.close();
    }
  }

  private static PowerManager manager(Path stateDir) throws Exception {
    PowerManager manager = new PowerManager(PrimaryBackupCluster.volumes(cluster),
        PowerManager.Settings.defaults(stateDir)
            .withIdleTimeout(Duration.ofSeconds(2)).withTick(Duration.ofMillis(200)),
        disks,
        RedundancyWatch.nameNodeJmx(URI.create(cluster.webUi())), PowerManager.WALL_CLOCK);
    disks.setListener(manager);
    manager.start();
    managers.add(manager);
    return manager;
  }

  private static JsonNode powerBean() {
    try {
      return new ObjectMapper().readTree(URI.create(cluster.webUi()
          + "/jmx?qry=Hadoop:service=*,name=StrataPower").toURL()).path("beans").path(0);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static void awaitBackupsAsleep(PowerManager manager) {
    EmbeddedCluster.waitFor(Duration.ofMinutes(1), () -> manager.volumes().stream().filter(PoweredVolume::backup)
        .filter(v -> cluster.dataNode(v.host()).isPresent())
        .allMatch(v -> manager.state(v.id()) == PowerState.STANDBY), "the backup volumes to sleep");
  }

  private static void readAllAndCompare() throws Exception {
    for (Map.Entry<String, byte[]> file : files.entrySet()) {
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(file.getKey()))) {
        assertArrayEquals(file.getValue(), in.readAllBytes(), file.getKey());
      }
    }
  }

  private static int backupSpinUps(PowerManager manager, WakeCause cause) {
    return manager.status().volumes().stream().filter(PowerStatus.Volume::backup)
        .mapToInt(v -> v.spinUpsByCause().getOrDefault(cause, 0)).sum();
  }

  /**
   * Every block of every file has exactly one replica on a primary (DISK) volume, and three in all, counting the
   * replicas of nodes in service (a decommissioned node's replicas are still listed, last, until it goes).
   */
  private static void assertOnePrimaryPerBlock() throws Exception {
    for (String file : files.keySet()) {
      for (LocatedBlock block : fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE).getLocatedBlocks()) {
        List<StorageType> inService = new ArrayList<>();
        for (int i = 0; i < block.getLocations().length; i++) {
          DatanodeInfo node = block.getLocations()[i];
          if (node.isInService()) {
            inService.add(block.getStorageTypes()[i]);
          }
        }
        String where = file + " block at " + block.getStartOffset() + ": " + inService;
        assertEquals(1, inService.stream().filter(t -> t == StorageType.DISK).count(), where);
        assertEquals(3, inService.size(), where);
      }
    }
  }

  /** Each block's replicas as DataNode and storage type, sorted. */
  private static Map<String, List<String>> replicaLocations() throws Exception {
    Map<String, List<String>> locations = new LinkedHashMap<>();
    for (String file : files.keySet()) {
      for (LocatedBlock block : fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE).getLocatedBlocks()) {
        List<String> where = new ArrayList<>();
        for (int i = 0; i < block.getLocations().length; i++) {
          where.add(block.getLocations()[i].getDatanodeUuid() + "/" + block.getStorageTypes()[i]);
        }
        where.sort(null);
        locations.put(block.getBlock().getBlockName(), where);
      }
    }
    return locations;
  }

  /** The live host holding the most primary replicas. */
  private static String hostWithMostPrimaries() throws Exception {
    Map<String, Integer> primaries = new LinkedHashMap<>();
    for (String file : files.keySet()) {
      for (LocatedBlock block : fs.getClient().getLocatedBlocks(file, 0, Long.MAX_VALUE).getLocatedBlocks()) {
        for (int i = 0; i < block.getLocations().length; i++) {
          if (block.getStorageTypes()[i] == StorageType.DISK) {
            primaries.merge(block.getLocations()[i].getDatanodeUuid(), 1, Integer::sum);
          }
        }
      }
    }
    String best = null;
    for (String host : cluster.hosts()) {
      Optional<DataNode> dn = cluster.dataNode(host);
      if (dn.isPresent() && (best == null || primaries.getOrDefault(dn.get().getDatanodeUuid(), 0) > primaries
          .getOrDefault(cluster.dataNode(best).orElseThrow().getDatanodeUuid(), 0))) {
        best = host;
      }
    }
    assertTrue(primaries.getOrDefault(cluster.dataNode(best).orElseThrow().getDatanodeUuid(), 0) > 0, primaries
        .toString());
    return best;
  }

  /**
   * Decommissions {@code host} as an operator does: its transfer address in the NameNode's exclude file, then the
   * refresh that {@code hdfs dfsadmin -refreshNodes} asks for; waits until it is DECOMMISSIONED.
   */
  private static void decommission(String host) throws Exception {
    DatanodeManager datanodes = cluster.miniCluster().getNamesystem().getBlockManager().getDatanodeManager();
    DatanodeDescriptor node = datanodes.getDatanode(cluster.dataNode(host).orElseThrow().getDatanodeUuid());
    Path exclude = dir.resolve("dfs.exclude");
    Files.writeString(exclude, node.getIpAddr() + ":" + node.getXferPort() + "\n");
    Configuration conf = new Configuration(cluster.miniCluster().getNameNode().getConf());
    conf.set("dfs.hosts.exclude", exclude.toString());
    datanodes.refreshNodes(conf);
    EmbeddedCluster.waitFor(Duration.ofMinutes(3), node::isDecommissioned, host + " to be decommissioned");
  }

  @Test
  void sleepingBackupsSurviveReadsADeadPrimaryHolderAndAKilledManager() throws Exception {
    disks = new EmulatedDisks();
    PrimaryBackupCluster.volumes(cluster).forEach(disks::add);
    cluster.setIoGate(disks::beforeIo);
    Path stateDir = dir.resolve("power");
    PowerManager manager = manager(stateDir);
    awaitBackupsAsleep(manager);

    // The accounting is on the NameNode's JMX servlet (the manager runs in its JVM here); JMX serves a snapshot
    // that Hadoop's metrics system refreshes every few seconds.
    EmbeddedCluster.waitFor(Duration.ofSeconds(60), () -> powerBean().path("VolumesInStandby").asInt() == 5,
        "the StrataPower bean to show the five backups in standby");
    assertEquals(5, powerBean().path("BackupVolumes").asInt());

    // Reads go to primaries: the backups sleep on, and nothing waited for a spin-up.
    readAllAndCompare();
    assertEquals(0, backupSpinUps(manager, WakeCause.READ), "no read reached a sleeping backup");
    assertTrue(manager.volumes().stream().filter(PoweredVolume::backup).allMatch(v -> disks.asleep(v.id())));

    // The manager is killed while the disks sleep (no last write, as after SIGKILL) and a new one started.
    manager.halt();
    PowerManager restarted = manager(stateDir);
    assertTrue(restarted.volumes().stream().filter(PoweredVolume::backup)
        .allMatch(v -> restarted.state(v.id()) == PowerState.STANDBY), "the new manager finds the disks asleep");

    // A DataNode holding primary replicas dies while the backups sleep: its blocks are read from backups (after a
    // spin-up, well inside the client's timeout), the NameNode's low redundancy holds the backups awake, and
    // re-replication restores one primary replica per block.
    cluster.stopDataNode("e1");
    readAllAndCompare();
    String fsck = cluster.awaitHealthy(Duration.ofMinutes(3));
    assertTrue(fsck.contains("Missing blocks:\t\t0") || fsck.contains("MISSING BLOCKS:\t0")
        || !fsck.contains("MISSING"), fsck);
    assertTrue(backupSpinUps(restarted, WakeCause.LOW_REDUNDANCY) + backupSpinUps(restarted, WakeCause.READ) > 0,
        "the backups were woken for the lost primaries");
    assertOnePrimaryPerBlock();

    // HDFS's Mover over the WARM directory finds nothing to move: the layout is what the storage policy asks.
    int mover = ToolRunner.run(cluster.clientConf(), new Mover.Cli(), new String[] {"-p", "/data"});
    assertEquals(0, mover, "the Mover's exit status");
    assertOnePrimaryPerBlock();

    // HDFS's Balancer moves replicas between storages of one type only: DISK to DISK, ARCHIVE to ARCHIVE. (Run
    // while four DataNodes are in service: with three, every node holds a replica of every block and none can move.
    // A 2 % threshold: at 1 % a 1 MiB block is more than the band on a 64 MiB volume and it moves blocks to and fro.)
    // It ends balanced, or, as Hadoop's own node-group Balancer tests allow, without progress: with each block on
    // three of the four nodes, the one node that could take a block may not be an under-used one.
    Map<String, List<String>> before = replicaLocations();
    int balancer = BalancerCli.run(cluster.clientConf(), "-threshold", "2", "-idleiterations", "2");
    assertTrue(balancer == ExitStatus.SUCCESS.getExitCode() || balancer == ExitStatus.NO_MOVE_PROGRESS.getExitCode(),
        "the Balancer's exit status: " + balancer);
    cluster.awaitHealthy(Duration.ofMinutes(2));
    Map<String, List<String>> after = replicaLocations();
    System.out.printf("the Balancer (exit status %d) moved replicas of %d of %d blocks%n", balancer,
        before.keySet().stream().filter(b -> !before.get(b).equals(after.get(b))).count(), before.size());
    assertOnePrimaryPerBlock();
    readAllAndCompare();

    // A DataNode holding primaries is decommissioned while the backups sleep: its primaries are re-created on other
    // primary volumes and its backups on backup volumes, which wake for it and sleep again after.
    awaitBackupsAsleep(restarted);
    int spinUpsBefore = restarted.status().spinUps();
    decommission(hostWithMostPrimaries());
    cluster.awaitHealthy(Duration.ofMinutes(2));
    assertOnePrimaryPerBlock();
    assertTrue(restarted.status().spinUps() > spinUpsBefore, "the decommission woke backups");
    readAllAndCompare();
    awaitBackupsAsleep(restarted);
    restarted.close();
    assertTrue(PowerManager.readStatus(stateDir).orElseThrow().spinUps() > 0);
  }

  /** A power daemon in its own JVM over a fake disk; returns once it has printed the disk's state it found. */
  private static Process daemon(FakeDisk disk, Path stateDir, List<String> found) throws Exception {
    List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx128m",
        "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
        FakeDiskPowerDaemon.class.getName(),
        dir.resolve("spec.yaml").toString(), stateDir.toString(), disk.root.toString(), disk.hdparm.toString(), "500",
        cluster.webUi(), disk.volumeDir.toString());
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("daemon.log").toFile())).start();
    EmbeddedCluster.waitFor(Duration.ofMinutes(1), () -> {
      try {
        return Files.readAllLines(dir.resolve("daemon.log")).stream().filter(l -> l.startsWith("state "))
            .count() > found.size();
      } catch (java.io.IOException e) {
        return false;
      }
    }, "the daemon to read the disk's state");
    List<String> states = Files.readAllLines(dir.resolve("daemon.log")).stream().filter(l -> l.startsWith("state "))
        .toList();
    found.add(states.get(states.size() - 1).substring("state ".length()));
    return process;
  }

  private static void kill(Process daemon) throws InterruptedException {
    daemon.destroyForcibly(); // SIGKILL: no shutdown hook, no last write
    assertTrue(daemon.waitFor(30, java.util.concurrent.TimeUnit.SECONDS));
    assertEquals(128 + 9, daemon.exitValue(), "killed by SIGKILL");
  }

  private static PowerStatus.Volume statusOf(Path stateDir) {
    try {
      return PowerManager.readStatus(stateDir).map(s -> s.volumes().get(0)).orElse(null);
    } catch (java.io.IOException e) {
      return null; // not written yet
    }
  }

  private static void awaitAsleep(FakeDisk disk, Path stateDir) {
    EmbeddedCluster.waitFor(Duration.ofMinutes(1), () -> {
      PowerStatus.Volume v = statusOf(stateDir);
      try {
        return disk.asleep() && v != null && v.state() == PowerState.STANDBY;
      } catch (java.io.IOException e) {
        return false;
      }
    }, "the daemon to put the disk to sleep");
  }

  @Test
  void aDaemonKilledWithSigkillRecoversTheDisksTrueStateAndAHungToolLeavesTheDiskAwake() throws Exception {
    FakeDisk disk = new FakeDisk(dir.resolve("fake-host"));
    Path stateDir = dir.resolve("daemon-state");
    List<String> found = new ArrayList<>();
    Process daemon = daemon(disk, stateDir, found);
    try {
      assertEquals("IDLE", found.get(0));
      awaitAsleep(disk, stateDir);

      // Killed while the disk sleeps: the new daemon finds it asleep (hdparm -C). (That the spin-ups of the daily
      // budget survive a restart, through the state file, PowerManagerTest shows.)
      kill(daemon);
      daemon = daemon(disk, stateDir, found);
      assertEquals("STANDBY", found.get(1), "a sleeping disk is not taken for awake");

      // Killed again, and the disk wakes while no daemon runs: the next one must not take it for asleep.
      kill(daemon);
      disk.read();
      daemon = daemon(disk, stateDir, found);
      assertEquals("IDLE", found.get(2), "an awake disk is not taken for asleep");
      awaitAsleep(disk, stateDir);

      // hdparm hangs: each standby is killed at the tool timeout and counted; the disk stays awake, and so does
      // its state in the daemon.
      Files.createFile(disk.hangFlag);
      disk.read();
      EmbeddedCluster.waitFor(Duration.ofMinutes(1), () -> {
        try {
          return PowerManager.readStatus(stateDir).orElseThrow().driverFailures() >= 2;
        } catch (java.io.IOException e) {
          return false;
        }
      }, "the daemon to count the hung tool");
      assertTrue(!disk.asleep(), "the disk is awake");
      assertTrue(statusOf(stateDir).state() != PowerState.STANDBY, "and the daemon knows it: " + statusOf(stateDir));
    } finally {
      daemon.destroyForcibly();
    }
    // Nothing the daemons did touched HDFS's data.
    cluster.awaitHealthy(Duration.ofMinutes(2));
    readAllAndCompare();
  }
}
