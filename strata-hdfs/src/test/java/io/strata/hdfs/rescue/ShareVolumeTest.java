package io.strata.hdfs.rescue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.strata.core.config.ConfigException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ShareVolumeTest {
  private static final String POOL = "BP-1-127.0.0.1-1";

  @TempDir
  Path share;

  @Test
  void findsDataNodeVolumesUpToTwoLevelsBelowAndSkipsOtherVersionFiles() throws Exception {
    volume(share.resolve("node-a/disk0"), "uuid-a", "DS-a");
    volume(share.resolve("node-b"), "uuid-b", "DS-b");
    write(share.resolve("name/current/VERSION"), "storageType=NAME_NODE\nnamespaceID=1\n");
    // A block pool's VERSION below a volume is not a volume of its own.
    write(share.resolve("node-b/current/" + POOL + "/current/VERSION"), "blockpoolID=" + POOL + "\n");
    volume(share.resolve("x/y/too-deep"), "uuid-c", "DS-c");

    List<ShareVolume> found = ShareVolume.find(List.of(share));

    assertEquals(List.of("uuid-a", "uuid-b"), found.stream().map(ShareVolume::datanodeUuid).toList());
    assertEquals(share.resolve("node-a/disk0"), found.get(0).root());
    assertEquals("DS-b", found.get(1).storageId());
    assertEquals(List.of("uuid-c"), ShareVolume.find(List.of(share.resolve("x/y/too-deep"))).stream()
        .map(ShareVolume::datanodeUuid).toList(), "a volume directory given itself");
  }

  @Test
  void badShareDirectoriesAreNamed() throws Exception {
    Path missing = share.resolve("absent");
    ConfigException absent = assertThrows(ConfigException.class, () -> ShareVolume.find(List.of(missing)));
    assertTrue(absent.getMessage().startsWith(missing + ": no such directory"), absent.getMessage());

    Path empty = Files.createDirectories(share.resolve("empty/a/b"));
    ConfigException none = assertThrows(ConfigException.class, () -> ShareVolume.find(List.of(share.resolve("empty"))));
    assertTrue(none.getMessage().startsWith(share.resolve("empty") + ": no DataNode volume"), none.getMessage());
    assertTrue(Files.isDirectory(empty));

    Path version = write(share.resolve("broken/current/VERSION"), "storageType=DATA_NODE\nstorageID=DS-x\n");
    ConfigException noUuid = assertThrows(ConfigException.class, () -> ShareVolume.find(List.of(share)));
    assertTrue(noUuid.getMessage().startsWith(version + ": a DataNode VERSION file without datanodeUuid"),
        noUuid.getMessage());

    assertThrows(ConfigException.class, () -> ShareVolume.find(List.of()));
  }

  @Test
  void locatesAFinalizedReplicaByBlockIdAndGenerationStamp() throws Exception {
    Path root = share.resolve("node-a");
    volume(root, "uuid-a", "DS-a");
    long blockId = 1073741825L + (3L << 16) + (7L << 8);
    // The DataNode's block-id based layout: subdir((id >> 16) & 31)/subdir((id >> 8) & 31).
    Path dir = root.resolve("current/" + POOL + "/current/finalized/subdir3/subdir7");
    write(dir.resolve("blk_" + blockId), "data");
    write(dir.resolve("blk_" + blockId + "_1005.meta"), "meta");
    ShareVolume volume = ShareVolume.find(List.of(root)).get(0);

    ShareVolume.BlockFiles files = volume.locate(POOL, blockId, 1005).orElseThrow();
    assertEquals(dir.resolve("blk_" + blockId), files.data());
    assertEquals(dir.resolve("blk_" + blockId + "_1005.meta"), files.meta());
    assertTrue(volume.locate(POOL, blockId, 1004).isEmpty(), "a replica of an older generation is not the block");
    assertTrue(volume.locate("BP-2-127.0.0.1-2", blockId, 1005).isEmpty(), "another block pool");
    assertTrue(volume.locate(POOL, blockId + 1, 1005).isEmpty());
  }

  private static void volume(Path root, String uuid, String storageId) throws Exception {
    write(root.resolve("current/VERSION"), "storageID=" + storageId + "\nclusterID=CID-1\ncTime=0\ndatanodeUuid="
        + uuid + "\nstorageType=DATA_NODE\nlayoutVersion=-57\n");
  }

  private static Path write(Path file, String text) throws Exception {
    Files.createDirectories(file.getParent());
    return Files.writeString(file, text);
  }
}
