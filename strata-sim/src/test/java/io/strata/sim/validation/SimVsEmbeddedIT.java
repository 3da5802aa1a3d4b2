package io.strata.sim.validation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.device.StorageKind;
import io.strata.core.placement.PlacementPolicies;
import io.strata.core.placement.PlacementPolicy;
import io.strata.core.placement.RatioPolicy;
import io.strata.core.placement.TierChoices;
import io.strata.core.retrieval.ReplicaChoice;
import io.strata.core.retrieval.RetrievalPolicy;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.core.tier.Tier;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import io.strata.sim.model.CapacityRule;
import io.strata.sim.model.FileStore;
import io.strata.sim.model.SimCluster;
import io.strata.sim.model.SimFile;
import io.strata.sim.policy.SimPolicies;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.FaultInjectorFileIoEvents;
import org.apache.hadoop.hdfs.server.datanode.FileIoProvider;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulator against the real thing: the same files written under the same placement policies into the
 * embedded hats cluster (a real NameNode with Strata's plugin) and into the simulator's modeled hats cluster.
 * Per-tier replica shares must agree exactly where the policy decides the tier. Reads are ordered by the core's
 * {@code hybrid} retrieval on both sides (in the NameNode through Strata's read-ordering topology plugin); per-tier
 * read shares must agree within 10 points.
 */
class SimVsEmbeddedIT {
  static final int BLOCK = 1 << 20;
  static final int FILES = 60;
  static final int BLOCKS_PER_FILE = 4;
  /** hatS's hybrid retrieval: tier weights and network distance, so both the reader's place and tiers count. */
  static final String RETRIEVAL = "hybrid";
  /** Rule directory per policy; each gets the same file names. */
  static final Map<String, String> POLICIES = new LinkedHashMap<>();

  static {
    POLICIES.put("/v/default", "default");
    POLICIES.put("/v/tier", "tier-aware");
    POLICIES.put("/v/hybrid", "hybrid");
    POLICIES.put("/v/ratio", "ratio:0.5");
  }

  @TempDir
  static Path dir;
  static ClusterSpec spec;
  static EmbeddedCluster cluster;
  static DistributedFileSystem fs;
  static final Map<String, AtomicLong> readBytesByStorage = new ConcurrentHashMap<>();
  static final Map<String, String> tierOfStorage = new ConcurrentHashMap<>();

  @BeforeAll
  static void start() throws Exception {
    String text = Presets.text("hats");
    spec = SpecParser.parse("hats", text);
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, text);
    StringBuilder rules = new StringBuilder();
    POLICIES.forEach(
        (path, policy) -> rules.append(rules.length() == 0 ? "" : ";").append(path).append('=').append(policy));
    cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withEmulation(false)
        .withBlockSize(BLOCK)
        .withConf(StrataPlugins.nameNodeConf(specFile, rules.toString(), 500))
        .withConf(Map.of(StrataKeys.RETRIEVAL_POLICY, RETRIEVAL)));
    fs = cluster.fileSystem();
    for (String host : cluster.hosts()) {
      installReadCounter(host, cluster.dataNode(host).orElseThrow());
    }
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.close();
    }
  }

  /** Counts the bytes each volume reads, through the DataNode's file-I/O hook (as the speed emulation does). */
  static void installReadCounter(String host, DataNode dataNode) throws Exception {
    try (FsDatasetSpi.FsVolumeReferences volumes = dataNode.getFSDataset().getFsVolumeReferences()) {
      for (FsVolumeSpi volume : volumes) {
        tierOfStorage.put(volume.getStorageID(),
            spec.tierMap().tierName(host, StorageKind.valueOf(volume.getStorageType().name()), null));
      }
    }
    Field hook = FileIoProvider.class.getDeclaredField("faultInjectorEventHook");
    hook.setAccessible(true);
    hook.set(dataNode.getFileIoProvider(), new FaultInjectorFileIoEvents(null) {
      @Override
      public void beforeFileIo(FsVolumeSpi volume, FileIoProvider.OPERATION op, long len) {
        if (volume != null && len > 0
            && (op == FileIoProvider.OPERATION.READ || op == FileIoProvider.OPERATION.TRANSFER)) {
          readBytesByStorage.computeIfAbsent(volume.getStorageID(), id -> new AtomicLong()).addAndGet(len);
        }
      }
    });
  }

  static List<String> paths(String directory) {
    List<String> paths = new ArrayList<>();
    for (int f = 0; f < FILES; f++) {
      paths.add(directory + "/f" + f);
    }
    return paths;
  }

  /** Replicas per tier after writing the files into the embedded cluster. */
  static Map<String, Integer> embeddedReplicas(String directory) throws Exception {
    byte[] data = new byte[BLOCKS_PER_FILE * BLOCK];
    Map<String, Integer> counts = emptyCounts();
    for (String path : paths(directory)) {
      try (OutputStream out = fs.create(new org.apache.hadoop.fs.Path(path), (short) 3)) {
        out.write(data);
      }
    }
    for (String path : paths(directory)) {
      // The NameNode learns of the last replicas from the DataNodes' block reports, a moment after close().
      DFSTestUtil.waitReplication(fs, new org.apache.hadoop.fs.Path(path), (short) 3);
      for (BlockLocation block : fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, Long.MAX_VALUE)) {
        for (int i = 0; i < block.getHosts().length; i++) {
          String tier = spec.tierMap().tierName(block.getHosts()[i],
              StorageKind.valueOf(block.getStorageTypes()[i].name()), null);
          counts.merge(tier, 1, Integer::sum);
        }
      }
    }
    return counts;
  }

  /** Share of the bytes read per tier when every file is read once through a stock HDFS client. */
  static Map<String, Double> embeddedReadShares(String directory) throws IOException {
    readBytesByStorage.clear();
    byte[] buffer = new byte[64 << 10];
    for (String path : paths(directory)) {
      try (InputStream in = fs.open(new org.apache.hadoop.fs.Path(path))) {
        while (in.read(buffer) >= 0) {
          // read it all
        }
      }
    }
    Map<String, Long> bytes = new LinkedHashMap<>();
    readBytesByStorage.forEach((storage, n) -> bytes.merge(tierOfStorage.get(storage), n.get(), Long::sum));
    return shares(bytes);
  }

  /**
   * The same files placed by the simulator's model with the same policy. The embedded cluster's client shares the
   * DataNodes' address (127.0.0.1), and HDFS resolves an address with several DataNodes to one of them at random
   * on every call, so each block there is written, and each read ordered, as if from a random DataNode; the
   * model does the same.
   */
  static FileStore simulatedFiles(String directory, String policy, long seed) {
    SimCluster simCluster = new SimCluster(spec);
    Random writers = new Random(seed + 1);
    FileStore store = new FileStore(simCluster, SimPolicies.placement(policy, spec), BLOCK, 3, CapacityRule.FALLBACK,
        new Random(seed), new FileStore.Listener() {
          @Override
          public void created(SimFile file, double now) {}

          @Override
          public void deleted(SimFile file, double now) {}
        });
    for (String path : paths(directory)) {
      SimFile file = store.createOutput(path, 0);
      for (int b = 0; b < BLOCKS_PER_FILE; b++) {
        store.appendBlock(file, BLOCK, writers.nextInt(simCluster.nodeCount()), 0);
      }
      file.unpin();
    }
    return store;
  }

  static Map<String, Integer> simulatedReplicas(FileStore store) {
    Map<String, Integer> counts = emptyCounts();
    for (SimFile file : store.files()) {
      for (int b = 0; b < file.blocks(); b++) {
        for (int s = 0; s < file.replication(); s++) {
          int packed = file.replica(b, s);
          if (packed != -1) {
            counts.merge(spec.tierMap().tiers().get(SimFile.tier(packed)).name(), 1, Integer::sum);
          }
        }
      }
    }
    return counts;
  }

  /**
   * Expected read shares with the same retrieval policy, each block read as if from a random DataNode (see
   * {@link #simulatedFiles}), averaged over many rounds.
   */
  static Map<String, Double> simulatedReadShares(FileStore store, RetrievalPolicy retrieval) {
    SplittableRandom random = new SplittableRandom(1);
    SimCluster simCluster = new SimCluster(spec);
    Map<String, Long> blocks = new LinkedHashMap<>();
    for (int round = 0; round < 200; round++) {
      for (SimFile file : store.files()) {
        for (int b = 0; b < file.blocks(); b++) {
          int reader = random.nextInt(simCluster.nodeCount());
          List<ReplicaChoice> replicas = new ArrayList<>();
          for (int s = 0; s < file.replication(); s++) {
            int packed = file.replica(b, s);
            int node = SimFile.node(packed);
            replicas.add(new ReplicaChoice(simCluster.host(node), simCluster.rackName(node),
                simCluster.tierName(SimFile.tier(packed)), 0));
          }
          ReplicaChoice first = retrieval.order(simCluster.host(reader), simCluster.rackName(reader), replicas, random)
              .get(0);
          blocks.merge(first.tier(), 1L, Long::sum);
        }
      }
    }
    return shares(blocks);
  }

  static Map<String, Integer> emptyCounts() {
    Map<String, Integer> counts = new LinkedHashMap<>();
    spec.tierMap().tiers().forEach(t -> counts.put(t.name(), 0));
    return counts;
  }

  static <N extends Number> Map<String, Double> shares(Map<String, N> amounts) {
    double total = amounts.values().stream().mapToDouble(Number::doubleValue).sum();
    Map<String, Double> shares = new LinkedHashMap<>();
    spec.tierMap().tiers().forEach(t -> shares.put(t.name(),
        amounts.getOrDefault(t.name(), null) == null ? 0.0 : amounts.get(t.name()).doubleValue() / total));
    return shares;
  }

  static Map<String, Integer> zones(Map<String, Integer> byTier) {
    Map<String, Integer> zones = new LinkedHashMap<>();
    for (Tier tier : spec.tierMap().tiers()) {
      zones.merge(TierChoices.isFlash(tier) ? "flash" : "disk", byTier.get(tier.name()), Integer::sum);
    }
    return zones;
  }

  @Test
  void replicaSharesPerTierAgreeExactlyAndReadSharesWithinTenPoints() throws Exception {
    RetrievalPolicy retrieval = SimPolicies.retrieval(RETRIEVAL, spec);
    StringBuilder report = new StringBuilder();
    for (Map.Entry<String, String> entry : POLICIES.entrySet()) {
      String directory = entry.getKey();
      String policy = entry.getValue();
      PlacementPolicy parsed = PlacementPolicies.parse(policy, spec.tierMap()); // the same name resolves in the core
      Map<String, Integer> real = embeddedReplicas(directory);
      FileStore store = simulatedFiles(directory, policy, 7);
      Map<String, Integer> simulated = simulatedReplicas(store);
      Map<String, Double> realReads = embeddedReadShares(directory);
      Map<String, Double> simulatedReads = simulatedReadShares(store, retrieval);
      report.append(String.format("%-10s replicas embedded %s simulated %s | reads embedded %s simulated %s%n", policy,
          real, simulated, round(realReads), round(simulatedReads)));
      if (parsed instanceof RatioPolicy) {
        // HDFS-H fixes each block's zone; which flash tier a flash replica lands on is HDFS's random choice.
        assertEquals(zones(real), zones(simulated), policy + "\n" + report);
      } else {
        assertEquals(real, simulated, policy + "\n" + report);
      }
      for (String tier : realReads.keySet()) {
        assertTrue(Math.abs(realReads.get(tier) - simulatedReads.get(tier)) <= 0.10,
            policy + " reads on " + tier + "\n" + report);
      }
    }
    System.out.print(report);
  }

  static Map<String, String> round(Map<String, Double> shares) {
    Map<String, String> out = new LinkedHashMap<>();
    shares.forEach((k, v) -> out.put(k, String.format("%.3f", v)));
    return out;
  }
}
