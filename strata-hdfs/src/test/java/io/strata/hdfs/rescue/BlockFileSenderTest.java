package io.strata.hdfs.rescue;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.fs.StorageType;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.BlockMetadataHeader;
import org.apache.hadoop.util.DataChecksum;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files that do not match the NameNode's block are refused, named, before any DataNode is contacted. */
class BlockFileSenderTest {
  private static final ExtendedBlock BLOCK = new ExtendedBlock("BP-1", 1073741825L, 1000, 1001);

  @TempDir
  Path dir;

  // No client: every case here must fail before the sender connects anywhere.
  private final BlockFileSender sender = new BlockFileSender(null, false);

  @Test
  void aBlockFileOfAnotherLengthIsRefused() throws Exception {
    ShareVolume.BlockFiles files = files(999, 8);
    IOException refused = assertThrows(IOException.class, () -> send(files));
    assertTrue(refused.getMessage().startsWith(files.data() + ": 999 bytes, but the NameNode records 1000"),
        refused.getMessage());
  }

  @Test
  void aChecksumFileWithoutAHeaderIsRefused() throws Exception {
    ShareVolume.BlockFiles files = files(1000, 0);
    Files.write(files.meta(), new byte[] {0, 1});
    IOException refused = assertThrows(IOException.class, () -> send(files));
    assertTrue(refused.getMessage().startsWith(files.meta() + ": not a block checksum file"), refused.getMessage());
  }

  @Test
  void aChecksumFileOfTheWrongSizeIsRefused() throws Exception {
    // 1000 bytes in 512-byte chunks are two CRC32C sums of 4 bytes: 7 + 8 bytes; one sum is missing here.
    ShareVolume.BlockFiles files = files(1000, 4);
    IOException refused = assertThrows(IOException.class, () -> send(files));
    assertTrue(refused.getMessage().startsWith(files.meta() + ": 11 bytes, but a 1000-byte block"),
        refused.getMessage());
    assertTrue(refused.getMessage().endsWith("needs 15"), refused.getMessage());
  }

  private void send(ShareVolume.BlockFiles files) throws IOException {
    sender.send(BLOCK, files, null, StorageType.ARCHIVE, null);
  }

  /** A block file of {@code length} bytes and a CRC32C/512 checksum file with {@code sumBytes} after its header. */
  private ShareVolume.BlockFiles files(int length, int sumBytes) throws IOException {
    Path data = Files.write(dir.resolve("blk_1073741825"), new byte[length]);
    Path meta = dir.resolve("blk_1073741825_1001.meta");
    try (DataOutputStream out = new DataOutputStream(Files.newOutputStream(meta))) {
      BlockMetadataHeader.writeHeader(out, DataChecksum.newDataChecksum(DataChecksum.Type.CRC32C, 512));
      out.write(new byte[sumBytes]);
    }
    return new ShareVolume.BlockFiles(new ShareVolume(dir, "uuid", "DS-1"), data, meta);
  }
}
