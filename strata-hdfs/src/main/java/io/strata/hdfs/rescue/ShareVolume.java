package io.strata.hdfs.rescue;

import io.strata.core.config.ConfigException;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;
import org.apache.hadoop.hdfs.server.datanode.DatanodeUtil;

/**
 * One DataNode volume on shared storage (a filer export every host mounts), seen from this host: its directory,
 * and from the {@code current/VERSION} file the DataNode wrote there, which DataNode owns it.
 */
public record ShareVolume(Path root, String datanodeUuid, String storageId) {
  /** How far below a given directory volumes are looked for: the export, then one directory per node. */
  private static final int SEARCH_DEPTH = 2;

  /** A finalized replica's two files on this volume. */
  public record BlockFiles(ShareVolume volume, Path data, Path meta) {}

  /**
   * The volumes in {@code dirs}: each is a volume directory or a directory with volumes up to two levels below.
   *
   * @throws ConfigException naming the directory when one does not exist or holds no volume, or a VERSION file
   *     cannot be read
   */
  public static List<ShareVolume> find(List<Path> dirs) {
    if (dirs.isEmpty()) {
      throw new ConfigException("no share directory given");
    }
    List<ShareVolume> volumes = new ArrayList<>();
    for (Path dir : dirs) {
      if (!Files.isDirectory(dir)) {
        throw new ConfigException(dir + ": no such directory (a share must be a DataNode volume directory on the "
            + "shared storage, or a directory above such volumes)");
      }
      int before = volumes.size();
      try (Stream<Path> found = Files.find(dir, SEARCH_DEPTH + 2,
          (p, attributes) -> attributes.isRegularFile() && p.getFileName().toString().equals("VERSION")
              && p.getParent().getFileName().toString().equals("current"))) {
        for (Path version : found.sorted().toList()) {
          ShareVolume volume = read(version.getParent().getParent(), version);
          if (volume != null) {
            volumes.add(volume);
          }
        }
      } catch (IOException e) {
        throw new ConfigException(dir + ": cannot search for DataNode volumes: " + e.getMessage(), e);
      }
      if (volumes.size() == before) {
        throw new ConfigException(dir + ": no DataNode volume here or two levels below (a volume directory holds "
            + "current/VERSION with the DataNode's datanodeUuid)");
      }
    }
    return volumes;
  }

  /** The volume whose VERSION file this is, or null when it is not a DataNode's (e.g. a NameNode's). */
  private static ShareVolume read(Path root, Path version) {
    Properties properties = new Properties();
    try (InputStream in = Files.newInputStream(version)) {
      properties.load(in);
    } catch (IOException | IllegalArgumentException e) {
      throw new ConfigException(version + ": not a readable VERSION file: " + e.getMessage(), e);
    }
    // A block pool's VERSION (current/BP-*/current/VERSION) and a NameNode's have no DataNode storage type.
    if (!"DATA_NODE".equals(properties.getProperty("storageType"))) {
      return null;
    }
    String uuid = properties.getProperty("datanodeUuid");
    if (uuid == null || uuid.isBlank()) {
      throw new ConfigException(version + ": a DataNode VERSION file without datanodeUuid");
    }
    return new ShareVolume(root, uuid, properties.getProperty("storageID", ""));
  }

  /**
   * The finalized replica of block {@code blockId} at generation stamp {@code generationStamp} in block pool
   * {@code blockPoolId}, where the DataNode keeps it (its block-id based layout), if both files are here.
   */
  public Optional<BlockFiles> locate(String blockPoolId, long blockId, long generationStamp) {
    File finalized = root.resolve("current").resolve(blockPoolId).resolve("current").resolve("finalized").toFile();
    File dir = DatanodeUtil.idToBlockDir(finalized, blockId);
    Path data = dir.toPath().resolve("blk_" + blockId);
    Path meta = dir.toPath().resolve(DatanodeUtil.getMetaName(data.getFileName().toString(), generationStamp));
    if (Files.isRegularFile(data) && Files.isRegularFile(meta)) {
      return Optional.of(new BlockFiles(this, data, meta));
    }
    return Optional.empty();
  }
}
