package io.strata.hdfs.placement;

import io.strata.core.device.StorageKind;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.Presets;
import io.strata.core.spec.SpecParser;
import io.strata.embedded.EmbeddedCluster;
import io.strata.hdfs.StrataKeys;
import io.strata.hdfs.StrataPlugins;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.DFSTestUtil;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/** An embedded cluster with Strata's placement plugin, and what the tests ask of it. */
final class PluginCluster implements AutoCloseable {
  static final int BLOCK = 1 << 20;
  final ClusterSpec spec;
  final EmbeddedCluster cluster;
  final DistributedFileSystem fs;

  private PluginCluster(ClusterSpec spec, EmbeddedCluster cluster) throws IOException {
    this.spec = spec;
    this.cluster = cluster;
    this.fs = cluster.fileSystem();
  }

  static PluginCluster start(String presetOrSpecText, Path dir, String rules, Map<String, String> extra)
      throws IOException {
    return start(presetOrSpecText, dir, rules, extra, true);
  }

  /**
   * A cluster whose volumes the spec lays out, with a plugin that is not given the spec: its tiers are then the
   * storage types, as for an operator who installs the plugin without a spec file.
   */
  static PluginCluster startWithoutSpecFile(String specText, Path dir, String rules) throws IOException {
    return start(specText, dir, rules, Map.of(), false);
  }

  private static PluginCluster start(String presetOrSpecText, Path dir, String rules, Map<String, String> extra,
      boolean pluginReadsSpec) throws IOException {
    String text = presetOrSpecText.contains("racks:") ? presetOrSpecText : Presets.text(presetOrSpecText);
    ClusterSpec spec = SpecParser.parse("test-spec", text);
    Files.createDirectories(dir);
    Path specFile = dir.resolve("strata-spec.yaml");
    Files.writeString(specFile, text);
    Map<String, String> pluginConf = new LinkedHashMap<>(StrataPlugins.nameNodeConf(specFile, rules, 500));
    if (!pluginReadsSpec) {
      pluginConf.remove(StrataKeys.SPEC_FILE);
    }
    EmbeddedCluster cluster = EmbeddedCluster.start(spec, EmbeddedCluster.Options.defaults(dir.resolve("hdfs"))
        .withEmulation(false)
        .withBlockSize(BLOCK)
        .withConf(pluginConf)
        .withConf(extra));
    return new PluginCluster(spec, cluster);
  }

  StrataBlockPlacementPolicy plugin() {
    return (StrataBlockPlacementPolicy) cluster.miniCluster().getNamesystem().getBlockManager()
        .getBlockPlacementPolicy();
  }

  /**
   * Writes a file and waits until every block has its three replicas: on a busy machine a write pipeline can
   * drop a slow DataNode, and the NameNode then re-replicates the block (with the same policy) a moment later.
   */
  void write(String path, int blocks) throws IOException {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path(path);
    try (OutputStream out = fs.create(file, (short) 3)) {
      out.write(new byte[blocks * BLOCK]);
    }
    try {
      DFSTestUtil.waitReplication(fs, file, (short) Math.min(3, spec.nodes().size()));
    } catch (TimeoutException e) {
      throw new IOException(path + " did not reach full replication", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException(path);
    }
  }

  /** Writes several files at once, as concurrent writers would. */
  void writeConcurrently(List<String> paths, int blocks) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(paths.size());
    try {
      List<Future<?>> writes = new ArrayList<>();
      for (String path : paths) {
        writes.add(pool.submit(() -> {
          write(path, blocks);
          return null;
        }));
      }
      for (Future<?> write : writes) {
        write.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  BlockLocation[] blocks(String path) throws IOException {
    return fs.getFileBlockLocations(new org.apache.hadoop.fs.Path(path), 0, Long.MAX_VALUE);
  }

  /** The tier of each replica of a block, as the spec names it. */
  List<String> tiers(BlockLocation block) throws IOException {
    List<String> tiers = new ArrayList<>();
    for (int i = 0; i < block.getHosts().length; i++) {
      StorageType type = block.getStorageTypes()[i];
      tiers.add(spec.tierMap().tierName(block.getHosts()[i], StorageKind.valueOf(type.name()), null));
    }
    return tiers;
  }

  List<String> racks(BlockLocation block) throws IOException {
    List<String> racks = new ArrayList<>();
    for (String path : block.getTopologyPaths()) {
      racks.add(path.substring(0, path.lastIndexOf('/')));
    }
    return racks;
  }

  /** {@code hdfs fsck /} output. */
  String fsck() throws Exception {
    return cluster.fsck("/");
  }

  @Override
  public void close() {
    cluster.close();
  }
}
