package io.strata.hdfs.intermediate;

import io.strata.core.config.ConfigException;
import io.strata.core.device.StorageKind;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.server.datanode.StorageLocation;

/**
 * Where a real node's NodeManager should keep intermediate data so that it lands on one tier: next to each of the
 * node's DataNode volumes of that tier's storage type ({@code dfs.datanode.data.dir} entries such as
 * {@code [DISK]/data/2/dfs/dn}), a {@code yarn-local} directory beside the DataNode's ({@code /data/2/dfs/yarn-local}),
 * so that it sits on the same device. Also checks a node's current {@code yarn.nodemanager.local-dirs} and
 * {@code mapreduce.cluster.local.dir} against those volumes.
 */
public final class LocalDirPlan {
  public static final String NM_LOCAL_DIRS = "yarn.nodemanager.local-dirs";
  public static final String MR_LOCAL_DIR = "mapreduce.cluster.local.dir";

  /** The settings for one tier, and what is wrong with the node's current ones (empty when they fit). */
  public record Plan(String tier, String storageType, List<String> volumes, List<String> localDirs,
      List<String> problems) {
    public boolean ok() {
      return problems.isEmpty();
    }
  }

  private LocalDirPlan() {}

  /**
   * The plan for {@code tier} (of storage {@code kind}) on a node whose DataNode configuration is {@code hdfs} and
   * whose YARN/MapReduce configuration is {@code yarn} (null: nothing to check).
   */
  public static Plan plan(String tier, StorageKind kind, Configuration hdfs, Configuration yarn) {
    String dataDirs = hdfs.getTrimmed("dfs.datanode.data.dir");
    if (dataDirs == null || dataDirs.isEmpty()) {
      throw new ConfigException("dfs.datanode.data.dir is not set in the given HDFS configuration");
    }
    List<Path> volumes = new ArrayList<>();
    for (String entry : hdfs.getTrimmedStringCollection("dfs.datanode.data.dir")) {
      StorageLocation location;
      try {
        location = StorageLocation.parse(entry);
      } catch (IOException | IllegalArgumentException e) {
        throw new ConfigException("dfs.datanode.data.dir: cannot parse '" + entry + "': " + e.getMessage());
      }
      if (location.getStorageType() == StorageType.valueOf(kind.name())) {
        volumes.add(Paths.get(location.getUri().getPath()).normalize());
      }
    }
    if (volumes.isEmpty()) {
      throw new ConfigException("tier '" + tier + "' is " + kind + " storage, and dfs.datanode.data.dir ("
          + dataDirs + ") has no [" + kind + "] volume on this node");
    }
    List<String> localDirs = new ArrayList<>();
    for (Path volume : volumes) {
      Path parent = volume.getParent() == null ? volume : volume.getParent();
      localDirs.add(parent.resolve("yarn-local").toString());
    }
    List<String> problems = new ArrayList<>();
    if (yarn != null) {
      for (String key : List.of(NM_LOCAL_DIRS, MR_LOCAL_DIR)) {
        String value = yarn.getTrimmed(key);
        if (value == null || value.isEmpty()) {
          problems.add(key + " is not set (YARN then uses hadoop.tmp.dir, on no chosen device)");
          continue;
        }
        for (String dir : yarn.getTrimmedStrings(key)) {
          Path path = Paths.get(dir.startsWith("file:") ? java.net.URI.create(dir).getPath() : dir).normalize();
          boolean onTier = volumes.stream().anyMatch(v -> path.startsWith(v.getParent() == null ? v : v.getParent()));
          if (!onTier) {
            problems.add(key + " has " + dir + ", which is beside no " + kind + " DataNode volume (" + volumes
                + ")");
          }
        }
      }
    }
    return new Plan(tier, kind.name(), volumes.stream().map(Path::toString).toList(), localDirs, problems);
  }
}
