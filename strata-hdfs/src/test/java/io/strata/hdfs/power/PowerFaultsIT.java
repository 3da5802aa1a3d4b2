package io.strata.hdfs.power;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.strata.core.device.DeviceProfile;
import io.strata.core.energy.PowerState;
import io.strata.core.energy.WakeCause;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
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
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.server.mover.Mover;
import org.apache.hadoop.util.ToolRunner;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The power manager over real embedded HDFS (primary-backup placement, primary-first reads, emulated disks): reads
 * keep the backups asleep, a DataNode holding primaries dies while they sleep, the manager is killed and restarted
 * while they sleep; after each, no block is lost and fsck is HEALTHY with one primary replica per block. The backup
 * device spins up in 1 s here (the real array's 15 s would only make the test slower).
 */
class PowerFaultsIT {
  private static final String SPEC = """
      name: energy-4
      devices:
        - {name: quick-array, storageType: ARCHIVE, readMBps: 183, writeMBps: 92, iops: 10500, activeWatts: 40,
           idleWatts: 29.6, standbyWatts: 3.5, spinUpSeconds: 1, spinUpJoules: 26}
      tiers:
        - {name: primary, storageType: DISK}
        - {name: backup, storageType: ARCHIVE}
      racks:
        - name: /rack1
          nodes:
      """ + node("e1") + node("e2") + node("e3") + node("e4");
  private static final int BLOCK = 1 << 20;

  @TempDir
  static Path dir;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static EmulatedDisks disks;
  static final Map<String, byte[]> files = new LinkedHashMap<>();
  static final List<PowerManager> managers = new ArrayList<>();

  private static String node(String host) {
    return "      - host: " + host + "\n        volumes:\n"
        + "          - {device: primary-disk, capacity: 2GiB}\n"
        + "          - {device: quick-array, capacity: 4GiB, backup: true}\n";
  }

  @BeforeAll
  static void start() throws Exception {
    ClusterSpec spec = SpecParser.parse("energy-4", SPEC);
    Path specFile = dir.resolve("spec.yaml");
    Files.writeString(specFile, SPEC);
    Map<String, String> conf = new LinkedHashMap<>(StrataPlugins.nameNodeConf(specFile, "/data=primary-backup", 500));
    conf.put(StrataKeys.RETRIEVAL_POLICY, "primary-first");
    conf.put("dfs.block.scanner.volume.bytes.per.second", "0");
    cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs")).withEmulation(false)
        .withBlockSize(BLOCK).withConf(conf));
    fs = cluster.fileSystem();
    // WARM (one DISK, the rest ARCHIVE) is HDFS's name for this layout on the energy spec's storage types: with it
    // the Mover agrees with primary-backup instead of moving backup replicas to DISK.
    fs.mkdirs(new org.apache.hadoop.fs.Path("/data"));
    fs.setStoragePolicy(new org.apache.hadoop.fs.Path("/data"), "WARM");
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

  private static List<PoweredVolume> volumes() {
    List<PoweredVolume> volumes = new ArrayList<>();
    for (EmbeddedCluster.Volume v : cluster.volumes()) {
      DeviceProfile device = v.spec().device();
      volumes.add(new PoweredVolume(v.storageId(), v.host(), v.directory(), device, v.spec().backup()));
    }
    return volumes;
  }

  private static PowerManager manager(Path stateDir) throws Exception {
    PowerManager manager = new PowerManager(volumes(), PowerManager.Settings.defaults(stateDir)
        .withIdleTimeout(Duration.ofSeconds(2)).withTick(Duration.ofMillis(200)), disks,
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

  /** Every block of every file has exactly one replica on a primary (DISK) volume, and three in all. */
  private static void assertOnePrimaryPerBlock() throws Exception {
    for (String file : files.keySet()) {
      FileStatus status = fs.getFileStatus(new org.apache.hadoop.fs.Path(file));
      for (BlockLocation block : fs.getFileBlockLocations(status, 0, status.getLen())) {
        long primaries = List.of(block.getStorageTypes()).stream().filter(t -> t == StorageType.DISK).count();
        assertEquals(1, primaries, file + " block at " + block.getOffset() + ": " + List.of(block.getStorageTypes()));
        assertEquals(3, block.getHosts().length, file + " block at " + block.getOffset());
      }
    }
  }

  @Test
  void sleepingBackupsSurviveReadsADeadPrimaryHolderAndAKilledManager() throws Exception {
    disks = new EmulatedDisks();
    volumes().forEach(disks::add);
    cluster.setIoGate(disks::beforeIo);
    Path stateDir = dir.resolve("power");
    PowerManager manager = manager(stateDir);
    awaitBackupsAsleep(manager);

    // The accounting is on the NameNode's JMX servlet (the manager runs in its JVM here); JMX serves a snapshot
    // that Hadoop's metrics system refreshes every few seconds.
    EmbeddedCluster.waitFor(Duration.ofSeconds(60), () -> powerBean().path("VolumesInStandby").asInt() == 4,
        "the StrataPower bean to show the four backups in standby");
    assertEquals(4, powerBean().path("BackupVolumes").asInt());

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
    awaitBackupsAsleep(restarted);
    restarted.close();
    assertTrue(PowerManager.readStatus(stateDir).orElseThrow().spinUps() > 0);
  }
}
