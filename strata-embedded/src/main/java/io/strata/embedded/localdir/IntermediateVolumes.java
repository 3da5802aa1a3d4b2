package io.strata.embedded.localdir;

import io.strata.core.device.DeviceProfile;
import io.strata.core.spec.ClusterSpec;
import io.strata.core.spec.NodeSpec;
import io.strata.embedded.pagecache.PageCache;
import io.strata.embedded.pagecache.PageCacheSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The directories that hold a spec's intermediate data, one per volume of its intermediate tier on each node
 * ({@code BASE/HOST/TIER-INDEX}), each an emulated device at its profile's speed unless emulation is off; a node
 * whose spec gives it a page cache gets one ({@link NodePageCache} in {@code BASE/HOST}) over its devices. Give
 * {@link #dirsByHost()} to {@code NamedNodeYarnCluster.start} as the NodeManagers' local dirs.
 */
public final class IntermediateVolumes {
  /** One node's directory for intermediate data and the device it emulates. */
  public record Volume(String host, String tier, DeviceProfile device, Path dir) {}

  private final List<Volume> volumes;
  private final boolean emulated;

  private IntermediateVolumes(List<Volume> volumes, boolean emulated) {
    this.volumes = List.copyOf(volumes);
    this.emulated = emulated;
  }

  /**
   * Lays out the directories of {@code spec}'s intermediate tier under {@code baseDir}; none when the spec names
   * no tier. {@code speedScale} multiplies every bandwidth and divides the positioning time, as the embedded
   * cluster's option of that name does for DataNode volumes.
   */
  public static IntermediateVolumes create(ClusterSpec spec, Path baseDir, boolean emulate, double speedScale)
      throws IOException {
    if (speedScale <= 0) {
      throw new IllegalArgumentException("speedScale must be > 0, got " + speedScale);
    }
    List<Volume> volumes = new ArrayList<>();
    for (NodeSpec node : spec.nodes()) {
      if (emulate && node.pageCacheBytes() > 0 && !spec.intermediateVolumes(node).isEmpty()) {
        NodePageCache.create(baseDir.resolve(node.host()).toAbsolutePath(),
            PageCacheSettings.linuxDefaults(node.pageCacheBytes()));
      }
      for (int index : spec.intermediateVolumes(node)) {
        String tier = spec.tierOf(node, index);
        DeviceProfile device = node.volumes().get(index).device();
        Path dir = baseDir.resolve(node.host()).resolve(tier + "-" + index).toAbsolutePath();
        Files.createDirectories(dir);
        if (emulate) {
          LocalDevice.create(dir, node.host() + "/" + tier, Math.max(1, Math.round(device.readBytesPerSecond()
              * speedScale)), Math.max(1, Math.round(device.writeBytesPerSecond() * speedScale)),
              Math.round(device.positionNanos() / speedScale));
        }
        volumes.add(new Volume(node.host(), tier, device, dir));
      }
    }
    return new IntermediateVolumes(volumes, emulate);
  }

  public List<Volume> volumes() {
    return volumes;
  }

  /** Each host's directories, for {@code yarn.nodemanager.local-dirs}. */
  public Map<String, List<Path>> dirsByHost() {
    Map<String, List<Path>> byHost = new LinkedHashMap<>();
    for (Volume volume : volumes) {
      byHost.computeIfAbsent(volume.host(), h -> new ArrayList<>()).add(volume.dir());
    }
    return byHost;
  }

  /** What each node's page cache did; empty when no node has one (or emulation is off). */
  public Map<String, PageCache.Stats> pageCacheStatsByHost() throws IOException {
    Map<String, PageCache.Stats> byHost = new LinkedHashMap<>();
    for (Volume volume : volumes) {
      if (emulated && !byHost.containsKey(volume.host())) {
        var cache = LocalDevices.pageCacheOf(volume.dir().resolve("any"));
        if (cache.isPresent()) {
          byHost.put(volume.host(), cache.get().stats());
        }
      }
    }
    return byHost;
  }

  /** What the devices of each tier did, summed over the nodes (every process that used them counted). */
  public Map<String, LocalDevice.Usage> usageByTier() throws IOException {
    if (!emulated) {
      throw new IllegalStateException("the intermediate volumes are not emulated, so nothing was counted");
    }
    Map<String, LocalDevice.Usage> byTier = new LinkedHashMap<>();
    for (Volume volume : volumes) {
      LocalDevice.Usage usage = LocalDevice.open(volume.dir().resolve(LocalDevice.STATE_FILE)).usage();
      byTier.merge(volume.tier(), new LocalDevice.Usage(volume.tier(), usage.bytesRead(), usage.bytesWritten(),
          usage.reads(), usage.writes(), usage.positionings()),
          (a, b) -> new LocalDevice.Usage(a.device(),
              a.bytesRead() + b.bytesRead(), a.bytesWritten() + b.bytesWritten(), a.reads() + b.reads(),
              a.writes() + b.writes(), a.positionings() + b.positionings()));
    }
    return byTier;
  }
}
